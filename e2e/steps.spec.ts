/**
 * A form in steps (`"steps"`, `proxy/test/fixtures/steps-config.ts`) through the whole stack: a
 * visitor walks it with the browser's own Back and Forward, reloads halfway, changes an answer
 * from Check your answers, and sends; the platform receives exactly what the same answers sent
 * from the same form on one page make.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test, type InboxEnquiry } from './support/stack.ts';
import { FILES, chooseFiles, send } from './support/visitor.ts';

test.describe.configure({ timeout: 60_000 });
// A British visitor's browser: Check your answers writes a date as en-GB does.
test.use({ locale: 'en-GB' });

const heading = (form: Locator) => form.locator('.step-title');
const proceed = (form: Locator) => form.getByRole('button', { name: 'Continue' }).click();

/** The step the visitor sees ("Step 3 of 7 The property"), with focus on its heading. */
async function expectStep(form: Locator, text: RegExp) {
  await expect(heading(form)).toHaveText(text);
  await expect(heading(form)).toBeFocused();
}

async function fillContact(form: Locator) {
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Email address').fill('ada@example.com');
}

/**
 * The case type, chosen in its own step before the steps its list titles: the count grows with
 * them, in the heading and in what the live region says alike.
 */
async function chooseConveyancing(form: Locator) {
  await form.getByRole('radio', { name: 'Buying or selling a property' }).check();
  await expect(heading(form)).toHaveText(/Step 2 of 7\s+Your enquiry/);
  await expect(form.getByRole('status')).toHaveText('Step 2 of 7: Your enquiry');
  await proceed(form);
  await expectStep(form, /Step 3 of 7\s+The property/);
}

/** Buying shows the lender question; selling hides it again, so its answer is not sent. */
async function buyThenSell(form: Locator) {
  await form.getByRole('radio', { name: 'Buying', exact: true }).check();
  await form.getByLabel('Which lender is providing your mortgage?').fill('Nationwide');
  await form.getByLabel('Roughly what is the property worth?').selectOption('Under £250,000');
  await form.getByRole('radio', { name: 'Selling', exact: true }).check();
  await expect(form.getByLabel('Which lender is providing your mortgage?')).toHaveCount(0);
}

const NOTES = 'A chain of three.';
const COMPLETION = '2026-10-01';
const CHANGED_NOTES = 'A chain of two.';

/** What the platform holds, without what differs between any two sends (ids, times). */
const comparable = ({ id: _id, receivedAt: _at, ...enquiry }: InboxEnquiry) =>
  JSON.parse(
    JSON.stringify(enquiry)
      .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<time>')
      .replace(/EQ-[0-9A-Z]{4}-[0-9A-Z]{4}/g, '<reference>'),
  ) as unknown;

async function openForm(page: Page, url: string) {
  await page.goto(url);
  return page.locator('enquiry-form');
}

/** From a fresh form to step 2 ("Step 2 of 5 Your enquiry"), the details filled in. */
async function toYourEnquiry(page: Page, url: string) {
  const form = await openForm(page, url);
  await fillContact(form);
  await proceed(form);
  await expectStep(form, /Step 2 of 5\s+Your enquiry/);
  return form;
}

