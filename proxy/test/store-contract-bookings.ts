/**
 * The store contract, bookings (`machine/bookings.ts`, docs/booking.md): a call taken in its
 * enquiry's transaction by the first host whose time nobody took, with its host written into
 * the enquiry's meta entry; a call no host can take stores nothing; a round robin's hosts tried
 * from the one after its last turn, past anyone marked away; no block of a host's time booked
 * twice, however many enquiries ask at once (on PostgreSQL, from several instances); a lead's
 * calls erased with it; the calls the booking limits held back, counted per hour. On every
 * store (`store-contract.ts` says how).
 */
import { describe, expect, it } from 'vitest';
import type { NewBooking } from '../outbox/booking.ts';
import type { NewSubmission } from '../outbox/submission.ts';
import { freshStores, type StoreFactory } from './fixtures/store-factory.ts';
import { asking, call, NINE, PEOPLE } from './fixtures/asked-calls.ts';
import { sampleSubmission } from './fixtures/outbox.ts';

const MINUTE = 60_000;
const HALF_HOUR = 30 * MINUTE;

/** Runs the booking contract against one implementation. */
export function describeBookingStore(name: string, factory: StoreFactory): void {
  describe(`${name}: the outbox store contract, bookings`, () => {
    const fresh = freshStores(factory);

    it('books the first host free, writes the host into the enquiry, and gives the next to the next', async () => {
      const store = await fresh();
      const first = await store.accept(asking('EQ-1', call('one@test')));
      expect(first).toMatchObject({
        kind: 'stored',
        booking: { host: 'ann@firm.example', uid: 'one@test' },
      });
      const meta = first.kind === 'stored' ? first.submission.upstream.meta : [];
      expect(meta.at(-1)).toEqual({
        id: 'call',
        label: 'When?',
        value: `${new Date(NINE).toISOString()} with ann@firm.example`,
      });
      const second = await store.accept(
        asking('EQ-2', call('two@test', NINE, { visitorZone: 'America/New_York' })),
      );
      expect(second).toMatchObject({ kind: 'stored', booking: { host: 'bob@firm.example' } });
      expect(await store.bookingsOf('EQ-2')).toMatchObject([
        { uid: 'two@test', host: 'bob@firm.example', start: NINE, state: 'booked', sequence: 0 },
      ]);
      // The visitor's own zone is kept with the call, where their widget said it.
      expect((await store.bookingsOf('EQ-2'))[0]).toMatchObject({
        visitorZone: 'America/New_York',
        visitorMoves: 0,
      });
      expect((await store.bookingsOf('EQ-1'))[0]?.visitorZone).toBeNull();
    });

    it('stores nothing of an enquiry whose time every host has booked already', async () => {
      const store = await fresh();
      await store.accept(asking('EQ-1', call('one@test')));
      await store.accept(asking('EQ-2', call('two@test')));
      // Overlapping by a quarter of an hour: one block is enough to refuse it.
      const late = call('three@test', NINE + 15 * MINUTE);
      expect(await store.accept(asking('EQ-3', late))).toEqual({ kind: 'slot_taken' });
      expect(await store.get('EQ-3')).toBeNull();
      expect(await store.bookingsOf('EQ-3')).toEqual([]);
      expect(
        await store.accept(asking('EQ-3', call('three@test', NINE + 30 * MINUTE))),
      ).toMatchObject({
        kind: 'stored',
        booking: { host: 'ann@firm.example' },
      });
    });

    it('keeps a call’s buffer: the next call may start only once it is over', async () => {
      const store = await fresh();
      const buffered = { hosts: ['ann@firm.example'], until: NINE + 45 * MINUTE };
      await store.accept(asking('EQ-1', call('one@test', NINE, buffered)));
      const soon = call('two@test', NINE + 30 * MINUTE, { hosts: ['ann@firm.example'] });
      expect(await store.accept(asking('EQ-2', soon))).toEqual({ kind: 'slot_taken' });
      const after = call('three@test', NINE + 45 * MINUTE, { hosts: ['ann@firm.example'] });
      expect((await store.accept(asking('EQ-3', after))).kind).toBe('stored');
    });

    it('tries a round robin’s hosts from the one after its last turn, past anyone away', async () => {
      const store = await fresh();
      const turns = { hosts: PEOPLE, turnsOf: 'property' };
      await store.markAway('bob@firm.example', 500, 'ann@firm.example');
      const hosts = [];
      for (const [i, start] of [NINE, NINE + 30 * MINUTE, NINE + 60 * MINUTE].entries()) {
        const outcome = await store.accept(
          asking(`EQ-${String(i)}`, call(`${String(i)}@test`, start, turns)),
        );
        hosts.push(outcome.kind === 'stored' ? outcome.booking?.host : outcome.kind);
      }
      expect(hosts).toEqual(['ann@firm.example', 'cy@firm.example', 'ann@firm.example']);
      expect((await store.lastTurns()).get('property')).toBe('ann@firm.example');
    });

    it('says what keeps hosts busy between two times, their calls only', async () => {
      const store = await fresh();
      await store.accept(asking('EQ-1', call('one@test')));
      await store.accept(asking('EQ-2', call('two@test', NINE + 120 * MINUTE)));
      expect(
        await store.bookedBetween(['ann@firm.example'], NINE + 10 * MINUTE, NINE + 3 * 60 * MINUTE),
      ).toEqual([
        { host: 'ann@firm.example', start: NINE, until: NINE + 30 * MINUTE },
        { host: 'ann@firm.example', start: NINE + 120 * MINUTE, until: NINE + 150 * MINUTE },
      ]);
      expect(await store.bookedBetween(['bob@firm.example'], NINE, NINE + 3 * 60 * MINUTE)).toEqual(
        [],
      );
      expect(
        await store.bookedBetween(['ann@firm.example'], NINE + 30 * MINUTE, NINE + 120 * MINUTE),
      ).toEqual([]);
    });

    it('erases a lead’s calls with it, and frees their time', async () => {
      const store = await fresh();
      const one = { hosts: ['ann@firm.example'] };
      await store.accept(asking('EQ-1', call('one@test', NINE, one)));
      const erasing = { force: true, at: 2_000, client: 'cli' };
      expect((await store.erase('EQ-1', erasing)).kind).toBe('erased');
      expect(await store.bookingsOf('EQ-1')).toEqual([]);
      expect((await store.accept(asking('EQ-2', call('two@test', NINE, one)))).kind).toBe('stored');
    });

    it('forgets calls past retention, and keeps those to come', async () => {
      const store = await fresh();
      await store.accept(asking('EQ-1', call('one@test')));
      await store.accept(asking('EQ-2', call('two@test', NINE + 86_400_000)));
      expect(await store.forgetPastBookings(NINE + 3_600_000)).toBe(1);
      expect(await store.bookingsOf('EQ-1')).toEqual([]);
      expect(await store.bookingsOf('EQ-2')).toHaveLength(1);
      expect((await store.accept(asking('EQ-3', call('three@test')))).kind).toBe('stored');
    });

    it('counts a call booked, and its cancel, in its enquiry’s funnel cell; a move is neither', async () => {
      const store = await fresh();
      const key = { caseType: 'conveyancing', campaign: 'spring-2027', variant: '' };
      const counted = (reference: string, booking: NewBooking): NewSubmission => ({
        ...asking(reference, booking),
        funnelCell: { day: '2027-03-01', ...key },
      });
      const ann = { hosts: ['ann@firm.example'] };
      const later = NINE + 2 * HALF_HOUR;
      await store.accept(counted('EQ-1', call('one@test', NINE, ann)));
      await store.accept(counted('EQ-2', call('two@test', later, ann)));
      // Its time taken: nothing of the enquiry is kept, nor counted.
      expect((await store.accept(counted('EQ-3', call('three@test', NINE, ann)))).kind).toBe(
        'slot_taken',
      );
      // Not counted in the funnel (analytics off): its call counts nowhere, nor its cancel.
      await store.accept(asking('EQ-4', call('four@test', NINE, { hosts: ['bob@firm.example'] })));
      const move = { sequence: 0, start: later + 2 * HALF_HOUR, hosts: ann.hosts };
      await store.moveBooking(
        'two@test',
        { ...move, end: move.start + HALF_HOUR, until: move.start + HALF_HOUR },
        3_000,
      );
      await store.cancelBooking('one@test', 4_000);
      await store.cancelBooking('four@test', 4_000);
      const cells = await store.funnelCells({ from: '2027-03-01', to: '2027-03-31' });
      expect(cells).toMatchObject([{ ...key, views: 0, offered: 0, booked: 2, cancelled: 1 }]);
    });

    it('counts the visitor’s own moves with the call, and makes none past those allowed', async () => {
      const store = await fresh();
      const ann = { hosts: ['ann@firm.example'] };
      await store.accept(asking('EQ-1', call('one@test', NINE, ann)));
      await store.accept(asking('EQ-2', call('two@test', NINE + 4 * HALF_HOUR, ann)));
      const move = (start: number, sequence: number, movesAllowed?: number) => ({
        sequence,
        start,
        end: start + HALF_HOUR,
        until: start + HALF_HOUR,
        hosts: ['ann@firm.example'],
        ...(movesAllowed === undefined ? {} : { movesAllowed }),
      });
      // A time taken keeps the call where it was, its count too.
      expect(await store.moveBooking('one@test', move(NINE + 4 * HALF_HOUR, 0, 1), 2_000)).toBe(
        'taken',
      );
      expect(
        await store.moveBooking('one@test', move(NINE + HALF_HOUR, 0, 1), 2_000),
      ).toMatchObject({ sequence: 1, visitorMoves: 1 });
      expect(
        await store.moveBooking('one@test', move(NINE + 2 * HALF_HOUR, 1, 1), 2_000),
      ).toBeNull();
      // Staff's moves are not counted, nor limited.
      expect(
        await store.moveBooking('one@test', move(NINE + 2 * HALF_HOUR, 1), 2_000),
      ).toMatchObject({ sequence: 2, visitorMoves: 1 });
      expect(await store.bookingsOf('EQ-1')).toMatchObject([
        { start: NINE + 2 * HALF_HOUR, sequence: 2, visitorMoves: 1 },
      ]);
    });

    it('books one call of twenty asking for one host’s time at once', async () => {
      const store = await fresh();
      const sibling = factory.shared ? await fresh.sibling(store) : store;
      const one = { hosts: ['ann@firm.example'] };
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 === 0 ? store : sibling).accept(
            asking(`EQ-${String(i)}`, call(`${String(i)}@test`, NINE, one)),
          ),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.kind === 'stored')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome.kind === 'slot_taken')).toHaveLength(19);
      expect(await store.bookedBetween(['ann@firm.example'], 0, NINE * 2)).toHaveLength(1);
    });

    it('counts the calls the booking limits held back per clock hour and limit, from every instance', async () => {
      const store = await fresh();
      const sibling = factory.shared ? await fresh.sibling(store) : store;
      const HOUR = 60 * MINUTE;
      const at = (receivedAt: number, limit: string, i: number) =>
        (i % 2 === 0 ? store : sibling).accept(
          sampleSubmission({ reference: `EQ-${String(i)}`, receivedAt, callNotHeld: limit }),
        );
      await Promise.all([
        at(NINE, 'client', 1),
        at(NINE + 5 * MINUTE, 'client', 2),
        at(NINE + 59 * MINUTE, 'hour', 3),
        at(NINE + HOUR, 'client', 4),
      ]);
      expect(await store.callsNotHeld(NINE + 30 * MINUTE)).toEqual({ client: 2, hour: 1 });
      expect(await store.callsNotHeld(NINE + HOUR)).toEqual({ client: 1 });
      expect(await store.callsNotHeld(NINE - HOUR)).toEqual({});
      // An hour more than a day old is gone once another is counted.
      await at(NINE + 26 * HOUR, 'domain', 5);
      expect(await store.callsNotHeld(NINE)).toEqual({});
      expect(await store.bookingsOf('EQ-1')).toEqual([]);
      expect(await store.get('EQ-1')).toMatchObject({ state: 'queued' });
    });
  });
}
