/**
 * `GET /admin/funnel` as the console's page for a browser and as JSON and CSV for machines, on
 * SQLite and on PostgreSQL: the page reads the same report as the JSON (the same rows, the same
 * merging), narrows it by the address's period and case type, compares one variant with another
 * in words and numbers, and says where small groups were merged and when a period is empty.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { lawFirm } from '../../demo/forms/index.ts';
import { funnelReport } from '../funnel/funnel-report.ts';
import { openPostgresOutbox } from '../outbox/postgres/store.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { consoleCookie } from '../test/fixtures/console-sign-in.ts';
import { lawFirmBooking } from '../test/fixtures/booking-config.ts';
import { seedFunnel } from '../test/fixtures/funnel-seed.ts';
import { missing } from '../test/fixtures/postgres-server.ts';
import { harnessPerTest, START } from '../test/fixtures/proxy-harness.ts';
import { usePostgresServer } from '../test/fixtures/use-postgres-server.ts';

const TOKEN = randomBytes(32).toString('base64url');
const HOST = 'http://localhost';
const DAY = '2027-03-27';
const PERIOD = `from=${DAY}&to=${DAY}`;
/** What Chromium sends when a person follows a link. */
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8';
const bearer = { authorization: `Bearer ${TOKEN}` };

/** The rows of the table whose caption starts with `caption`, each cell's text. */
function tableRows(page: string, caption: string): string[][] {
  const start = page.indexOf(caption);
  if (start < 0) throw new Error(`no table "${caption}"`);
  const table = page.slice(start, page.indexOf('</table>', start));
  return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].slice(1).map((row) =>
    [...(row[1] ?? '').matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) =>
      (cell[1] ?? '')
        .replace(/<[^>]+>/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    ),
  );
}

