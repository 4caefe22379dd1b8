/**
 * The form without JavaScript in Firefox (firefox-esr with `javascript.enabled` off, driven by
 * puppeteer-core over WebDriver BiDi), with a `thankYouUrl` on another site: the proxy's `303`
 * there is allowed by the form page's own policy, and a second press on the same filled page
 * (its first answer lost) is the same enquiry, never a second lead. Skipped, saying why, where
 * Firefox is not installed.
 */
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThankYouStack, type ThankYouStack } from '../support/thank-you-stack.ts';
import { noFirefox, launchFirefox } from './firefox-stack.ts';

let stack: ThankYouStack;
let browser: Browser;
let page: Page;

/** Waits until `check` holds, or fails after five seconds. */
async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(noFirefox)('the form without JavaScript in Firefox', () => {
  beforeAll(async () => {
    stack = await startThankYouStack();
    browser = await launchFirefox({ 'javascript.enabled': false });
    page = await browser.newPage();
  }, 60_000);
  afterAll(async () => {
    await browser.close();
    await stack.close();
  });

  it('ends on the thank-you page after Send is pressed twice on the same page, with one enquiry sent', async () => {
    const before = (await stack.inbox()).length;
    await page.goto(`${stack.demo.proxyUrl}/form?case-type=conveyancing`);
    await page.type('#field-forename', 'Ada');
    await page.type('#field-surname', 'Lovelace');
    await page.type('#field-email', 'ada@example.com');
    // From the keyboard: puppeteer's click waits on a page script that never runs here.
    await page.focus('input[type=radio][value="Buying"]');
    await page.keyboard.press(' ');
    await page.select('[name="answers.property_value"]', 'Under £250,000');
    // The thank-you site drops this first answer: the visitor stays on the filled form.
    await page.focus('button[type=submit]');
    await page.keyboard.press('Enter');
    await until(async () => (await stack.inbox()).length === before + 1);
    expect(new URL(page.url()).pathname).toBe('/form');

    await page.focus('button[type=submit]');
    await page.keyboard.press('Enter');
    await until(() => Promise.resolve(page.url().startsWith(stack.thankYouUrl)));
    expect(page.url()).toMatch(new RegExp(`^${stack.thankYouUrl}\\?reference=EQ-`));
    expect(await stack.inbox()).toHaveLength(before + 1);
  });
});
