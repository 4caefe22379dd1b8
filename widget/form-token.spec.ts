import { expect, test } from '@playwright/test';
import { describeIssue } from '#contract';
import callback from '../demo/forms/callback.json' with { type: 'json' };
import { DELIVERED, FORM_TOKEN, openForm, type Reply } from '../e2e/support/widget-harness.ts';
import { fillCallback, send } from '../e2e/support/visitor.ts';

/** The proxy's minimum fill time, short enough for a spec to wait out. */
const MIN_FILL_SECONDS = 1.5;
/** The usual 3 s to see the answer, on top of the widget's own waits of MIN_FILL_SECONDS. */
const afterWaits = (waits: number) => ({ timeout: 3_000 + waits * MIN_FILL_SECONDS * 1000 });

/** The proxy's answer to a form token it cannot verify, or to none. */
const tokenRefused = (code: 'form_expired' | 'required', ...others: object[]): Reply => ({
  status: 400,
  body: {
    error: 'validation',
    message: 'The enquiry has problems',
    issues: [
      ...others,
      describeIssue({ field: 'form_token', code, messageKey: `form_token.${code}`, params: {} }),
    ],
  },
});

test('the form shows before any form token is asked for; the first keystroke asks for one', async ({
  page,
}) => {
  const harness = await openForm(page, { config: callback });
  const firstName = harness.form.getByLabel('First name');
  await expect(firstName).toBeEditable();
  expect(harness.tokenRequests).toBe(0);
  await firstName.fill('Ada');
  await expect.poll(() => harness.tokenRequests).toBe(1);
});

test('asks for a form token once while the visitor types, even when that request fails', async ({
  page,
}) => {
  const harness = await openForm(page, { config: callback, tokenFailures: 1 });
  await harness.form.getByLabel('First name').pressSequentially('Ada Augusta');
  await harness.form.getByLabel('Last name').pressSequentially('Lovelace');
  await expect.poll(() => harness.tokenRequests).toBe(1);
  await page.waitForTimeout(300);
  expect(harness.tokenRequests).toBe(1);
});

test('a form token fetched at send time is sent no sooner than the minimum fill time', async ({
  page,
}) => {
  // The token request at the first keystroke fails, so the widget asks again when sending.
  const harness = await openForm(page, {
    config: { ...callback, minFillSeconds: MIN_FILL_SECONDS },
    tokenFailures: 1,
  });
  const { form } = harness;
  await fillCallback(form);
  await send(form);
  await expect(form.locator('[part=progress]')).toContainText('Sending your enquiry…');
  await expect(form.locator('[part=confirmation]')).toBeVisible(afterWaits(1));

  expect(harness.tokenRequests).toBe(2);
  const [sent] = harness.submissions;
  expect(sent?.enquiry.form_token).toBe(FORM_TOKEN);
  const [issuedAt] = harness.tokensIssuedAt;
  expect((sent?.receivedAt ?? 0) - (issuedAt ?? 0)).toBeGreaterThanOrEqual(MIN_FILL_SECONDS * 1000);
});

test('a form token the proxy no longer accepts is renewed, and the enquiry sent once more, unseen', async ({
  page,
}) => {
  const harness = await openForm(page, {
    config: { ...callback, minFillSeconds: MIN_FILL_SECONDS },
    replies: [tokenRefused('form_expired'), DELIVERED],
  });
  const { form } = harness;
  await fillCallback(form);
  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeVisible(afterWaits(2));
  expect(await harness.events()).toEqual([
    { type: 'enquiry-submitted', detail: expect.objectContaining({ status: 'delivered' }) },
  ]);

  const [first, second] = harness.submissions;
  expect(harness.submissions).toHaveLength(2);
  expect(first?.enquiry.form_token).toBe(FORM_TOKEN);
  expect(second?.enquiry.form_token).toBe(FORM_TOKEN.replace(/1$/, '2'));
  expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
  // The fresh token, too, is held back for the minimum fill time.
  const renewedAt = harness.tokensIssuedAt[1] ?? Infinity;
  expect((second?.receivedAt ?? 0) - renewedAt).toBeGreaterThanOrEqual(MIN_FILL_SECONDS * 1000);
});

test('never shows a form token problem, and a second refusal is a failure to retry', async ({
  page,
}) => {
  const forename = describeIssue({
    field: 'forename',
    code: 'invalid_characters',
    messageKey: 'forename.invalid_characters',
    params: {},
  });
  const harness = await openForm(page, {
    config: callback,
    replies: [
      tokenRefused('form_expired', forename),
      tokenRefused('required'),
      tokenRefused('form_expired'),
      DELIVERED,
    ],
  });
  const { form } = harness;
  await fillCallback(form);
  await send(form);
  // Another problem with the token's: only the one the visitor can fix, and no resend.
  const summary = form.locator('[part=error-summary]');
  await expect(summary.getByRole('listitem')).toHaveText([forename.message]);
  expect(harness.submissions).toHaveLength(1);

  await send(form);
  const failure = form.locator('[part=failure]');
  await expect(failure).toBeFocused();
  await expect(failure).toContainText('Sorry, there is a problem with our system.');
  await expect(summary).toHaveCount(0);
  expect(harness.submissions).toHaveLength(3);
  expect((await harness.events()).map((event) => event.detail)).toEqual([
    { reason: 'server', status: 400, message: expect.stringContaining('problem with our system') },
  ]);

  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(form.locator('[part=confirmation]')).toBeVisible();
  const keys = new Set(harness.submissions.map((s) => s.idempotencyKey));
  expect(harness.submissions).toHaveLength(4);
  expect(keys.size).toBe(1);
});
