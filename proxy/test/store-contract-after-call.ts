/**
 * The store contract, after the booking (issue 88, `docs/booking.md`): a call's meeting link kept
 * with it through a move; the meeting its host's calendar makes, its link kept once read (with
 * the visitor's email) or the call by telephone where none was made; each reminder before a call taken once (several instances, a restart),
 * afresh for a moved call, never for a cancelled one; whether a call took place, marked by staff
 * once it began and counted in its enquiry's funnel cell (a mark changed moves its count; two
 * marks at once, on several instances, count once each); the host's calls waiting for a mark. On
 * every store (`store-contract.ts` says how).
 */
import { describe, expect, it } from 'vitest';
import type { NewBooking } from '../outbox/booking.ts';
import type { NewSubmission } from '../outbox/submission.ts';
import { freshStores, type StoreFactory } from './fixtures/store-factory.ts';
import { asking, call, NINE } from './fixtures/asked-calls.ts';

const HALF_HOUR = 30 * 60_000;
const KEY = { caseType: 'conveyancing', campaign: 'spring-2027', variant: '' };
const PERIOD = { from: '2027-03-01', to: '2027-03-31' };

/** An enquiry counted in the funnel's spring cell, asking for `booking`. */
const counted = (reference: string, booking: NewBooking): NewSubmission => ({
  ...asking(reference, booking),
  funnelCell: { day: '2027-03-01', ...KEY },
});