test('a visitor walks the steps with Back, Forward and a reload, changes an answer, and sends what the one-page form sends', async ({
  page,
  steps,
  consent,
}) => {
  const before = (await steps.inbox()).length;
  const form = await openForm(page, steps.demo.siteUrl);
  await expect(heading(form)).toHaveText(/Step 1 of 5\s+Your details/);

  // Continue checks this step only: the case type, further on, is not mentioned yet.
  await proceed(form);
  const summary = form.locator('[part=error-summary]');
  await expect(summary).toBeFocused();
  await expect(summary).toContainText('Enter your first name');
  await expect(summary).not.toContainText('enquiry is about');

  await fillContact(form);
  await proceed(form);
  await expectStep(form, /Step 2 of 5\s+Your enquiry/);
  await expect(form.getByRole('status')).toHaveText(/Step 2 of 5: Your enquiry/);
  await chooseConveyancing(form);
  await buyThenSell(form);
  await proceed(form);
  await expectStep(form, /Step 4 of 7\s+Completion/);
  await form.getByLabel('When would you like to complete?').fill(COMPLETION);
  await form.getByLabel('Anything else we should know?').fill(NOTES);

  // The browser's Back and Forward move between steps, keeping every answer.
  await page.goBack();
  await expectStep(form, /Step 3 of 7\s+The property/);
  await expect(form.getByRole('radio', { name: 'Selling', exact: true })).toBeChecked();
  await page.goForward();
  await expectStep(form, /Step 4 of 7\s+Completion/);

  // A reload returns to the same step, with what was typed.
  await page.reload();
  await expect(heading(form)).toHaveText(/Step 4 of 7\s+Completion/);
  await expect(form.getByLabel('Anything else we should know?')).toHaveValue(NOTES);
  await proceed(form);
  await expectStep(form, /Step 5 of 7\s+Files/);
  await chooseFiles(page, form, FILES.pdf);
  await proceed(form);
  await expectStep(form, /Step 6 of 7\s+Your consent/);
  await proceed(form);
  await expect(summary).toContainText('Tick the box to agree to');
  await form.getByRole('checkbox', { name: /I agree that the firm may contact me/ }).check();
  await proceed(form);
  await expectStep(form, /Step 7 of 7\s+Check your answers/);

  const answers = form.locator('.check-answers');
  await expect(answers).toContainText('Selling');
  // The date as the visitor writes it, not as the date field holds it.
  await expect(answers).toContainText('1 October 2026');
  await expect(answers).not.toContainText(COMPLETION);
  await expect(answers).toContainText(FILES.pdf.name);
  await expect(answers).not.toContainText('Nationwide');
  await expect(answers).not.toContainText('Which lender');

  await form.getByRole('button', { name: 'Change Anything else we should know?' }).click();
  await expectStep(form, /Step 4 of 7\s+Completion/);
  await form.getByLabel('Anything else we should know?').fill(CHANGED_NOTES);
  await proceed(form);
  await expectStep(form, /Step 7 of 7\s+Check your answers/);
  await expect(answers).toContainText(CHANGED_NOTES);
  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeFocused();
  const [stepped] = await steps.arrivals(before);

  // The same answers, on the same form on one page.
  const oneBefore = (await consent.inbox()).length;
  const onePage = await openForm(page, consent.demo.siteUrl);
  await fillContact(onePage);
  await onePage.getByRole('radio', { name: 'Buying or selling a property' }).check();
  await buyThenSell(onePage);
  await onePage.getByLabel('When would you like to complete?').fill(COMPLETION);
  await onePage.getByLabel('Anything else we should know?').fill(CHANGED_NOTES);
  await chooseFiles(page, onePage, FILES.pdf);
  await onePage.getByRole('checkbox', { name: /I agree that the firm may contact me/ }).check();
  await send(onePage);
  await expect(onePage.locator('[part=confirmation]')).toBeFocused();
  const [unstepped] = await consent.arrivals(oneBefore);

  expect(stepped && comparable(stepped)).toEqual(unstepped && comparable(unstepped));
  expect(JSON.stringify(stepped)).not.toContain('Nationwide');
});

test('a send with a problem on an earlier step takes the visitor there, with that step’s problems', async ({
  page,
  steps,
}) => {
  const form = await toYourEnquiry(page, steps.demo.siteUrl);
  // A draft resumed on Check your answers with the first name since emptied (another tab).
  await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith('enquiry-form:draft:'));
    if (!key) throw new Error('no draft');
    const draft = JSON.parse(sessionStorage.getItem(key) ?? '{}') as {
      step: string;
      values: Record<string, unknown>;
    };
    sessionStorage.setItem(
      key,
      JSON.stringify({ ...draft, step: 'check', values: { ...draft.values, forename: '' } }),
    );
  });
  await page.reload();
  await expect(heading(form)).toHaveText(/Step 5 of 5\s+Check your answers/);
  await send(form);
  const summary = form.locator('[part=error-summary]');
  await expect(summary).toBeFocused();
  await expect(heading(form)).toHaveText(/Step 1 of 5\s+Your details/);
  await expect(summary).toContainText('Enter your first name');
  await expect(summary).not.toContainText('enquiry is about');
});

