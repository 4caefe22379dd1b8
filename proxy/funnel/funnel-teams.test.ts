import { afterEach, describe, expect, it } from 'vitest';
import type { FunnelTally } from '../outbox/funnel-counts.ts';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { lawFirmRouted } from '../test/fixtures/routing-config.ts';
import { funnelReport } from './funnel-report.ts';

const DAY = '2027-03-27';
const PERIOD = { from: DAY, to: DAY };
const stores: OutboxStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

/** `starts` starts (and as many views) of a case type and campaign, counted on DAY. */
const tally = (caseType: string, campaign: string, starts: number): FunnelTally[] =>
  Array.from({ length: starts }, () => ({
    day: DAY,
    caseType,
    campaign,
    variant: '',
    views: 1,
    starts: 1,
    sends: 0,
    questions: [],
  }));

async function storeWith(...tallies: FunnelTally[][]) {
  const store = openSqliteOutbox(':memory:');
  stores.push(store);
  for (const each of tallies.flat()) await store.addFunnelTally(each);
  return store;
}

describe('one team’s funnel', () => {
  it('counts the groups the rules send to the team, merging its small ones as any others', async () => {
    const store = await storeWith(
      tally('family', 'spring', 12),
      tally('wills-probate', 'spring', 3),
      tally('wills-probate', 'autumn', 8),
      tally('conveyancing', 'spring', 30),
    );
    const read = (team?: string) => funnelReport(store, lawFirmRouted, PERIOD, 10, team);
    const privateClient = await read('private-client');
    expect(privateClient.rows.map((row) => [row.caseType, row.campaign, row.starts])).toEqual([
      ['family', 'spring', 12],
      ['wills-probate', 'other', 11],
    ]);
    // Conveyancing is split by an answer the funnel never holds: no team's group, and said so.
    expect(privateClient.undecided).toBe(false);
    // Its totals are its own groups', none of another team's.
    expect(privateClient.totals.starts).toBe(23);
    const property = await read('property');
    expect(property.rows).toEqual([]);
    expect(property.undecided).toBe(true);
    expect(property.totals.starts).toBe(0);
    const everyTeam = await read();
    expect(everyTeam.rows).toHaveLength(3);
    expect(everyTeam.undecided).toBeUndefined();
  });
});
