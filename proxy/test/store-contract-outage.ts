/**
 * The outbox store contract, the platform's outage (`outbox/machine/outage.ts`): one outage for
 * everyone sharing the outbox, one probe at a time, and its end making every waiting lead due,
 * oldest first, with the outage's time given back to each lead's retry window; and the leads
 * received lately with their bytes, which the room an outage needs is worked out from.
 */
import { describe, expect, it } from 'vitest';
import type { PlatformOutage } from '../outbox/store.ts';
import { freshStores, type StoreFactory } from './fixtures/store-factory.ts';
import { leaseOf, SAMPLE_PDF, SAMPLE_PNG, sampleSubmission, stored } from './fixtures/outbox.ts';

const DOWN: PlatformOutage = { since: 1000, error: '503', probes: 1, nextProbeAt: 3000 };

/** Runs the outage's sentences against one implementation. */
export function describeOutageStore(name: string, factory: StoreFactory): void {
  describe(`${name}: the platform's outage`, () => {
    const fresh = freshStores(factory);

    it('keeps one outage for everyone: the first begun stands, and one caller takes each probe', async () => {
      const store = await fresh();
      expect(await store.platformOutage()).toBeNull();
      expect(await store.beginOutage(DOWN)).toEqual(DOWN);
      // Another instance finding the platform down a moment later joins the outage in force.
      expect(await store.beginOutage({ ...DOWN, since: 2000, error: 'timeout' })).toEqual(DOWN);
      const next = { ...DOWN, probes: 2, nextProbeAt: 7000 };
      const turns = await Promise.all([
        store.takeProbe(DOWN, next),
        store.takeProbe(DOWN, { ...next, nextProbeAt: 7001 }),
      ]);
      expect(turns.filter(Boolean)).toHaveLength(1);
      expect((await store.platformOutage())?.probes).toBe(2);
      // A caller that read it before the turn was taken gets no turn.
      expect(await store.takeProbe(DOWN, next)).toBe(false);
    });

    it('ends it: every waiting lead is due in the order it came, its window moved on by the outage', async () => {
      const store = await fresh();
      // A lead from before the outage, retried later; one that came during it; one delivered.
      const before = await stored(
        store,
        sampleSubmission({ reference: 'BEFORE', receivedAt: 500 }),
      );
      // Its create timed out, as every call does while a platform hangs.
      await store.finish(await leaseOf(store, before.id, 900), {
        kind: 'retry',
        at: 90_000,
        error: 'create timed out',
        timedOut: true,
      });
      await stored(store, sampleSubmission({ reference: 'DURING', receivedAt: 4000 }));
      const done = await stored(store, sampleSubmission({ reference: 'DONE', receivedAt: 600 }));
      await store.finish(await leaseOf(store, done.id, 700), { kind: 'delivered', at: 800 });
      await store.beginOutage(DOWN);

      expect(await store.endOutage(10_000)).toEqual({ since: 1000, endedAt: 10_000, waiting: 2 });
      expect(await store.platformOutage()).toBeNull();
      // Down from 1000 to 10000: BEFORE's window (from 500) lost 9 s, DURING's (from 4000) 6 s;
      // BEFORE is no lead the platform hangs on (it hung for everyone), due in any place.
      expect(await store.get('BEFORE')).toMatchObject({
        retryFrom: 9500,
        nextAttemptAt: 500,
        timedOut: false,
      });
      expect(await store.get('DURING')).toMatchObject({ retryFrom: 10_000, nextAttemptAt: 4000 });
      expect(await store.get('DONE')).toMatchObject({ retryFrom: 600, state: 'delivered' });
      const due = await store.claimDue('w', 60_000, 10_000, 5);
      expect(due.map((claimed) => claimed.submission.reference)).toEqual(['BEFORE', 'DURING']);
      // Ended once: another instance ending it too finds nothing to end.
      expect(await store.endOutage(10_001)).toBeNull();
    });

    it('counts the leads received since a time with their text and files, sent or not, and no spam', async () => {
      const store = await fresh();
      await stored(store, sampleSubmission({ reference: 'OLD', receivedAt: 100 }));
      const sent = await stored(store, sampleSubmission({ reference: 'SENT', receivedAt: 5000 }));
      await store.finish(await leaseOf(store, sent.id, 5100), { kind: 'delivered', at: 5200 });
      await stored(store, sampleSubmission({ reference: 'BARE', receivedAt: 6000, files: [] }));
      await stored(
        store,
        sampleSubmission({ reference: 'BOT', receivedAt: 7000, state: 'spam', files: [] }),
      );
      const bare = await store.intakeSince(6000);
      expect(bare).toMatchObject({ leads: 1, firstAt: 6000 });
      // The enquiry's text as kept: a few hundred bytes.
      expect(bare.bytes).toBeGreaterThan(200);
      const both = await store.intakeSince(5000);
      expect(both).toMatchObject({ leads: 2, firstAt: 5000 });
      // The delivered lead's files still count: what it held while it waited.
      expect(both.bytes - 2 * bare.bytes).toBe(SAMPLE_PDF.byteLength + SAMPLE_PNG.byteLength);
      expect(await store.intakeSince(8000)).toEqual({ leads: 0, bytes: 0, firstAt: null });
    });

    it('says what the last outage was until its end is told', async () => {
      const store = await fresh();
      await stored(store);
      expect(await store.outageEnded()).toBeNull();
      await store.beginOutage(DOWN);
      const ended = await store.endOutage(5000);
      expect(await store.outageEnded()).toEqual(ended);
      await store.beginOutage({ ...DOWN, since: 6000 });
      const later = await store.endOutage(8000);
      // Told of the first only: the later one stays to be told.
      if (!ended || !later) throw new Error('not ended');
      await store.forgetOutageEnded(ended);
      expect(await store.outageEnded()).toEqual(later);
      await store.forgetOutageEnded(later);
      expect(await store.outageEnded()).toBeNull();
    });
  });
}