/** The text of the element with `id`, tags dropped and spaces collapsed. */
const textOf = (page: string, id: string) =>
  (new RegExp(`id="${id}"[^>]*>([\\s\\S]*?)</p>`).exec(page)?.[1] ?? '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const postgres = usePostgresServer();
const noPostgres = missing();
const opened: OutboxStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

const stores: [string, (() => Promise<OutboxStore>) | undefined, string | undefined][] = [
  ['SQLite', undefined, undefined],
  [
    'PostgreSQL',
    async () => {
      const store = await openPostgresOutbox(await postgres().createDatabase(), { poolSize: 2 });
      opened.push(store);
      return store;
    },
    noPostgres,
  ],
];

for (const [name, openStore, lack] of stores) {
  describe.skipIf(lack !== undefined)(`the funnel's page on ${name}`, () => {
    const setUp = harnessPerTest();

    /** A proxy on the example's day of the funnel, and a signed-in browser's way to ask it. */
    async function seeded(minCount = 10, config = lawFirm) {
      const store = openStore ? await openStore() : undefined;
      const h = setUp({
        config,
        deps: { adminToken: TOKEN, funnelMinCount: minCount, ...(store ? { store } : {}) },
      });
      await seedFunnel(store ?? h.store, DAY, START);
      const cookie = await consoleCookie(h, TOKEN);
      const browse = (query: string) =>
        h.app.request(`${HOST}/admin/funnel?${query}`, { headers: { accept: BROWSER, cookie } });
      return { h, store: store ?? h.store, cookie, browse };
    }

    it('answers a browser the page behind the session, and machines the JSON and CSV as before', async () => {
      const { h, store, cookie, browse } = await seeded();
      const ask = (query: string, headers: Record<string, string>) =>
        h.app.request(`${HOST}/admin/funnel?${query}`, { headers });
      const json = await ask(PERIOD, bearer);
      expect(json.headers.get('content-type')).toMatch(/^application\/json/);
      const report = await funnelReport(store, h.config, { from: DAY, to: DAY }, 10);
      expect(await json.text()).toBe(JSON.stringify(report));
      expect(
        report.rows.map((row) => [row.campaign, row.variant, row.views, row.delivered]),
      ).toEqual([
        ['spring-2027', 'A', 120, 11],
        ['spring-2027', 'B', 120, 23],
        ['spring-2027', 'A', 40, 7],
        ['other', '', 17, 1],
      ]);
      // A machine that also names HTML, or names nothing, still gets what it always got.
      expect(await (await ask(PERIOD, { ...bearer, accept: BROWSER })).text()).toBe(
        JSON.stringify(report),
      );
      const csv = await (await ask(PERIOD, { ...bearer, accept: 'text/csv' })).text();
      expect(csv.split('\r\n')[1]).toMatch(
        /^2027-03-27,2027-03-27,conveyancing,spring-2027,A,120,60,12,11,transaction,60,/,
      );
      expect(await (await ask(`${PERIOD}&format=csv`, bearer)).text()).toBe(csv);
      expect((await ask(`${PERIOD}&format=xml`, bearer)).status).toBe(400);
      // Without the token or a session: no data, curl's */* included. A signed-in person's
      // browser (a marketer's or above, issue #43) may read the JSON the page is drawn from.
      expect((await ask(PERIOD, { accept: '*/*' })).status).toBe(401);
      expect(await (await ask(`${PERIOD}&format=json`, { cookie })).text()).toBe(
        JSON.stringify(report),
      );
      // A browser without a session is sent to sign in; with one, it reads the page.
      const signedOut = await ask(PERIOD, { accept: BROWSER });
      expect(signedOut.status).toBe(303);
      expect(signedOut.headers.get('location')).toBe('/admin/sign-in');
      expect((await ask(`${PERIOD}&format=html`, bearer)).headers.get('location')).toBe(
        '/admin/sign-in',
      );
      // The banner's link opened by a browser that sends `*/*` (#78): a navigation all the same.
      const navigated = await ask('', { accept: '*/*', 'sec-fetch-mode': 'navigate' });
      expect(navigated.status).toBe(303);
      expect(navigated.headers.get('location')).toBe('/admin/sign-in');
      const page = await browse(PERIOD);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = await page.text();
      expect(html).toContain('<h1>Funnel</h1>');
      expect(html).toContain('aria-current="page">Funnel</a>');
    });

    it('shows each group from views to delivered, narrowed by the period and case type in the address', async () => {
      const { browse } = await seeded();
      const page = await (await browse(PERIOD)).text();
      expect(textOf(page, 'period')).toBe(
        'From 2027-03-27 to 2027-03-27 (UTC): 297 views, 157 starts, 47 sends and 42 delivered.',
      );
      expect(tableRows(page, 'Each group over the period')).toEqual([
        ['Buying or selling a property', 'spring-2027', 'A', '120', '60', '12', '11', '10.0%'],
        ['Buying or selling a property', 'spring-2027', 'B', '120', '66', '24', '23', '20.0%'],
        ['Divorce, separation and children', 'spring-2027', 'A', '40', '20', '8', '7', '20.0%'],
        [
          'Buying or selling a property',
          'other (small groups merged)',
          '(none)',
          '17',
          '11',
          '3',
          '1',
          '17.6%',
        ],
      ]);
      // The conveyancing visitors who did not send left at the questions the seed says.
      const conveyancing = tableRows(page, 'Each question of Buying or selling a property');
      // 137 started, 23 left at the first question (the seed's 5th and 6th in every ten who did not
      // send), every other one of those refused by it.
      expect(conveyancing[0]).toEqual([
        'Are you buying or selling?',
        '137',
        '114',
        '23',
        '16.8%',
        'required: 12',
      ]);
      expect(conveyancing.map((row) => row[0])).toEqual([
        'Are you buying or selling?',
        'Roughly what is the property worth?',
        'Which lender is providing your mortgage?',
        'When would you like to complete?',
        'Anything else we should know?',
      ]);

      const family = await (await browse(`${PERIOD}&case-type=family&campaign=&variant=`)).text();
      expect(tableRows(family, 'Each group over the period')).toEqual([
        ['Divorce, separation and children', 'spring-2027', 'A', '40', '20', '8', '7', '20.0%'],
      ]);
      expect(family).toMatch(/<option\s+value="family"\s+selected\s*>/);
      const dayBefore = await (await browse('from=2027-03-26&to=2027-03-26')).text();
      expect(textOf(dayBefore, 'period')).toBe(
        'Nothing was counted from 2027-03-26 to 2027-03-26 (UTC).',
      );
      expect(dayBefore).not.toContain('Each group over the period');
    });

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
        '19.5%',
      ]);
    });

    it('counts every group in its totals, those too small to show included, on the page, the overview and the JSON', async () => {
      // With 50 starts the smallest group shown, only the spring campaign's conveyancing shows.
      const { h, cookie, browse } = await seeded(50);
      const page = await (await browse(PERIOD)).text();
      expect(textOf(page, 'period')).toBe(
        'From 2027-03-27 to 2027-03-27 (UTC): 297 views, 157 starts, 47 sends and 42 delivered.',
      );
      expect(tableRows(page, 'All groups together').map((row) => row.slice(0, 2))).toEqual([
        ['Views', '297'],
        ['Starts', '157'],
        ['Sends', '47'],
        ['Delivered', '42'],
      ]);
      expect(tableRows(page, 'Each group over the period').at(-1)).toEqual([
        'Not shown: 3 small groups',
        '',
        '',
        '57',
        '31',
        '11',
        '8',
        '19.3%',
      ]);
      const overview = await (
        await h.app.request(`${HOST}/admin/`, { headers: { accept: BROWSER, cookie } })
      ).text();
      expect(overview).toMatch(/Views<strong>297<\/strong>/);
      expect(textOf(overview, 'funnel-withheld')).toBe(
        'Of these, 57 views and 31 starts are in groups with fewer than 50 starts, which the funnel’s tables do not show, so that nobody can be singled out.',
      );
      const json = await h.app.request(`${HOST}/admin/funnel?${PERIOD}`, { headers: bearer });
      expect(await json.json()).toMatchObject({
        totals: { views: 297, starts: 157, sends: 47, delivered: 42 },
        withheld: { groups: 3, views: 57, starts: 31, sends: 11, delivered: 8 },
      });
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

    it('shows the form again with the reason when the period cannot be read', async () => {
      const { browse } = await seeded();
      const refused = await browse('from=2027-03-28&to=2027-03-01');
      expect(refused.status).toBe(400);
      const page = await refused.text();
      expect(page).toContain(
        'role="alert"><p>Not shown: from and to are days (YYYY-MM-DD), from not after to',
      );
      expect(page).toContain('name="from" type="date" value="2027-03-28"');
    });

    it('sums the last 30 days on the overview, linking to the page', async () => {
      const { h, cookie } = await seeded();
      const overview = await (
        await h.app.request(`${HOST}/admin/`, { headers: { cookie } })
      ).text();
      const cards = [
        ...overview.matchAll(/<li>\s*(Views|Starts|Sends|Delivered)<strong>([\d,]+)<\/strong>/g),
      ];
      expect(cards.map((card) => [card[1], card[2]])).toEqual([
        ['Views', '297'],
        ['Starts', '157'],
        ['Sends', '47'],
        ['Delivered', '42'],
      ]);
      expect(overview).toContain('<a href="/admin/funnel">See the funnel</a>');
    });
  });
}
