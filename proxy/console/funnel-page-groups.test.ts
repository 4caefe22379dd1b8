/**
 * The funnel's page on how it speaks of its groups, on SQLite and on PostgreSQL: variant B
 * compared with A in words and numbers, small groups merged and when even merged too few to
 * show, times offered and calls booked where the form books calls, and a question the form no
 * longer has or visitors without a variant named in words.
 */
import { expect, it } from 'vitest';
import { lawFirm } from '../../demo/forms/index.ts';
import { lawFirmBooking } from '../test/fixtures/booking-config.ts';
import { sampleSubmission } from '../test/fixtures/outbox.ts';
import { storedKeep } from '../test/fixtures/unfinished.ts';
import {
  BROWSER,
  DAY,
  describeFunnelPage,
  HOST,
  PERIOD,
  tableRows,
  textOf,
} from '../test/fixtures/funnel-page.ts';

describeFunnelPage((seeded) => {
  it('compares variant B with A in words and numbers, and says when the difference could be chance', async () => {
    const { browse } = await seeded();
    const conveyancing = await (
      await browse(`${PERIOD}&case-type=conveyancing&compare=A&with=B`)
    ).text();
    expect(textOf(conveyancing, 'verdict')).toBe(
      'Variant B turned 20.0% of its views into sent enquiries (24 of 120); variant A turned 10.0% of its views into sent enquiries (12 of 120). Variant B is 10.0 percentage points higher. A difference this large would come about by chance less than once in twenty.',
    );
    expect(tableRows(conveyancing, 'Each step as a share')).toEqual([
      ['Views', '120', '120', ''],
      ['Starts', '50.0% (60)', '55.0% (66)', '+5.0 points (could be chance)'],
      ['Sends', '10.0% (12)', '20.0% (24)', '+10.0 points'],
      ['Delivered', '9.2% (11)', '19.2% (23)', '+10.0 points'],
    ]);
    // Across both case types A has 160 views and 20 sends: too close to B to rule out chance.
    const everything = await (await browse(PERIOD)).text();
    expect(textOf(everything, 'verdict')).toBe(
      'Variant B turned 20.0% of its views into sent enquiries (24 of 120); variant A turned 12.5% of its views into sent enquiries (20 of 160). Variant B is 7.5 percentage points higher. With these numbers the difference could well be chance: let the test run longer before choosing.',
    );
    // The tables may show one variant; the comparison still reads both.
    const onlyB = await (await browse(`${PERIOD}&variant=B&compare=B&with=A`)).text();
    expect(tableRows(onlyB, 'Each group over the period')).toHaveLength(1);
    expect(textOf(onlyB, 'verdict')).toMatch(
      /^Variant A turned 12\.5% .* Variant A is 7\.5 percentage points lower\./,
    );
  });

  it('says where small groups were merged, and when even merged they were too few to show', async () => {
    const { browse } = await seeded(10);
    const page = await (await browse(PERIOD)).text();
    expect(textOf(page, 'merging')).toBe(
      'Groups with fewer than 10 starts: merged into “other (small groups merged)”, so that nobody can be singled out.',
    );
    // The leaflet's one group of 5 starts: not in the tables, but counted, and said so (#60).
    const leaflet = await (await browse(`${PERIOD}&campaign=leaflet`)).text();
    expect(textOf(leaflet, 'period')).toBe(
      'From 2027-03-27 to 2027-03-27 (UTC): 8 views, 5 starts, 1 send and 0 delivered, all in groups too small to show.',
    );
    expect(textOf(leaflet, 'merging')).toBe(
      '1 group had fewer than 10 starts even when merged, so the tables do not show them: their 8 views, 5 starts, 1 send and 0 delivered are in the totals, so that nobody can be singled out and nobody is left out of the count. (The smallest group shown is FUNNEL_MIN_COUNT, 10 starts.)',
    );
    const spring = await (await browse(`${PERIOD}&campaign=spring-2027`)).text();
    expect(spring).not.toContain('id="merging"');
  });

  it('with groups of one start shown (FUNNEL_MIN_COUNT=1), says a group too small had no starts, not fewer than 1', async () => {
    const { h, store, cookie, browse } = await seeded(1);
    // A page viewed from a campaign of its own, and left before anything was typed.
    const key = { day: DAY, caseType: 'family', campaign: 'poster', variant: '' };
    await store.addFunnelTally({ ...key, views: 1, starts: 0, sends: 0, questions: [] });
    const poster = await (await browse(`${PERIOD}&campaign=poster`)).text();
    expect(textOf(poster, 'merging')).toBe(
      '1 group had no starts even when merged, so the tables do not show them: their 1 view, 0 starts, 0 sends and 0 delivered are in the totals, so that nobody can be singled out and nobody is left out of the count. (The smallest group shown is FUNNEL_MIN_COUNT, 1 start.)',
    );
    const overview = await (
      await h.app.request(`${HOST}/admin/`, { headers: { accept: BROWSER, cookie } })
    ).text();
    expect(textOf(overview, 'funnel-withheld')).toBe(
      'Of these, 1 view and 0 starts are in groups with no starts, which the funnel’s tables do not show, so that nobody can be singled out.',
    );
  });

  it('shows times offered, calls booked and cancelled beside views and sends, where the form books calls', async () => {
    const { store, browse } = await seeded(10, lawFirmBooking);
    const key = { day: DAY, caseType: 'conveyancing', campaign: 'spring-2027', variant: 'B' };
    for (let n = 0; n < 3; n += 1)
      await store.addFunnelTally({
        ...key,
        views: 1,
        starts: 0,
        sends: 0,
        offered: 1,
        questions: [],
      });
    const page = await (await browse(PERIOD)).text();
    expect(tableRows(page, 'All groups together')).toContainEqual(['Times offered', '3', '1.0%']);
    expect(tableRows(page, 'All groups together').map((row) => row[0])).toContain(
      'Calls cancelled',
    );
    const groups = tableRows(page, 'Each group over the period');
    expect(groups[1]).toEqual([
      'Buying or selling a property',
      'spring-2027',
      'B',
      '123',
      '66',
      '24',
      '23',
      '3',
      '0',
      '0',
      '0',
      '0',
      '19.5%',
    ]);
    expect(tableRows(page, 'All groups together').map((row) => row[0])).toEqual(
      expect.arrayContaining(['Calls that took place', 'Calls the visitor missed']),
    );
  });

  it('shows unfinished enquiries kept and finished later beside the steps, where the form keeps them', async () => {
    const { store, browse } = await seeded(10, { ...lawFirm, unfinished: { keepDays: 7 } });
    const funnel = { day: DAY, caseType: 'conveyancing', campaign: 'spring-2027', variant: 'B' };
    for (const id of ['a', 'b', 'c'])
      await store.keepUnfinished(
        storedKeep(1, 1_000, { id: id.repeat(32), formSession: id, funnel }),
      );
    await store.accept(sampleSubmission({ files: [], formSession: 'a' }));
    const page = await (await browse(PERIOD)).text();
    expect(tableRows(page, 'All groups together')).toEqual(
      expect.arrayContaining([
        ['Kept unfinished', '3', '1.0%'],
        ['Finished later', '1', '0.3%'],
      ]),
    );
    const groups = tableRows(page, 'Each group over the period');
    expect(groups[1]?.slice(3)).toEqual(['120', '66', '24', '23', '3', '1', '20.0%']);
    // A form that keeps none, and never kept one in the period, shows no such columns.
    const plain = await (await (await seeded(10)).browse(PERIOD)).text();
    expect(plain).not.toContain('Kept unfinished');
  });

  it('names a question the form no longer has, and a period of visitors without a variant, in words', async () => {
    const conveyancing = lawFirm.caseTypes.find((type) => type.id === 'conveyancing');
    const withoutValue = {
      ...lawFirm,
      caseTypes: lawFirm.caseTypes.map((type) =>
        type === conveyancing
          ? { ...type, questions: type.questions.filter((q) => q.id !== 'property_value') }
          : type,
      ),
    };
    const { browse } = await seeded(1, withoutValue);
    const page = await (await browse(`${PERIOD}&campaign=radio-ad`)).text();
    const questions = tableRows(page, 'Each question of Buying or selling a property');
    expect(questions.map((row) => row[0])).toContain('property_value (no longer on the form)');
    expect(page).toContain(
      'Only visitors without a variant were counted in this period: there is nothing to compare.',
    );
    expect(page).not.toContain('((none))');
  });
});
