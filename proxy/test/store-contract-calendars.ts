/**
 * The store contract, hosts' calendars (`machine/calendars.ts` and `machine/calendar-writes.ts`, docs/booking.md): a call's event
 * queued in its booking's transaction for a host whose calendar is connected, and its removal in
 * the transaction that cancels or erases it; each call's writes claimed one at a time in order,
 * under a lease whose fencing token alone finishes it, by one instance of several; a cancelled
 * call's time free again; what needs a person found, and tried again once the calendar is
 * connected anew. On every store (`store-contract.ts` says how).
 */
import { describe, expect, it } from 'vitest';
import type { HostCalendar } from '../outbox/calendar-write.ts';
import type { NewBooking } from '../outbox/booking.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { freshStores, type StoreFactory } from './fixtures/store-factory.ts';
import { sampleSubmission } from './fixtures/outbox.ts';

const NINE = Date.UTC(2027, 2, 29, 8);
const HALF_HOUR = 30 * 60_000;

const calendarOf = (address: string, at = 500): HostCalendar => ({
  address,
  kind: 'caldav',
  url: `https://cal.example/${address}/calls/`,
  username: address,
  sealedPassword: 'v1.sealed',
  connectedAt: at,
  connectedBy: 'cli',
});

/** Books `host`'s call at `start` with the enquiry `reference`. */
async function book(store: OutboxStore, reference: string, host: string, start = NINE) {
  const booking: NewBooking = {
    uid: `${reference}@test`,
    question: 'call',
    start,
    end: start + HALF_HOUR,
    until: start + HALF_HOUR,
    timeZone: 'Europe/London',
    hosts: [host],
    secretHash: 'hash',
    summary: 'Call with Ada Lovelace',
    description: 'Enquiry',
    metaValue: () => 'with the host',
    at: 1_000,
  };
  const outcome = await store.accept(sampleSubmission({ reference, files: [], booking }));
  if (outcome.kind !== 'stored') throw new Error(`expected stored, got ${outcome.kind}`);
  return booking.uid;
}

/** The writes claimed at `now`, as `action uid`. */
const claimed = async (store: OutboxStore, now: number, owner = 'w') =>
  (await store.claimCalendarWrites(owner, 60_000, now, 10)).map((claim) => ({
    what: `${claim.write.action} ${claim.write.uid}`,
    claim,
  }));

