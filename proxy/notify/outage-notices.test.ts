/**
 * The platform's outage as the firm hears of it, over a real SMTP conversation: one email when
 * it begins, one a day while it lasts, one once it has answered for ten minutes and what waited
 * is delivered; outages within those ten minutes of each other are one (a platform that comes
 * and goes: issue #84, finding 5); nothing of the waiting enquiries' age meanwhile, and nothing
 * twice, however many notifiers ask.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { createMemoryLogger } from '../test/fixtures/memory-logger.ts';
import { startMailServer } from '../test/fixtures/mail-server.ts';
import { leaseOf, sampleSubmission, stored } from '../test/fixtures/outbox.ts';
import { emailChannel } from './channels.ts';
import { Notifier } from './notifier.ts';
import { duration } from './outage-notices.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const HOUR = 3_600_000;
const START = Date.UTC(2027, 2, 26, 18);

/** A notifier on `store` emailing the firm through a real mail server, on a clock of its own. */
async function notifierOn(store: OutboxStore, clock: { now: number }, mailPort: number) {
  return new Notifier({
    store,
    log: createMemoryLogger().log,
    now: () => clock.now,
    pauseState: () => undefined,
    queuedAlertMs: HOUR,
    channels: {
      email: emailChannel({
        smtpUrl: `smtp://127.0.0.1:${String(mailPort)}`,
        from: 'enquiry-form <forms@lovelace-law.example>',
        to: ['leads@lovelace-law.example'],
        store,
        caseTypeLabel: () => undefined,
        timeoutMs: 2000,
      }),
    },
  });
}

/**
 * An outbox in memory, its outage told to the firm by `count` notifiers (instances) through a
 * real mail server; `tick(at)` lets each look once at `at`.
 */
async function firmTold(count = 1) {
  const mail = await startMailServer();
  closers.push(mail.close);
  const store = openSqliteOutbox(':memory:');
  closers.push(() => store.close());
  const clock = { now: START };
  const notifiers = await Promise.all(
    Array.from({ length: count }, () => notifierOn(store, clock, mail.port)),
  );
  return {
    mail,
    store,
    tick: async (at: number) => {
      clock.now = at;
      for (const notifier of notifiers) await notifier.tick();
    },
    subjects: () => mail.received.map((message) => message.subject),
  };
}

