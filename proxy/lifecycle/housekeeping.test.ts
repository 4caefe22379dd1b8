import { describe, expect, it } from 'vitest';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import { leaseOf, sampleSubmission, stored, storedLeads } from '../test/fixtures/outbox.ts';
import { FUNNEL_KEPT_DAYS, funnelDay } from '../outbox/funnel-counts.ts';
import { chores } from './housekeeping.ts';

const DAY = 24 * 3_600_000;

describe('the outbox chores', () => {
  it('remove delivered submissions after RETENTION_DAYS and spam after a week, never a dead letter', async () => {
    const store = openSqliteOutbox(':memory:');
    const delivered = await stored(store);
    const lease = await leaseOf(store, delivered.id);
    await store.recordCreated(lease, 1001, 1000);
    await store.recordUploaded(lease, 0, 1, 1000);
    await store.recordUploaded(lease, 1, 2, 1000);
    await store.finish(lease, { kind: 'delivered', at: 1000 });
    await stored(
      store,
      sampleSubmission({ reference: 'EQ-SPAM-0001', state: 'spam', note: 'honeypot' }),
    );
    const dead = await stored(store, sampleSubmission({ reference: 'EQ-DEAD-0001' }));
    await store.deadLetter(await leaseOf(store, dead.id), 'refused', 1000);

    const runAll = async (now: number) => {
      for (const chore of chores(store, 30, [])) await chore.run(now);
    };
    await runAll(1000 + 6 * DAY);
    expect((await storedLeads(store)).map((s) => s.reference)).toEqual([
      'EQ-TEST-0001',
      'EQ-SPAM-0001',
      'EQ-DEAD-0001',
    ]);
    await runAll(1000 + 8 * DAY);
    expect((await storedLeads(store)).map((s) => s.reference)).toEqual([
      'EQ-TEST-0001',
      'EQ-DEAD-0001',
    ]);
    await runAll(1000 + 31 * DAY);
    expect((await storedLeads(store)).map((s) => s.reference)).toEqual(['EQ-DEAD-0001']);
    await store.close();
  });

  it('forget a finished webhook delivery once its submission is gone, never a pending one', async () => {
    const store = openSqliteOutbox(':memory:');
    const delivered = await stored(store);
    const message = (endpoint: string) => ({
      messageId: `msg_${endpoint}`,
      endpoint: `https://hooks.example.com/${endpoint}`,
      event: 'enquiry.received' as const,
      reference: 'EQ-TEST-0001',
      body: '{}',
      at: 1000,
    });
    await store.queueWebhooks([message('a'), message('b')]);
    const [sent] = await store.claimWebhooks('https://hooks.example.com/a', 'one', 30_000, 1000, 1);
    if (!sent) throw new Error('no claim');
    await store.finishWebhook(sent.lease, { kind: 'delivered', at: 1000, status: 204 });
    const lease = await leaseOf(store, delivered.id);
    await store.finish(lease, { kind: 'delivered', at: 1000 });
    const hourly = chores(store, 30, []).filter((chore) => chore.name.includes('webhook'));
    expect(hourly).toHaveLength(1);
    expect(await hourly[0]?.run(1000 + DAY)).toBe(0);
    for (const chore of chores(store, 30, [])) await chore.run(1000 + 31 * DAY);
    const left = await store.listWebhooks({ limit: 10 });
    expect(left.map((d) => `${d.endpoint} ${d.state}`)).toEqual([
      'https://hooks.example.com/b pending',
    ]);
    await store.close();
  });

  it(`forget the funnel’s counters of days more than ${String(FUNNEL_KEPT_DAYS)} days ago, and keep the rest`, async () => {
    const store = openSqliteOutbox(':memory:');
    const now = Date.UTC(2027, 2, 27, 12);
    const tally = (daysAgo: number) => ({
      day: funnelDay(now - daysAgo * DAY),
      caseType: 'conveyancing',
      campaign: 'spring-2027',
      variant: '',
      views: 1 as const,
      starts: 1 as const,
      sends: 0 as const,
      questions: [{ id: 'transaction', shown: 1 as const, answered: 1 as const, left: 0 as const }],
    });
    for (const daysAgo of [FUNNEL_KEPT_DAYS + 30, FUNNEL_KEPT_DAYS + 1, FUNNEL_KEPT_DAYS, 1])
      await store.addFunnelTally(tally(daysAgo));
    const funnel = chores(store, 30, []).filter((chore) => chore.name.includes('funnel'));
    expect(funnel).toHaveLength(1);
    expect(await funnel[0]?.run(now)).toBe(4);
    const left = await store.funnelCells({ from: '2020-01-01', to: funnelDay(now) });
    expect(left[0]?.views).toBe(2);
    await store.close();
  });

  it('keep this build’s widget files while it runs, and forget a build 30 days after it last ran', async () => {
    const store = openSqliteOutbox(':memory:');
    const earlier = { name: 'enquiry-form.late-earlier001.js', body: 'export const a = 1;' };
    const current = { name: 'enquiry-form.late-current01.js', body: 'export const a = 2;' };
    await store.keepWidgetFiles([earlier], 0);
    const daily = chores(store, 30, [current]).filter((chore) => chore.name.includes('widget'));
    for (const day of [1, 29]) for (const chore of daily) await chore.run(day * DAY);
    expect(await store.widgetFile(earlier.name)).toBe(earlier.body);
    for (const chore of daily) await chore.run(45 * DAY);
    expect(await store.widgetFile(earlier.name)).toBeNull();
    expect(await store.widgetFile(current.name)).toBe(current.body);
    await store.close();
  });
});
