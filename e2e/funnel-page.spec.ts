/**
 * The marketer's funnel page in Chromium, on SQLite and on PostgreSQL, over the named example day
 * of the funnel (`proxy/test/fixtures/funnel-seed.ts`) seeded as today: signed in, the page is
 * reached from the console's navigation, its tables read, its charts' bars measured against the
 * tables' numbers, its filters used by keyboard alone, and axe run on it light and dark at 320
 * and 1280 px. With `FUNNEL_SCREENS=<dir>`, the page and the overview are kept as screenshots
 * at both widths in both schemes. PostgreSQL's run is skipped, saying why, without PostgreSQL.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { sweep } from './support/axe.ts';
import { ADMIN_TOKEN, openConsoleStack, type ConsoleStack } from './support/console-stack.ts';
import { seedFunnel } from '../proxy/test/fixtures/funnel-seed.ts';
import { funnelDay } from '../proxy/outbox/funnel-counts.ts';
import { missing as noPostgres } from '../proxy/test/fixtures/postgres-server.ts';

const SCREENS = process.env.FUNNEL_SCREENS;

/** A table's body rows, each cell's text. */
const rowsOf = (table: Locator) =>
  table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent.trim())),
    );

/** A chart's bars: each one's name, length and darker end, in the drawing's units (0 to 100). */
const barsOf = (chart: Locator) =>
  chart.locator('.bars__row').evaluateAll((rows) =>
    rows.map((row) => ({
      label: row.querySelector('.bars__label')?.textContent.trim() ?? '',
      value: Number(row.querySelector('.bars__value')?.getAttribute('width')),
      part: Number(row.querySelector('.bars__part')?.getAttribute('width') ?? 0),
    })),
  );

const number = (text: string | undefined) => Number((text ?? '').replaceAll(',', ''));

