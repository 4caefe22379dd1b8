/**
 * The funnel half of the outbox store contract (see `store-contract.ts`): tallies add up per
 * day and cell, a period's sums are read back with their filters, old days are forgotten, and a
 * delivered enquiry is counted once in the cell it was accepted in (noted with it or after), and never once its
 * submission is gone.
 */
import { describe, expect, it } from 'vitest';
import type { FunnelTally } from '../outbox/funnel-counts.ts';
import { freshStores, type StoreFactory } from './fixtures/store-factory.ts';
import { leaseOf, sampleSubmission, stored } from './fixtures/outbox.ts';

const key = { caseType: 'conveyancing', campaign: 'spring-2027', variant: 'B' };
const tally = (day: string, changes: Partial<FunnelTally> = {}): FunnelTally => ({
  day,
  ...key,
  views: 1,
  starts: 1,
  sends: 0,
  questions: [
    { id: 'transaction', shown: 1, answered: 1, left: 0 },
    { id: 'lender', shown: 1, answered: 0, left: 1, error: 'required' },
  ],
  ...changes,
});

/** Runs the funnel contract against one implementation. */
export function describeFunnelStore(name: string, factory: StoreFactory): void {
  describe(`${name}: the outbox store contract, funnel`, () => {
    const fresh = freshStores(factory);

    it('adds tallies per day and cell, and sums a period with its filters', async () => {
      const store = await fresh();
      await Promise.all([
        store.addFunnelTally(tally('2027-03-01')),
        store.addFunnelTally(tally('2027-03-01')),
        store.addFunnelTally(tally('2027-03-02', { sends: 1, offered: 1, questions: [] })),
        store.addFunnelTally(tally('2027-04-01')),
        store.addFunnelTally(tally('2027-03-01', { campaign: 'autumn', questions: [] })),
      ]);
      const cells = await store.funnelCells({
        from: '2027-03-01',
        to: '2027-03-31',
        campaign: 'spring-2027',
      });
      expect(cells).toEqual([
        {
          ...key,
          views: 3,
          starts: 3,
          sends: 1,
          delivered: 0,
          offered: 1,
          booked: 0,
          cancelled: 0,
          attended: 0,
          noShow: 0,
          keptUnfinished: 0,
          finishedLater: 0,
          questions: expect.arrayContaining([
            { id: 'transaction', shown: 2, answered: 2, left: 0, errors: {} },
            { id: 'lender', shown: 2, answered: 0, left: 2, errors: { required: 2 } },
          ]) as unknown,
        },
      ]);
      expect(await store.funnelCells({ from: '2027-03-01', to: '2027-03-31' })).toHaveLength(2);
      expect(await store.funnelCells({ from: '2027-05-01', to: '2027-05-31' })).toEqual([]);
    });

    it('reads a period’s cells a page at a time, in the order of their keys, with their questions', async () => {
      const store = await fresh();
      for (const campaign of ['e', 'a', 'd', 'b', 'c'])
        await store.addFunnelTally(tally('2027-03-01', { campaign }));
      await store.addFunnelTally(tally('2027-03-02', { campaign: 'b' }));
      const period = { from: '2027-03-01', to: '2027-03-31' };
      const first = await store.funnelCells(period, { limit: 2 });
      expect(first.map((cell) => [cell.campaign, cell.views])).toEqual([
        ['a', 1],
        ['b', 2],
      ]);
      const second = await store.funnelCells(period, { after: first[1], limit: 2 });
      expect(second.map((cell) => cell.campaign)).toEqual(['c', 'd']);
      expect(second[0]?.questions).toEqual(
        expect.arrayContaining([
          { id: 'transaction', shown: 1, answered: 1, left: 0, errors: {} },
          { id: 'lender', shown: 1, answered: 0, left: 1, errors: { required: 1 } },
        ]),
      );
      const last = await store.funnelCells(period, { after: second[1], limit: 2 });
      expect(last.map((cell) => [cell.campaign, cell.questions.length])).toEqual([['e', 2]]);
      expect(await store.funnelCells(period, { after: last[0], limit: 2 })).toEqual([]);
    });

    it('forgets the counters of the days before a cutoff, oldest day first, and keeps the rest', async () => {
      const store = await fresh();
      for (const day of ['2026-01-01', '2026-01-02', '2027-03-01'])
        await store.addFunnelTally(tally(day));
      const days = async () =>
        (await store.funnelCells({ from: '2026-01-01', to: '2026-01-01' })).length +
        (await store.funnelCells({ from: '2026-01-02', to: '2026-01-02' })).length;
      // One counts row, two question rows and one error row a day.
      expect(await store.forgetFunnelDay('2027-01-01')).toBe(4);
      expect(await days()).toBe(1);
      expect(await store.forgetFunnelDay('2027-01-01')).toBe(4);
      expect(await store.forgetFunnelDay('2027-01-01')).toBe(0);
      expect(await days()).toBe(0);
      const kept = await store.funnelCells({ from: '2027-03-01', to: '2027-03-01' });
      expect(kept[0]?.questions).toHaveLength(2);
    });

    it('counts a delivered enquiry once, in the cell it was accepted in', async () => {
      const store = await fresh();
      const { id } = await stored(store);
      const other = await stored(store, sampleSubmission({ reference: 'EQ-TEST-0002' }));
      await store.expectDelivery(id, { day: '2027-03-01', ...key });
      await store.expectDelivery(other.id, { day: '2027-03-01', ...key });
      await store.finish(await leaseOf(store, id), { kind: 'delivered', at: 100 });
      await store.deadLetter(await leaseOf(store, other.id), 'refused', 100);
      const [cell] = await store.funnelCells({ from: '2027-03-01', to: '2027-03-01' });
      expect(cell).toMatchObject({ ...key, views: 0, delivered: 1 });
    });

    it('counts the delivery of an enquiry stored with its cell, in that cell', async () => {
      const store = await fresh();
      const funnelCell = { day: '2027-03-02', ...key };
      const { id } = await stored(store, sampleSubmission({ funnelCell }));
      // Stored without one: its delivery counts nowhere.
      const other = await stored(store, sampleSubmission({ reference: 'EQ-TEST-0002' }));
      await store.finish(await leaseOf(store, id), { kind: 'delivered', at: 100 });
      await store.finish(await leaseOf(store, other.id), { kind: 'delivered', at: 100 });
      const cells = await store.funnelCells({ from: '2027-03-02', to: '2027-03-02' });
      expect(cells).toHaveLength(1);
      expect(cells[0]).toMatchObject({ ...key, views: 0, delivered: 1 });
    });
  });
}
