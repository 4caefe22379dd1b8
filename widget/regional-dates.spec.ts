/**
 * A day the widget writes ("Open it on any device to carry on, until …", Check your answers) in
 * the form's language as the page's region writes it, else the browser's (#78): on an `en-GB`
 * page, or in an `en-GB` browser, "4 December 2026", as the saved enquiry's email says it; in
 * American English "December 4, 2026"; a region of another language never changes it.
 */
import { expect, test, type Browser } from '@playwright/test';
import { lawFirm } from '../demo/forms/index.ts';
import { openForm } from '../e2e/support/widget-harness.ts';

// A test here opens up to three browsers one after another: about 10 s in CI, near the widget
// project's 15 s.
test.describe.configure({ timeout: 45_000 });

const DAY_FIRST = /until \d{1,2} [A-Z][a-z]+ 20\d\d\./;
const MONTH_FIRST = /until [A-Z][a-z]+ \d{1,2}, 20\d\d\./;

/** The save panel's words, on a page in `pageLang`, in a browser reading `locale`. */
async function savePanelSays(browser: Browser, pageLang: string, locale: string) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  const { form } = await openForm(page, { config: { ...lawFirm, draftDays: 7 }, pageLang });
  await form.getByRole('button', { name: 'Save and continue later' }).click();
  const intro = form.getByText('We will email you a link to this form');
  await expect(intro).toBeVisible();
  const text = await intro.innerText();
  await context.close();
  return text;
}

test('an en-GB page in an en-GB browser writes the day before the month, as the email does', async ({
  browser,
}) => {
  expect(await savePanelSays(browser, 'en-GB', 'en-GB')).toMatch(DAY_FIRST);
});

test('the page’s region wins over the browser’s, and the browser’s counts where the page names none', async ({
  browser,
}) => {
  expect(await savePanelSays(browser, 'en-GB', 'en-US')).toMatch(DAY_FIRST);
  expect(await savePanelSays(browser, 'en', 'en-GB')).toMatch(DAY_FIRST);
  expect(await savePanelSays(browser, 'en', 'en-US')).toMatch(MONTH_FIRST);
});

test('a region of another language, or a malformed one, leaves the form’s own language to write it', async ({
  browser,
}) => {
  // A Welsh page holding an English form: English months, as the browser's English writes them.
  expect(await savePanelSays(browser, 'cy-GB', 'en-US')).toMatch(MONTH_FIRST);
  expect(await savePanelSays(browser, 'en-GB!', 'en-US')).toMatch(MONTH_FIRST);
});