/** Runs the calendar contract against one implementation. */
export function describeCalendarStore(name: string, factory: StoreFactory): void {
  describe(`${name}: the outbox store contract, hosts' calendars`, () => {
    const fresh = freshStores(factory);

    it('owes a call’s event to its host’s calendar from its booking, only where one is connected', async () => {
      const store = await fresh();
      await store.connectCalendar(calendarOf('ann@firm.example'));
      const uid = await book(store, 'EQ-1', 'ann@firm.example');
      await book(store, 'EQ-2', 'bob@firm.example');
      const [first, ...more] = await claimed(store, 2_000);
      expect(more).toEqual([]);
      expect(first?.what).toBe(`put ${uid}`);
      expect(first?.claim.booking).toMatchObject({
        uid,
        host: 'ann@firm.example',
        state: 'booked',
      });
      expect(first?.claim.calendar).toEqual(calendarOf('ann@firm.example'));
      expect(await claimed(store, 2_000)).toEqual([]);
    });

    it('takes a cancelled call’s event out only after its put, and frees its time', async () => {
      const store = await fresh();
      await store.connectCalendar(calendarOf('ann@firm.example'));
      const uid = await book(store, 'EQ-1', 'ann@firm.example');
      expect(await store.cancelBooking(uid, 3_000)).toMatchObject({
        state: 'cancelled',
        sequence: 1,
      });
      expect(await store.cancelBooking(uid, 3_000)).toBeNull();
      expect(await store.bookedBetween(['ann@firm.example'], 0, NINE * 2)).toEqual([]);
      const [put] = await claimed(store, 4_000);
      expect(put?.what).toBe(`put ${uid}`);
      expect(await claimed(store, 4_000)).toEqual([]);
      expect(
        await store.finishCalendarWrite(put?.claim.lease ?? { id: 0, token: 0 }, {
          kind: 'done',
          at: 4_000,
        }),
      ).toBe(true);
      const [remove] = await claimed(store, 4_000);
      expect(remove?.what).toBe(`remove ${uid}`);
      await book(store, 'EQ-2', 'ann@firm.example');
    });

    it('moves a call at its SEQUENCE only, to a time nobody took, telling its host once', async () => {
      const store = await fresh();
      const uid = await book(store, 'EQ-1', 'ann@firm.example');
      await book(store, 'EQ-2', 'ann@firm.example', NINE + HALF_HOUR);
      const notice = { key: `call.moved:${uid}:1`, channel: 'email' as const, kind: 'call.moved' };
      const move = (start: number, sequence = 0) => ({
        sequence,
        start,
        end: start + HALF_HOUR,
        until: start + HALF_HOUR,
        hosts: ['ann@firm.example'],
        notice: { ...notice, payload: { event: 'call.moved', to: [] }, at: 3_000 },
      });
      expect(await store.moveBooking(uid, move(NINE + HALF_HOUR), 3_000)).toBe('taken');
      expect(await store.bookingsOf('EQ-1')).toMatchObject([{ start: NINE, sequence: 0 }]);
      expect(await store.moveBooking(uid, move(NINE + 2 * HALF_HOUR, 1), 3_000)).toBeNull();
      expect(await store.moveBooking(uid, move(NINE + 2 * HALF_HOUR), 3_000)).toMatchObject({
        start: NINE + 2 * HALF_HOUR,
        sequence: 1,
      });
      const spans = await store.bookedBetween(['ann@firm.example'], 0, NINE * 2);
      expect(spans.map((span) => span.start)).toEqual([NINE + HALF_HOUR, NINE + 2 * HALF_HOUR]);
      await book(store, 'EQ-3', 'ann@firm.example');
      const due = await store.dueNotifications(3_000, 10, 'email');
      expect(due.map((each) => [each.kind, each.payload])).toEqual([
        ['call.moved', { event: 'call.moved', to: ['ann@firm.example'] }],
      ]);
    });

    it('finishes a write only under the claim that holds it', async () => {
      const store = await fresh();
      await store.connectCalendar(calendarOf('ann@firm.example'));
      await book(store, 'EQ-1', 'ann@firm.example');
      const [stale] = await claimed(store, 2_000);
      const [fresh2] = await claimed(store, 2_000 + 61_000, 'other');
      const lease = stale?.claim.lease ?? { id: 0, token: 0 };
      expect(await store.finishCalendarWrite(lease, { kind: 'done', at: 70_000 })).toBe(false);
      expect(
        await store.finishCalendarWrite(fresh2?.claim.lease ?? lease, { kind: 'done', at: 70_000 }),
      ).toBe(true);
      expect(await store.nextCalendarWriteAt()).toBeNull();
    });

    it('owes the removal of an erased lead’s call, and keeps nothing of it', async () => {
      const store = await fresh();
      await store.connectCalendar(calendarOf('ann@firm.example'));
      const uid = await book(store, 'EQ-1', 'ann@firm.example');
      await store.erase('EQ-1', { force: true, at: 5_000, client: 'cli' });
      const writes = await claimed(store, 6_000);
      expect(writes.map((write) => write.what)).toEqual([`put ${uid}`]);
      expect(writes[0]?.claim.booking).toBeNull();
      await store.finishCalendarWrite(writes[0]?.claim.lease ?? { id: 0, token: 0 }, {
        kind: 'done',
        at: 6_000,
      });
      expect((await claimed(store, 6_000)).map((write) => write.what)).toEqual([`remove ${uid}`]);
    });

    it('says what needs a person, and tries it again once the calendar is connected anew', async () => {
      const store = await fresh();
      await store.connectCalendar(calendarOf('ann@firm.example'));
      await book(store, 'EQ-1', 'ann@firm.example');
      const [write] = await claimed(store, 2_000);
      await store.finishCalendarWrite(write?.claim.lease ?? { id: 0, token: 0 }, {
        kind: 'retry',
        at: 900_000,
        error: 'writing the event: the calendar refused the user name and password (401)',
        needsPerson: true,
      });
      expect(await store.calendarTrouble()).toMatchObject({
        count: 1,
        latest: { host: 'ann@firm.example', reference: 'EQ-1', attempts: 1 },
      });
      await store.connectCalendar(calendarOf('ann@firm.example', 3_000));
      expect(await store.calendarTrouble()).toEqual({ count: 0, latest: null });
      expect(await store.nextCalendarWriteAt()).toBe(3_000);
      expect(await store.disconnectCalendar('Ann@Firm.example')).toBe(true);
      expect(await store.nextCalendarWriteAt()).toBeNull();
      expect(await store.disconnectCalendar('ann@firm.example')).toBe(false);
    });

    it('gives each write to one instance of several at a time', async () => {
      const store = await fresh();
      const sibling = factory.shared ? await fresh.sibling(store) : store;
      await store.connectCalendar(calendarOf('ann@firm.example'));
      for (let i = 0; i < 6; i += 1)
        await book(store, `EQ-${String(i)}`, 'ann@firm.example', NINE + i * HALF_HOUR);
      const [mine, theirs] = await Promise.all([
        claimed(store, 2_000, 'a'),
        claimed(sibling, 2_000, 'b'),
      ]);
      const uids = [...mine, ...theirs].map((write) => write.what);
      expect(uids).toHaveLength(6);
      expect(new Set(uids).size).toBe(6);
    });
  });
}
