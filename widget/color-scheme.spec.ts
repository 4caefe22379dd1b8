/**
 * Light or dark as the page is: a visitor whose system is dark sees a light form on a page that
 * never asked for dark, and a dark one on a page that declares `color-scheme: dark` (or
 * `light dark`). Each case is screenshotted (`test-results/`) to be looked at.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import lawFirm from '../demo/forms/law-firm.json' with { type: 'json' };
import { openForm } from '../e2e/support/widget-harness.ts';

/** The first name input's background and text colours, as the visitor sees them. */
const colours = (form: Locator) =>
  form.getByLabel('First name').evaluate((input) => {
    const style = getComputedStyle(input);
    return { background: style.backgroundColor, text: style.color };
  });

const LIGHT = { background: 'rgb(255, 255, 255)', text: 'rgb(11, 12, 12)' };
const DARK = { background: 'rgb(11, 12, 12)', text: 'rgb(243, 242, 241)' };

async function pageSays(page: Page, scheme: string | undefined) {
  if (scheme === undefined) return;
  // Through the CSSOM: the harness page's policy allows no inline style, which this is not.
  await page.evaluate((value) => {
    document.documentElement.style.colorScheme = value;
    if (value.includes('dark')) document.documentElement.style.background = 'Canvas';
  }, scheme);
}

for (const [system, page_, expected] of [
  ['dark', undefined, LIGHT],
  ['dark', 'dark', DARK],
  ['dark', 'light dark', DARK],
  ['light', 'light dark', LIGHT],
] as const)
  test(`on a ${system} system, a page whose color-scheme is ${page_ ?? 'not set'} gets a ${expected === DARK ? 'dark' : 'light'} form`, async ({
    page,
  }, testInfo) => {
    await page.emulateMedia({ colorScheme: system });
    const { form } = await openForm(page, { config: lawFirm });
    await pageSays(page, page_);
    await expect.poll(() => colours(form)).toEqual(expected);
    await page.screenshot({
      path: testInfo.outputPath(`${system}-system-${page_ ?? 'unset'}.png`.replace(' ', '-')),
      fullPage: true,
    });
  });
