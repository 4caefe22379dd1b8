/**
 * What anyone loading `GET /form` can add to the funnel's counters: a page load is a view, and
 * its address names the campaign and the variant. Views are counted 60 a minute per address,
 * new campaigns 10 a minute per address and 200 a day in all (the rest as `other`), a variant
 * only when the form can have it, and a campaign that looks like a person's details not at all.
 */
import { describe, expect, it } from 'vitest';
import { lawFirm } from '../../demo/forms/index.ts';
import { parseFormConfig, type FormConfig } from '../contract/schemas/form-config.ts';
import { lawFirmWithConsent } from '../test/fixtures/consent-config.ts';
import { harnessPerTest, type ProxyHarness } from '../test/fixtures/proxy-harness.ts';
import { NEW_CELLS_PER_DAY } from './admission.ts';

const setUp = harnessPerTest();
const DAY = '2027-03-27';

const load = (h: ProxyHarness, query: string, ip = '198.51.100.7') =>
  h.app.request(`/form?case-type=conveyancing&${query}`, { headers: { 'x-test-ip': ip } });

/** Today's cells as the store holds them: campaign, variant and views. */
async function cells(h: ProxyHarness) {
  const all = await h.store.funnelCells({ from: DAY, to: DAY });
  return all.map((cell) => ({ campaign: cell.campaign, variant: cell.variant, views: cell.views }));
}

/** The law firm with a hidden question from the address (`?layout=`) as the variant. */
const withVariant = (options?: string[]): FormConfig => {
  const layout = { id: 'layout', label: 'Layout', type: 'hidden', from: { param: 'layout' } };
  return parseFormConfig({
    ...structuredClone(lawFirmWithConsent),
    caseTypes: lawFirmWithConsent.caseTypes.map((caseType, i) =>
      i === 0
        ? { ...caseType, questions: [...caseType.questions, { ...layout, options }] }
        : caseType,
    ),
    analytics: { variant: 'layout' },
  });
};

describe('views of the page without JavaScript', () => {
  it('counts 60 a minute from one address, and still serves the page past that', async () => {
    const h = setUp();
    for (let n = 0; n < 70; n += 1)
      expect((await load(h, 'utm_campaign=spring-2027')).status).toBe(200);
    expect(await cells(h)).toEqual([{ campaign: 'spring-2027', variant: '', views: 60 }]);
    h.clock.now += 60_000;
    await load(h, 'utm_campaign=spring-2027');
    expect((await cells(h))[0]?.views).toBe(61);
  });

  it('counts 10 new campaigns a minute from one address, and the rest as "other"', async () => {
    const h = setUp();
    for (let n = 0; n < 15; n += 1) await load(h, `utm_campaign=made-up-${String(n)}`);
    const counted = await cells(h);
    expect(counted.filter((cell) => cell.campaign.startsWith('made-up-'))).toHaveLength(10);
    expect(counted.find((cell) => cell.campaign === 'other')).toMatchObject({ views: 5 });
    // A campaign counted already is no new cell: it is counted as itself.
    await load(h, 'utm_campaign=made-up-0');
    expect((await cells(h)).find((cell) => cell.campaign === 'made-up-0')?.views).toBe(2);
  });

  it(`opens ${String(NEW_CELLS_PER_DAY)} new cells a day in all, then counts new campaigns as "other" until the next day`, async () => {
    const h = setUp();
    const from = (n: number) => `10.${String(n >> 8)}.${String(n & 255)}.1`;
    for (let n = 0; n < NEW_CELLS_PER_DAY + 40; n += 1)
      await load(h, `utm_campaign=campaign-${String(n)}`, from(n));
    const counted = await cells(h);
    expect(counted).toHaveLength(NEW_CELLS_PER_DAY + 1);
    expect(counted.find((cell) => cell.campaign === 'other')).toMatchObject({ views: 40 });
    h.clock.now += 86_400_000;
    await load(h, 'utm_campaign=campaign-999', from(999));
    const tomorrow = await h.store.funnelCells({ from: '2027-03-28', to: '2027-03-28' });
    expect(tomorrow.map((cell) => cell.campaign)).toEqual(['campaign-999']);
  });

  it('counts a variant from the address only when the form can have it, never its text', async () => {
    const h = setUp({ config: withVariant(['A', 'B']) });
    await load(h, 'layout=A');
    await load(h, `layout=${'Z'.repeat(15_000)}`);
    expect(await cells(h)).toEqual([
      { campaign: '', variant: '', views: 1 },
      { campaign: '', variant: 'A', views: 1 },
    ]);
  });

  it('takes a variant without options only as a plain token of 64 characters at most', async () => {
    const h = setUp({ config: withVariant() });
    await load(h, 'layout=hero-b');
    await load(h, `layout=${'x'.repeat(65)}`);
    await load(h, 'layout=%3Cscript%3E');
    expect(await cells(h)).toEqual([
      { campaign: '', variant: '', views: 2 },
      { campaign: '', variant: 'hero-b', views: 1 },
    ]);
  });

  it('counts a campaign that looks like a person’s details as no campaign', async () => {
    const h = setUp();
    for (const campaign of ['Jane Smith, 14 Acacia Avenue', 'Mrs Jane Smith', 'SW1A 1AA'])
      await load(h, `utm_campaign=${encodeURIComponent(campaign)}`);
    expect(await cells(h)).toEqual([{ campaign: '', variant: '', views: 3 }]);
  });
});

describe('the funnel turned off', () => {
  it('counts nothing, whatever the address says', async () => {
    const h = setUp({ config: { ...lawFirm, analytics: false } });
    await load(h, 'utm_campaign=spring-2027');
    expect(await cells(h)).toEqual([]);
  });
});