describe('telling the firm of the platform down', () => {
  it('tells it once when it begins, once a day while it lasts, and once when what waited is delivered', async () => {
    // Two instances' notifiers on one outbox: each notice still goes once.
    const { mail, store, tick, subjects } = await firmTold(2);
    for (const [i, reference] of ['A', 'B', 'C'].entries())
      await stored(store, sampleSubmission({ reference, receivedAt: START + i * 60_000 }));
    await store.beginOutage({
      since: START,
      error: 'create failed (503)',
      probes: 1,
      nextProbeAt: 0,
    });

    await tick(START + 5000);
    await tick(START + 10_000);
    expect(subjects()).toEqual(['Your platform is not answering: enquiries wait for it']);
    expect(mail.received[0]?.text).toContain(
      'Your platform has not answered since 2027-03-26 18:00 UTC (create failed (503))',
    );
    // Hours later, the oldest waiting enquiry far past ALERT_QUEUED_AFTER_MS: no alert of it.
    await tick(START + 20 * HOUR);
    expect(subjects()).toHaveLength(1);
    await tick(START + 25 * HOUR);
    await tick(START + 26 * HOUR);
    await tick(START + 49 * HOUR);
    expect(subjects().slice(1)).toEqual([
      'Your platform is still not answering: enquiries wait for it',
      'Your platform is still not answering: enquiries wait for it',
    ]);
    expect(mail.received[1]?.text).toContain(
      'Your platform has not answered for 25 hours, since 2027-03-26 18:00 UTC: 3 enquiries wait, the oldest received 2027-03-26 18:00 UTC.',
    );
    expect(mail.received[2]?.text).toContain('for 2 days and 1 hour');

    const ended = START + 63 * HOUR;
    await store.endOutage(ended);
    // Not yet: what waited is still being sent.
    await tick(ended + 1000);
    expect(subjects()).toHaveLength(3);
    for (const reference of ['A', 'B', 'C']) {
      const lead = await store.get(reference);
      if (!lead) throw new Error(reference);
      await store.finish(await leaseOf(store, lead.id, ended), {
        kind: 'delivered',
        at: ended + 2000,
      });
    }
    // Delivered, but the platform may fail again within minutes: not yet.
    await tick(ended + 3000);
    await tick(ended + 5 * 60_000);
    expect(subjects()).toHaveLength(3);
    await tick(ended + 10 * 60_000);
    await tick(ended + 11 * 60_000);
    expect(subjects().slice(3)).toEqual([
      'Your platform answers again: the enquiries that waited are delivered',
    ]);
    expect(mail.received[3]?.text).toContain(
      'Your platform answers again since 2027-03-29 09:00 UTC, after 2 days and 15 hours down (since 2027-03-26 18:00 UTC): 3 enquiries that waited were delivered.',
    );
    await tick(ended + 2 * HOUR);
    expect(subjects()).toHaveLength(4);
  });

  it('tells a platform that comes and goes every two seconds for a minute as one outage: two emails', async () => {
    const { mail, store, tick, subjects } = await firmTold();
    await stored(store, sampleSubmission({ reference: 'A', receivedAt: START }));
    // Down two seconds, up two seconds, for a minute, the notifier looking every half second (as
    // `delivery/outage-watch.ts` begins and ends each outage in the outbox).
    for (let at = START; at < START + 60_000; at += 500) {
      const phase = (at - START) % 4000;
      if (phase === 0)
        await store.beginOutage({
          since: at,
          error: 'create failed (503)',
          probes: 1,
          nextProbeAt: at + 2000,
        });
      if (phase === 2000) await store.endOutage(at);
      await tick(at);
    }
    const lastEnd = START + 58_000;
    const lead = await store.get('A');
    if (!lead) throw new Error('A');
    await store.finish(await leaseOf(store, lead.id, lastEnd), {
      kind: 'delivered',
      at: lastEnd + 500,
    });
    // The platform answers from then on: an hour of looks.
    for (let at = lastEnd + 1000; at < lastEnd + HOUR; at += 5000) await tick(at);
    expect(subjects()).toEqual([
      'Your platform is not answering: enquiries wait for it',
      'Your platform answers again: the enquiries that waited are delivered',
    ]);
    expect(mail.received[0]?.text).toContain(
      'Your platform has not answered since 2027-03-26 18:00 UTC (create failed (503))',
    );
    expect(mail.received[1]?.text).toContain(
      'Your platform answers again since 2027-03-26 18:00 UTC: it failed 15 times in 58 seconds, since 2027-03-26 18:00 UTC.',
    );
  });

  it('tells nothing of an outage over between two looks, and a failure after ten minutes’ answering as a new one', async () => {
    const { mail, store, tick, subjects } = await firmTold();
    const outage = async (since: number, until: number, { looked = true } = {}) => {
      await store.beginOutage({ since, error: 'timed out', probes: 1, nextProbeAt: since + 2000 });
      if (looked) await tick(since);
      await store.endOutage(until);
    };
    // Begun and over between two looks of the notifier: the firm never heard it began.
    await outage(START, START + 1500, { looked: false });
    await tick(START + 2000);
    await tick(START + 20 * 60_000);
    expect(mail.received).toHaveLength(0);
    await outage(START + HOUR, START + HOUR + 30_000);
    await tick(START + HOUR + 5 * 60_000);
    // Failing again four minutes after it answered: the same outage.
    await outage(START + HOUR + 5 * 60_000, START + HOUR + 6 * 60_000);
    await tick(START + HOUR + 15 * 60_000);
    expect(subjects()).toEqual(['Your platform is not answering: enquiries wait for it']);
    await tick(START + HOUR + 16 * 60_000);
    expect(mail.received[1]?.text).toContain(
      'Your platform answers again since 2027-03-26 19:06 UTC: it failed twice in 6 minutes, since 2027-03-26 19:00 UTC. No enquiry waited for it.',
    );
    // Ten minutes' answering and more since: a new outage, told as one.
    await outage(START + 2 * HOUR, START + 2 * HOUR + 60_000);
    expect(subjects().slice(2)).toEqual(['Your platform is not answering: enquiries wait for it']);
    expect(mail.received[2]?.text).toContain(
      'has not answered since 2027-03-26 20:00 UTC (timed out).',
    );
  });

  it('says how long in words', () => {
    expect(duration(45_000)).toBe('45 seconds');
    expect(duration(12 * 60_000)).toBe('12 minutes');
    expect(duration(5 * HOUR)).toBe('5 hours');
    expect(duration(86 * HOUR)).toBe('3 days and 14 hours');
    expect(duration(96 * HOUR)).toBe('4 days');
  });
});
