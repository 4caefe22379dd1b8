/**
 * `GET /admin/funnel` as the console's page for a browser and as JSON and CSV for machines, on
 * SQLite and on PostgreSQL: the page reads the same report as the JSON (the same rows, the same
 * totals), narrows it by the address's period and case type, shows its form again when a period
 * cannot be read, and the overview sums the last 30 days. How it speaks of its groups (variants
 * compared, small groups merged, bookings, questions gone) is `funnel-page-groups.test.ts`.
 */
import { expect, it } from 'vitest';
import { funnelReport } from '../funnel/funnel-report.ts';
import {
  bearer,
  BROWSER,
  DAY,
  describeFunnelPage,
  HOST,
  PERIOD,
  tableRows,
  textOf,
} from '../test/fixtures/funnel-page.ts';

describeFunnelPage((seeded) => {
  it('answers a browser the page behind the session, and machines the JSON and CSV as before', async () => {
    const { h, store, cookie, browse } = await seeded();
    const ask = (query: string, headers: Record<string, string>) =>
      h.app.request(`${HOST}/admin/funnel?${query}`, { headers });
    const json = await ask(PERIOD, bearer);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    const report = await funnelReport(store, h.config, { from: DAY, to: DAY }, 10);
    expect(await json.text()).toBe(JSON.stringify(report));
    expect(report.rows.map((row) => [row.campaign, row.variant, row.views, row.delivered])).toEqual(
      [
        ['spring-2027', 'A', 120, 11],
        ['spring-2027', 'B', 120, 23],
        ['spring-2027', 'A', 40, 7],
        ['other', '', 17, 1],
      ],
    );
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
    const overview = await (await h.app.request(`${HOST}/admin/`, { headers: { cookie } })).text();
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
