/**
 * The appointment answer through the form's other journeys (issue #75), against mocked routes:
 * a form in steps and its Check your answers, the offline send, and "Save and continue later"
 * opened on another device, where a time taken since is said to be no longer free.
 */
import { expect, test, type Browser, type Locator } from '@playwright/test';
import { bookingConfig, DECEMBER, slotsReply, WHEN } from '../e2e/support/booking-form.ts';
import { openWithCode, saveFor } from '../e2e/support/drafting-stack.ts';
import {
  ORIGIN,
  WidgetHarness,
  openForm,
  type HarnessOptions,
} from '../e2e/support/widget-harness.ts';

test.use({
  viewport: { width: 390, height: 844 },
  timezoneId: 'America/New_York',
  locale: 'en-GB',
});

const proceed = (form: Locator) =>
  form.getByRole('button', { name: 'Continue', exact: true }).click();
const picker = (form: Locator) => form.getByRole('group', { name: WHEN });

test('in a form in steps, Check your answers writes the time on the visitor’s clock, and its Change leads back to the question', async ({
  page,
}) => {
  const harness = await openForm(page, {
    config: bookingConfig({ steps: true }),
    slots: () => slotsReply(DECEMBER),
  });
  const { form } = harness;
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Email address').fill('ada@example.com');
  await proceed(form);
  await form.getByRole('radio', { name: 'Book a first consultation' }).check();
  await proceed(form);
  // Steps of one question each: the area, then the call.
  await form.getByRole('radio', { name: 'Family' }).check();
  await proceed(form);
  await picker(form).getByRole('radio', { name: 'Wed 2 Dec' }).check();
  await picker(form).getByRole('radio', { name: '05:30' }).check();
  while (!(await form.locator('.step-title').textContent())?.includes('Check your answers'))
    await proceed(form);

  const row = form.locator('.check-answers__row', { hasText: WHEN });
  await expect(row.locator('.check-answers__value')).toHaveText(
    /^Wednesday,? 2 December 2026 at 05:30 Eastern Time$/,
  );
  await row.getByRole('button', { name: `Change ${WHEN}` }).click();
  await expect(picker(form).getByRole('radio', { name: '05:30' })).toBeChecked();
  await picker(form).getByRole('radio', { name: '05:00' }).check();
  await proceed(form);
  await expect(row.locator('.check-answers__value')).toHaveText(/05:00 Eastern Time$/);
  await form.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(form.locator('[part=confirmation]')).toBeVisible();
  expect(harness.submissions[0]?.enquiry.answers?.call).toBe('2026-12-02T10:00:00Z');
});

test('sent while offline, the enquiry keeps its time, and goes with it once the connection is back', async ({
  page,
  context,
}) => {
  const harness = await openForm(page, {
    config: bookingConfig(),
    slots: () => slotsReply(DECEMBER),
    // The browser offline: the send gets no answer (the harness's routes do not go offline).
    replies: [{ status: 0, abort: true }],
  });
  const { form } = harness;
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Email address').fill('ada@example.com');
  await form.getByRole('radio', { name: 'Book a first consultation' }).check();
  await form.getByRole('radio', { name: 'Family' }).check();
  await picker(form).getByRole('radio', { name: '09:00' }).check();
  await context.setOffline(true);
  await form.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(form.locator('[part=failure]')).toContainText('Check you are online');
  await expect(picker(form).getByRole('radio', { name: '09:00' })).toBeChecked();
  await context.setOffline(false);
  await form.locator('[part=failure]').getByRole('button', { name: 'Try again' }).click();
  await expect(form.locator('[part=confirmation]')).toBeVisible();
  expect(harness.submissions.map((sent) => sent.enquiry.answers?.call)).toEqual([
    '2026-12-01T14:00:00Z',
    '2026-12-01T14:00:00Z',
  ]);
});