/** Runs the after-the-booking contract against one implementation. */
export function describeAfterCallStore(name: string, factory: StoreFactory): void {
  describe(`${name}: the outbox store contract, after the booking`, () => {
    const fresh = freshStores(factory);

    it('keeps a call’s meeting link with it, through a move; none for a call by telephone', async () => {
      const store = await fresh();
      const room = 'https://meet.jit.si/marsh-pell-k3x9q2m7w4z8p1r5t6y0';
      await store.accept(asking('EQ-1', call('one@test', NINE, { meetingUrl: room })));
      await store.accept(asking('EQ-2', call('two@test', NINE)));
      const start = NINE + 4 * HALF_HOUR;
      const move = { sequence: 0, start, end: start + HALF_HOUR, until: start + HALF_HOUR };
      await store.moveBooking('one@test', { ...move, hosts: ['ann@firm.example'] }, 2_000);
      expect((await store.bookingsOf('EQ-1'))[0]).toMatchObject({ start, meetingUrl: room });
      expect((await store.bookingsOf('EQ-2'))[0]?.meetingUrl).toBeNull();
    });

    it('keeps the provider a call asks its host’s calendar for, and its link read once only, with the visitor’s email; none read: by telephone', async () => {
      const store = await fresh();
      await store.accept(asking('EQ-1', call('one@test', NINE, { meetingProvider: 'teams' })));
      await store.accept(asking('EQ-2', call('two@test', NINE, { meetingProvider: 'meet' })));
      expect((await store.bookingsOf('EQ-1'))[0]).toMatchObject({
        meetingProvider: 'teams',
        meetingUrl: null,
      });
      const join = 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_a%40thread.v2/0';
      const mail = (uid: string) => (host: string) => ({
        notification: {
          key: `visitor.call-updated:${uid}:1`,
          channel: 'email' as const,
          kind: 'visitor.call-updated',
          reference: uid === 'one@test' ? 'EQ-1' : 'EQ-2',
          payload: { host },
          at: 2_000,
        },
        quotas: [],
      });
      const settle = (uid: string, sequence: number, link: string | null) =>
        store.settleMeeting({ uid, sequence, link, visitorMail: mail(uid) });
      // Read at a SEQUENCE the call no longer has: not kept (read again after its own write).
      expect(await settle('one@test', 1, join)).toBeNull();
      expect(await settle('one@test', 0, join)).toMatchObject({ meetingUrl: join, sequence: 1 });
      // Its link kept: a second read, however late, changes nothing and tells nobody again.
      expect(await settle('one@test', 1, 'https://teams.microsoft.com/other')).toBeNull();
      expect(await settle('two@test', 0, null)).toMatchObject({
        meetingUrl: null,
        meetingProvider: null,
        sequence: 1,
      });
      expect((await store.bookingsOf('EQ-1'))[0]).toMatchObject({
        meetingUrl: join,
        meetingProvider: 'teams',
      });
      const told = await store.notificationsFor('EQ-1');
      expect(told.filter((each) => each.kind === 'visitor.call-updated')).toHaveLength(1);
      expect(told.find((each) => each.kind === 'visitor.call-updated')?.payload).toEqual({
        host: 'ann@firm.example',
      });
    });

    it('takes each reminder once, on several instances and after a restart; a moved call’s afresh, a cancelled call’s never', async () => {
      const store = await fresh();
      const other = factory.shared ? await fresh.sibling(store) : store;
      await store.accept(asking('EQ-1', call('one@test')));
      await store.accept(asking('EQ-2', call('two@test', NINE + 2 * HALF_HOUR)));
      const hour = 2 * HALF_HOUR;
      const remind = (uid: string, start: number, before: number) => ({
        uid,
        start,
        before,
        host: {
          key: `call.reminder:${uid}:${String(start)}:${String(before)}`,
          channel: 'email' as const,
          kind: 'call.reminder',
          reference: uid === 'one@test' ? 'EQ-1' : 'EQ-2',
          payload: { before },
          at: NINE - hour,
        },
      });
      const soon = await store.callsToRemind(NINE - hour, 2 * hour);
      expect(soon.map((each) => [each.booking.uid, each.placedAt, each.remindedBefore])).toEqual([
        ['one@test', 1_000, null],
        ['two@test', 1_000, null],
      ]);
      // Asked at once by two instances: one queues it.
      const outcomes = await Promise.all([
        store.remindCall(remind('one@test', NINE, hour)),
        other.remindCall(remind('one@test', NINE, hour)),
      ]);
      expect(outcomes.sort()).toEqual(['done', 'queued']);
      // Asked again after a restart: it went.
      const restarted = factory.shared ? await fresh.sibling(store) : store;
      expect(await restarted.remindCall(remind('one@test', NINE, hour))).toBe('done');
      expect((await restarted.callsToRemind(NINE - hour, hour))[0]?.remindedBefore).toBe(hour);
      // A nearer one is still owed; a farther one is not.
      expect(await restarted.remindCall(remind('one@test', NINE, 2 * hour))).toBe('done');
      expect(await restarted.remindCall(remind('one@test', NINE, HALF_HOUR))).toBe('queued');
      const queued = await store.notificationsFor('EQ-1');
      const reminders = queued.filter((each) => each.kind === 'call.reminder');
      expect(reminders.map((each) => each.payload)).toEqual([
        { before: hour },
        { before: HALF_HOUR },
      ]);
      // Moved, its reminders are owed for its new time; cancelled, none is.
      const start = NINE + 6 * HALF_HOUR;
      const move = { sequence: 0, start, end: start + HALF_HOUR, until: start + HALF_HOUR };
      await store.moveBooking('one@test', { ...move, hosts: ['ann@firm.example'] }, 5_000);
      await store.cancelBooking('two@test', 5_000);
      expect(await store.remindCall(remind('two@test', NINE + hour, hour))).toBe('done');
      expect(await store.remindCall(remind('one@test', NINE, HALF_HOUR))).toBe('done');
      const moved = await store.callsToRemind(NINE, 4 * hour);
      expect(moved.map((each) => [each.booking.uid, each.placedAt, each.remindedBefore])).toEqual([
        ['one@test', 5_000, null],
      ]);
      expect(await other.remindCall(remind('one@test', start, hour))).toBe('queued');
    });

    it('marks a call that began, counts it in its cell, and moves the count when the mark changes', async () => {
      const store = await fresh();
      await store.accept(counted('EQ-1', call('one@test')));
      await store.accept(counted('EQ-2', call('two@test')));
      const by = 'sam@firm.example';
      expect(await store.markCall('one@test', { outcome: 'attended', by, at: NINE - 1 })).toEqual(
        expect.objectContaining({ kind: 'not_begun' }),
      );
      const marked = await store.markCall('one@test', { outcome: 'no_show', by, at: NINE + 1 });
      expect(marked).toMatchObject({
        kind: 'marked',
        previous: null,
        booking: { outcome: 'no_show', markedBy: by, markedAt: NINE + 1 },
      });
      await store.markCall('two@test', { outcome: 'attended', by, at: NINE + HALF_HOUR });
      expect(await store.funnelCells(PERIOD)).toMatchObject([
        { ...KEY, booked: 2, attended: 1, noShow: 1 },
      ]);
      // Corrected: its count leaves no-show for attended; the same mark again counts nothing.
      const corrected = await store.markCall('one@test', { outcome: 'attended', by, at: NINE + 2 });
      expect(corrected).toMatchObject({ kind: 'marked', previous: 'no_show' });
      await store.markCall('one@test', { outcome: 'attended', by, at: NINE + 3 });
      expect(await store.funnelCells(PERIOD)).toMatchObject([
        { ...KEY, booked: 2, attended: 2, noShow: 0 },
      ]);
      expect((await store.bookingsOf('EQ-1'))[0]).toMatchObject({
        outcome: 'attended',
        markedAt: NINE + 2,
      });
    });

    it('marks no cancelled call, nor one it does not know', async () => {
      const store = await fresh();
      await store.accept(counted('EQ-1', call('one@test')));
      await store.cancelBooking('one@test', NINE - HALF_HOUR);
      const mark = { outcome: 'attended', by: 'sam', at: NINE + 1 } as const;
      expect(await store.markCall('one@test', mark)).toMatchObject({ kind: 'cancelled' });
      expect(await store.markCall('nobody@test', mark)).toEqual({ kind: 'not_found' });
      expect(await store.funnelCells(PERIOD)).toMatchObject([{ attended: 0, noShow: 0 }]);
    });

    it('lists a host’s ended calls that wait for a mark, the latest first', async () => {
      const store = await fresh();
      const ann = { hosts: ['ann@firm.example'] };
      await store.accept(asking('EQ-1', call('one@test', NINE, ann)));
      await store.accept(asking('EQ-2', call('two@test', NINE + 2 * HALF_HOUR, ann)));
      await store.accept(asking('EQ-3', call('three@test', NINE + 4 * HALF_HOUR, ann)));
      await store.accept(asking('EQ-4', call('four@test', NINE + 6 * HALF_HOUR, ann)));
      await store.cancelBooking('four@test', NINE);
      await store.markCall('two@test', {
        outcome: 'attended',
        by: 'ann',
        at: NINE + 3 * HALF_HOUR,
      });
      // The third is under way: not ended, not listed.
      const now = NINE + 4 * HALF_HOUR + 1;
      const waiting = await store.callsToMark('Ann@firm.example', now);
      expect(waiting.map((booking) => booking.uid)).toEqual(['one@test']);
      const later = await store.callsToMark('ann@firm.example', now + HALF_HOUR);
      expect(later.map((booking) => booking.uid)).toEqual(['three@test', 'one@test']);
    });

    it('counts two marks of one call made at once once each, in turn', async () => {
      const store = await fresh();
      const sibling = factory.shared ? await fresh.sibling(store) : store;
      await store.accept(counted('EQ-1', call('one@test')));
      const at = NINE + HALF_HOUR;
      const outcomes = await Promise.all([
        store.markCall('one@test', { outcome: 'attended', by: 'ann', at }),
        sibling.markCall('one@test', { outcome: 'no_show', by: 'bob', at }),
      ]);
      const previous = outcomes.map((outcome) => ('previous' in outcome ? outcome.previous : ''));
      // One marked it first (no mark before it), the other changed that first mark.
      expect(previous).toContain(null);
      const [cell] = await store.funnelCells(PERIOD);
      expect((cell?.attended ?? 0) + (cell?.noShow ?? 0)).toBe(1);
    });
  });
}
