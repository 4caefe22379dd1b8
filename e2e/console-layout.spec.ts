/**
 * The console as staff read it, at a desk (1280 px) and on a phone (390 px, the chart at 320):
 * addresses and dates never broken inside a word, the caption and the header lined up with the
 * rest, the chart's axes labelled with days and counts in type that stays readable, and no path of
 * this repository in what staff read.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN_TOKEN, openConsoleStack, type ConsoleStack } from './support/console-stack.ts';

let stack: ConsoleStack;
test.describe.configure({ mode: 'serial', timeout: 60_000 });
test.beforeAll(async () => {
  stack = await openConsoleStack('sqlite');
});
test.afterAll(async () => {
  await stack.close();
});

async function signIn(page: Page) {
  await page.goto(`${stack.demo.proxyUrl}/admin/sign-in`);
  await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
}

/**
 * Where the text of `cell` goes onto a new line, as the characters that start each line after
 * the first (a space the line broke at is not drawn, so the next character is named).
 */
const lineStarts = (cell: Locator) =>
  cell.evaluate((element) => {
    const starts: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let top: number | undefined;
    let before = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i += 1) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getClientRects()[0];
        if (!box || text[i]?.trim() === '') {
          before = text[i] ?? '';
          continue;
        }
        if (top !== undefined && box.top > top + 2)
          starts.push(`${before.trim() ? '' : ' '}${text[i] ?? ''}`);
        top = box.top;
        before = text[i] ?? '';
      }
    }
    return starts;
  });

/** The left edge of what `locator` shows. */
const leftOf = async (locator: Locator) => (await locator.boundingBox())?.x ?? Number.NaN;

for (const width of [1280, 390]) {
  test(`the leads list keeps addresses and dates whole, its caption and header in line, at ${String(width)} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    await page.goto(`${stack.demo.proxyUrl}/admin/leads`);
    const rows = page.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    for (const row of await rows.all()) {
      // An address breaks only before its "@"; a date only between the day and the time.
      for (const start of await lineStarts(row.locator('td').nth(3))) expect(start).toBe('@');
      for (const start of await lineStarts(row.locator('td').nth(1)))
        expect(start).toMatch(/^ \d$/);
    }
    const table = page.locator('table');
    expect(await leftOf(page.locator('caption'))).toBeCloseTo(await leftOf(table), 0);
    // Drawn as blocks on a phone, it is still a table to a screen reader, with its headers.
    await expect(page.getByRole('columnheader', { name: 'Email address' })).toHaveCount(1);
    await expect(page.getByRole('cell', { name: 'grace.hopper@example.com' })).toHaveCount(1);
    // Nothing scrolls sideways, and nothing is cut off.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    expect(await leftOf(page.locator('.brand'))).toBeCloseTo(
      await leftOf(page.getByRole('heading', { level: 1 })),
      0,
    );
  });
}

test('the chart names its days and counts on its axes, readable at 320 px', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await signIn(page);
  const axis = (name: string) => page.locator(`.chart__${name} span`);
  await expect(axis('counts')).toHaveText(['4', '2', '0']);
  // The table lists the days newest first; the chart, oldest first: the first, middle and last.
  const days = (await page.locator('table tbody th[scope=row]').allTextContents()).reverse();
  const shown = (await axis('days').allTextContents()).filter(Boolean);
  const middle = Math.floor((days.length - 1) / 2);
  expect(shown).toEqual([days[0], days[middle], days.at(-1)].map((day) => day?.trim()));
  const labels = await page.locator('.chart__days span:not(:empty), .chart__counts span').all();
  const boxes = await Promise.all(labels.map((label) => label.boundingBox()));
  const sizes = await Promise.all(
    labels.map((label) => label.evaluate((span) => parseFloat(getComputedStyle(span).fontSize))),
  );
  for (const size of sizes) expect(size).toBeGreaterThanOrEqual(12);
  // Inside the page, and none over another.
  for (const [i, box] of boxes.entries()) {
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(320);
    for (const other of boxes.slice(i + 1))
      expect(
        !box ||
          !other ||
          box.x + box.width <= other.x ||
          other.x + other.width <= box.x ||
          box.y + box.height <= other.y ||
          other.y + other.height <= box.y,
      ).toBe(true);
  }
});

test('a lead’s page names no file of this repository', async ({ page }) => {
  await signIn(page);
  await page.goto(`${stack.demo.proxyUrl}/admin/leads/EQ-DEAD-0001`);
  await expect(page.getByRole('heading', { name: 'Erase this lead' })).toBeVisible();
  expect(await page.locator('body').innerText()).not.toMatch(/docs\/|\.md\b|README/);
});