/** Saves the enquiry with 05:30 on Wednesday 2 December on a phone; gives the emailed link and what was stored. */
async function saveOnPhone(browser: Browser, options: HarnessOptions) {
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    timezoneId: 'America/New_York',
    locale: 'en-GB',
  });
  const onPhone = await phone.newPage();
  const saving = new WidgetHarness(onPhone, options);
  await saving.install();
  const saved = { link: '', stored: '' };
  await onPhone.route(`${ORIGIN}/api/drafts**`, async (route) => {
    const body = route.request().postDataJSON() as { key: string; ciphertext: string };
    saved.link = `/#enquiry-draft=${'a'.repeat(32)}.${body.key}`;
    saved.stored = body.ciphertext;
    await route.fulfill({
      status: 201,
      contentType: 'application/json',
      body: JSON.stringify({ id: 'a'.repeat(32), expiresAt: Date.now() + 7 * 86_400_000 }),
    });
  });
  await saving.goto();
  const form = saving.form;
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Email address').fill('ada@example.com');
  await form.getByRole('radio', { name: 'Book a first consultation' }).check();
  await form.getByRole('radio', { name: 'Family' }).check();
  await picker(form).getByRole('radio', { name: 'Wed 2 Dec' }).check();
  await picker(form).getByRole('radio', { name: '05:30' }).check();
  await saveFor(form);
  await expect(form.getByText(/^Saved\. We have emailed a link to ada@example\.com/)).toBeVisible();
  await phone.close();
  return saved;
}

/** Opens the saved link on a desktop in New York with the emailed code; gives its form. */
async function openOnDesktop(
  browser: Browser,
  options: HarnessOptions,
  saved: { link: string; stored: string },
) {
  const desktop = await browser.newContext({ timezoneId: 'America/New_York', locale: 'en-GB' });
  const page = await desktop.newPage();
  const opening = new WidgetHarness(page, options);
  await opening.install();
  await page.route(`${ORIGIN}/api/drafts/**`, (route) =>
    route.fulfill({
      status: new URL(route.request().url()).pathname.endsWith('/code') ? 202 : 200,
      contentType: 'application/json',
      body: JSON.stringify({ ciphertext: saved.stored, expiresAt: Date.now() + 86_400_000 }),
    }),
  );
  await page.goto(`${ORIGIN}${saved.link}`);
  await openWithCode(opening.form, 'ada@example.com', () => Promise.resolve('123456'));
  await expect(opening.form.getByText('Your saved answers are back.')).toBeVisible();
  return opening.form;
}

// Two tests, not one loop: a save and an opening each take a few seconds on a busy machine, and
// the two openings in one test ran past the test's 15 s in CI. Each test still opens two browser
// contexts, a phone's and a desktop's: 8.5 s with one worker beside a CI run, so its own 30 s
// rather than the widget project's 15 s, which two workers on CI's two cores would come near.
const TWO_DEVICES_MS = 30_000;

test('a saved enquiry opened on another device keeps its time', async ({ browser }) => {
  test.setTimeout(TWO_DEVICES_MS);
  const options: HarnessOptions = {
    config: { ...bookingConfig(), draftDays: 7 },
    slots: () => slotsReply(DECEMBER),
  };
  const onDesktop = await openOnDesktop(browser, options, await saveOnPhone(browser, options));
  await expect(picker(onDesktop).getByRole('radio', { name: 'Wed 2 Dec' })).toBeChecked();
  await expect(picker(onDesktop).getByRole('radio', { name: '05:30' })).toBeChecked();
});

test('a saved enquiry opened on another device says so once its time is no longer free', async ({
  browser,
}) => {
  test.setTimeout(TWO_DEVICES_MS);
  let offered = DECEMBER;
  const options: HarnessOptions = {
    config: { ...bookingConfig(), draftDays: 7 },
    slots: () => slotsReply(offered),
  };
  const saved = await saveOnPhone(browser, options);
  offered = DECEMBER.filter((slot) => slot.start !== '2026-12-02T10:30:00Z');
  const onDesktop = await openOnDesktop(browser, options, saved);
  await expect(picker(onDesktop).getByText(/is no longer free/)).toBeVisible();
  await expect(
    picker(onDesktop).getByRole('radio', { checked: true, name: /^\d\d:\d\d$/ }),
  ).toHaveCount(0);
});