for (const database of ['sqlite', 'postgresql'] as const) {
  test.describe(`the funnel's page on ${database}`, () => {
    test.describe.configure({ mode: 'serial', timeout: 90_000 });
    const lack = database === 'postgresql' ? noPostgres() : undefined;
    test.skip(lack !== undefined, lack);
    let stack: ConsoleStack | undefined;
    const origin = () => {
      if (!stack) throw new Error(`the ${database} stack did not start`);
      return stack.demo.proxyUrl;
    };
    test.beforeAll(async () => {
      stack = await openConsoleStack(database, {
        seed: (store, now) => seedFunnel(store, funnelDay(now), now),
      });
    });
    test.afterAll(async () => {
      await stack?.close();
    });

    const signIn = async (page: Page) => {
      await page.goto(`${origin()}/admin/sign-in`);
      await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    };

    test('reads the seeded funnel in its tables, and each chart agrees with its table', async ({
      page,
    }) => {
      await signIn(page);
      await expect(page.getByRole('listitem').filter({ hasText: 'Views' })).toContainText('297');
      await page.getByRole('link', { name: 'Funnel', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Funnel', level: 1 })).toBeVisible();

      const groups = await rowsOf(page.getByRole('table', { name: /Each group over the period/ }));
      expect(groups.map((row) => row.slice(1, 7))).toEqual([
        ['spring-2027', 'A', '120', '60', '12', '11'],
        ['spring-2027', 'B', '120', '66', '24', '23'],
        ['spring-2027', 'A', '40', '20', '8', '7'],
        ['other (small groups merged)', '(none)', '17', '11', '3', '1'],
      ]);
      await expect(page.getByText('Groups with fewer than 10 starts: merged into')).toBeVisible();

      const steps = await rowsOf(page.getByRole('table', { name: /All groups together/ }));
      const stepBars = await barsOf(page.locator('.bars--stages'));
      const most = Math.max(...steps.map((row) => number(row[1])));
      expect(stepBars.map((bar) => bar.label)).toEqual(steps.map((row) => row[0]));
      stepBars.forEach((bar, n) => {
        expect(bar.value, bar.label).toBeCloseTo((number(steps[n]?.[1]) / most) * 100, 1);
      });

      const questions = await rowsOf(
        page.getByRole('table', { name: /Each question of Buying or selling a property/ }),
      );
      const questionBars = await barsOf(page.locator('.bars--questions').first());
      const shownMost = Math.max(...questions.map((row) => number(row[1])));
      expect(questionBars.map((bar) => bar.label)).toEqual(questions.map((row) => row[0]));
      questionBars.forEach((bar, n) => {
        const row = questions[n];
        expect(bar.value, bar.label).toBeCloseTo((number(row?.[1]) / shownMost) * 100, 1);
        expect(bar.part, `${bar.label}, left`).toBeCloseTo((number(row?.[3]) / shownMost) * 100, 1);
      });
      // The drop-off the seed made: most who did not send left at the property's worth.
      const left = questions.map((row) => number(row[3]));
      expect(Math.max(...left)).toBe(left[1]);

      await expect(page.locator('#verdict')).toContainText(
        'Variant B is 7.5 percentage points higher.',
      );
      // Each arm's bar is its share of views, 0 to 100, as its table cell says ("12.5% (20)").
      const arms = await rowsOf(page.getByRole('table', { name: /Each step as a share/ }));
      const armBars = await barsOf(page.locator('.bars--arms'));
      const shares = arms
        .slice(1)
        .flatMap((row) => [row[1], row[2]].map((cell) => parseFloat(cell ?? '')));
      expect(armBars.map((bar) => bar.label)).toEqual(
        arms.slice(1).flatMap((row) => [`${row[0] ?? ''}, A`, `${row[0] ?? ''}, B`]),
      );
      armBars.forEach((bar, n) => {
        expect(bar.value, bar.label).toBeCloseTo(shares[n] ?? NaN, 1);
      });
    });

    test('narrows the period and compares variants by keyboard alone, the view kept in the address', async ({
      page,
    }) => {
      await signIn(page);
      await page.goto(`${origin()}/admin/funnel`);
      await page.getByLabel('Case type').focus();
      await page.keyboard.press('ArrowDown');
      await page.getByRole('button', { name: 'Show' }).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/case-type=conveyancing/);
      const groups = await rowsOf(page.getByRole('table', { name: /Each group over the period/ }));
      expect(groups.map((row) => row[0])).toEqual(Array(3).fill('Buying or selling a property'));
      await page.getByRole('button', { name: 'Compare' }).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/compare=A&with=B/);
      await expect(page).toHaveURL(/case-type=conveyancing/);
      await expect(page.locator('#verdict')).toContainText(
        'Variant B is 10.0 percentage points higher. A difference this large would come about by chance less than once in twenty.',
      );
      // The address alone brings the same view back: a bookmark, or a link sent to a colleague.
      await page.goto(page.url());
      await expect(page.getByLabel('Case type')).toHaveValue('conveyancing');
    });

    for (const scheme of ['light', 'dark'] as const)
      for (const width of [320, 1280])
        test(`has nothing for axe, ${scheme}, at ${String(width)} px`, async ({
          page,
        }, testInfo) => {
          await page.emulateMedia({ colorScheme: scheme });
          await page.setViewportSize({ width, height: 900 });
          await signIn(page);
          await page.goto(`${origin()}/admin/funnel`);
          await sweep(page, testInfo, `funnel-${database}-${scheme}-${String(width)}`);
          await page.goto(`${origin()}/admin/funnel?from=2000-01-01&to=2000-01-31`);
          await expect(page.locator('#period')).toHaveText(/^Nothing was counted from/);
          await sweep(page, testInfo, `funnel-empty-${database}-${scheme}-${String(width)}`);
          if (!SCREENS || database !== 'sqlite') return;
          mkdirSync(SCREENS, { recursive: true });
          for (const [name, path] of [
            ['funnel', '/admin/funnel'],
            ['funnel-conveyancing', '/admin/funnel?case-type=conveyancing'],
            ['overview', '/admin/'],
          ] as const) {
            await page.goto(`${origin()}${path}`);
            await page.screenshot({
              path: join(SCREENS, `${name}-${String(width)}-${scheme}.png`),
              fullPage: true,
            });
          }
        });
  });
}