/** From a fresh form to step 3 with a sale chosen ("Step 3 of 7 The property"). */
async function toThePropertyStep(page: Page, url: string) {
  const form = await toYourEnquiry(page, url);
  await chooseConveyancing(form);
  await form.getByRole('radio', { name: 'Selling', exact: true }).check();
  await form.getByLabel('Roughly what is the property worth?').selectOption('Under £250,000');
  return form;
}

test('Continue pressed far down a long step shows the next step from its heading, focused', async ({
  page,
  steps,
}) => {
  await page.setViewportSize({ width: 320, height: 320 });
  const form = await toThePropertyStep(page, steps.demo.siteUrl);
  await form.getByRole('button', { name: 'Continue' }).scrollIntoViewIfNeeded();
  await expect(heading(form)).not.toBeInViewport();
  await proceed(form);
  await expectStep(form, /Step 4 of 7\s+Completion/);
  await expect(heading(form)).toBeInViewport();
});

test('the form’s Back pressed as the next step appears returns, and the browser’s Forward goes there again', async ({
  page,
  steps,
}) => {
  const form = await toThePropertyStep(page, steps.demo.siteUrl);
  // Continue, then the form's Back as soon as the step is drawn: in one task, before the
  // browser is idle and has the step's history entry.
  await form.evaluate(async (element) => {
    const root = element.shadowRoot;
    root?.querySelector<HTMLButtonElement>('button[type=submit]')?.click();
    const drawn = () => root?.querySelector('.step-title')?.textContent.includes('Completion');
    for (let turn = 0; turn < 100 && !drawn(); turn += 1) await Promise.resolve();
    root?.querySelector<HTMLButtonElement>('.step-buttons .button--secondary')?.click();
  });
  await expectStep(form, /Step 3 of 7\s+The property/);
  await page.goForward();
  await expectStep(form, /Step 4 of 7\s+Completion/);
});

test('the form’s Back never leaves the page, even when the step’s history entry is all there is', async ({
  page,
  steps,
}) => {
  const form = await toYourEnquiry(page, steps.demo.siteUrl);
  // Back on the page from elsewhere, the draft's step is shown; the entry then holds what
  // a reload at the moment the step's entry was added leaves in Chromium: the step's entry
  // in place of the entry before, which is the other page's.
  await page.goto('about:blank');
  await page.goto(steps.demo.siteUrl);
  await expect(heading(form)).toHaveText(/Step 2 of 5/);
  await page.evaluate(() => {
    const draft = Object.keys(sessionStorage).find((key) => key.startsWith('enquiry-form:draft:'));
    if (!draft) throw new Error('no draft');
    history.replaceState({ [`enquiry-form-step:${draft}`]: { step: 'q0', from: 'contact' } }, '');
  });
  await form.getByRole('button', { name: 'Back' }).click();
  await expectStep(form, /Step 1 of 5\s+Your details/);
  expect(page.url()).toBe(steps.demo.siteUrl);
});

test('after a reload in the moment after Continue, the form’s Back goes to the step before, on the page', async ({
  page,
  steps,
}) => {
  const form = await toThePropertyStep(page, steps.demo.siteUrl);
  // Continue, and the reload in the same task: before the browser is idle and adds the entry.
  // The reloaded page is waited for: the old one shows step 3 too, until the reload commits.
  const reloaded = page.waitForEvent('load');
  await form.evaluate((element) => {
    element.shadowRoot?.querySelector<HTMLButtonElement>('button[type=submit]')?.click();
    location.reload();
  });
  await reloaded;
  await expect(heading(form)).toHaveText(/Step 4 of 7\s+Completion/);
  await form.getByRole('button', { name: 'Back' }).click();
  await expectStep(form, /Step 3 of 7\s+The property/);
  expect(page.url()).toBe(steps.demo.siteUrl);
});
