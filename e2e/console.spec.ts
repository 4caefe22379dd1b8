/**
 * The firm's console in Chromium, on SQLite and on PostgreSQL: sign in, read the month's chart,
 * find a dead lead by its email address, retry it while the stand-in answers and see it
 * delivered, export another and check the ZIP byte for byte; axe on every view, light and dark,
 * at 320 px. With `UPDATE_DOCS_IMAGES=1`, each view's screenshot at 1280 px goes to docs/images/.
 * PostgreSQL's run and the ZIP's check are skipped, saying why, without PostgreSQL or unzip.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { sweep } from './support/axe.ts';
import {
  ADMIN_TOKEN,
  openConsoleStack,
  SEEDED,
  utcDay,
  type ConsoleStack,
} from './support/console-stack.ts';
import { fetchInbox } from '../demo/enquiry-api/inbox.ts';
import { missing as noPostgres } from '../proxy/test/fixtures/postgres-server.ts';
import { lacking, toolPath } from '../proxy/test/fixtures/system-tools.ts';

const run = promisify(execFile);
const DOCS_IMAGES = process.env.UPDATE_DOCS_IMAGES === '1';
const noUnzip = lacking('exports opened with unzip', 'unzip');

for (const database of ['sqlite', 'postgresql'] as const) {
  test.describe(`the firm's console on ${database}`, () => {
    test.describe.configure({ mode: 'serial', timeout: 60_000 });
    const lack = database === 'postgresql' ? noPostgres() : undefined;
    test.skip(lack !== undefined, lack);
    let stack: ConsoleStack | undefined;
    const on = () => {
      if (!stack) throw new Error(`the ${database} stack did not start`);
      return stack;
    };
    test.beforeAll(async () => {
      stack = await openConsoleStack(database);
    });
    test.afterAll(async () => {
      await stack?.close();
    });

    const signIn = async (page: Page) => {
      const problems: string[] = [];
      // A CSP violation or a script error is a console error; a failed load is told by its
      // response instead (the browser's own /favicon.ico is nothing of the console's).
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
          problems.push(message.text());
      });
      page.on('response', (response) => {
        if (response.status() >= 400 && !response.url().endsWith('/favicon.ico'))
          problems.push(`${String(response.status())} ${response.url()}`);
      });
      await page.goto(`${on().demo.proxyUrl}/admin/`);
      await expect(page.getByRole('heading', { name: 'Enquiry console' })).toBeVisible();
      await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
      return problems;
    };

    test('signs in, finds a dead lead by email address, retries it and sees it delivered', async ({
      page,
    }) => {
      const problems = await signIn(page);
      const chart = page.getByRole('img', { name: /Leads received and delivered per day/ });
      await expect(chart).toBeVisible();
      const bars = chart.locator('rect.received');
      await expect(bars).toHaveCount(30);
      const heights = await bars.evaluateAll((rects) =>
        rects.map((rect) => Number(rect.getAttribute('height'))),
      );
      // Today is the last bar: each seeded day (counted back) has a bar, and no other day has;
      // the two dead leads came on day 1 too. Counted from the seeding's day, as a
      // run started before midnight reads its chart after it.
      const today = 29 - (utcDay(Date.now()) - on().seededDay);
      const seededBars = SEEDED.days.map((daysAgo) => today - daysAgo);
      heights.forEach((height, n) => {
        expect(height > 0, `day ${String(n)}`).toBe(seededBars.includes(n));
      });
      await expect(page.getByRole('listitem').filter({ hasText: 'Not delivered' })).toContainText(
        '2',
      );

      await page.getByRole('link', { name: 'Leads', exact: true }).click();
      await page.getByLabel('Reference, name or email address').fill(SEEDED.dead.email);
      await page.getByRole('button', { name: 'Show' }).click();
      const rows = page.getByRole('row');
      await expect(rows).toHaveCount(2);
      await page.getByRole('link', { name: SEEDED.dead.reference }).click();
      await expect(
        page.getByRole('heading', { name: `Lead ${SEEDED.dead.reference}` }),
      ).toBeVisible();
      await expect(page.getByText('Not delivered')).toBeVisible();
      await page.getByRole('button', { name: 'Retry now' }).click();
      // Delivered while the page waited, or by the background loop that claimed it first.
      await expect(page.getByRole('status')).toHaveText(/^Retried: the lead is (delivered|queued)/);
      await expect(async () => {
        await page.reload();
        await expect(page.locator('.state')).toHaveText('Delivered', { timeout: 500 });
      }).toPass({ timeout: 15_000 });
      await expect(page.getByRole('cell', { name: /Delivered \(attachment \d+\)/ })).toHaveCount(2);
      const inbox = await fetchInbox(on().demo.api?.origin ?? '');
      expect(JSON.stringify(inbox)).toContain(SEEDED.dead.email);
      await expect(page.getByRole('cell', { name: 'retry', exact: true })).toBeVisible();
      expect(problems).toEqual([]);
    });

    test('exports a lead as a ZIP holding its enquiry.json and kept files, byte for byte', async ({
      page,
    }) => {
      test.skip(noUnzip !== undefined, noUnzip);
      await signIn(page);
      await page.goto(`${on().demo.proxyUrl}/admin/leads/${SEEDED.exported}`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export as ZIP' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${SEEDED.exported}.zip`);
      const dir = mkdtempSync(join(tmpdir(), 'console-export-'));
      await download.saveAs(join(dir, 'lead.zip'));
      await run(toolPath('unzip'), ['-q', join(dir, 'lead.zip'), '-d', join(dir, 'out')]);
      expect(readdirSync(join(dir, 'out')).sort()).toEqual([...on().expectedExport.keys()].sort());
      for (const [name, bytes] of on().expectedExport)
        expect(readFileSync(join(dir, 'out', name)).equals(bytes), name).toBe(true);
    });

    const views: [string, string][] = [
      ['overview', '/admin/'],
      ['leads', '/admin/leads'],
      ['lead', `/admin/leads/${SEEDED.exported}`],
    ];
    for (const scheme of ['light', 'dark'] as const) {
      test(`has nothing for axe on any view, ${scheme}, at 320 px`, async ({ page }, testInfo) => {
        test.setTimeout(120_000);
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width: 320, height: 800 });
        await page.goto(`${on().demo.proxyUrl}/admin/sign-in`);
        await sweep(page, testInfo, `console-${database}-sign-in-${scheme}`);
        await signIn(page);
        for (const [name, path] of views) {
          await page.goto(`${on().demo.proxyUrl}${path}`);
          await sweep(page, testInfo, `console-${database}-${name}-${scheme}`);
        }
      });
    }

    test('shows each view at 1280 px for the docs', async ({ page }) => {
      test.skip(!DOCS_IMAGES || database !== 'sqlite', 'UPDATE_DOCS_IMAGES=1 takes them');
      await page.setViewportSize({ width: 1280, height: 900 });
      await signIn(page);
      for (const [name, path] of views) {
        await page.goto(`${on().demo.proxyUrl}${path}`);
        await page.screenshot({ path: `docs/images/console-${name}.png`, fullPage: true });
      }
      await page.goto(`${on().demo.proxyUrl}/admin/leads/${SEEDED.dead.reference}`);
      await page.screenshot({ path: 'docs/images/console-lead-delivered.png', fullPage: true });
    });
  });
}
