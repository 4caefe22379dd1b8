import { expect, test } from '@playwright/test';
import callback from '../demo/forms/callback.json' with { type: 'json' };
import { FORM_TOKEN, openForm } from '../e2e/support/widget-harness.ts';
import { fillCallback, send } from '../e2e/support/visitor.ts';

/** The proxy's minimum fill time, short enough for a spec to wait out. */
const MIN_FILL_SECONDS = 1.5;

test('a form token fetched at send time is sent no sooner than the minimum fill time', async ({
  page,
}) => {
  // The token request at load fails, so the widget asks again when the visitor sends.
  const harness = await openForm(page, {
    config: { ...callback, minFillSeconds: MIN_FILL_SECONDS },
    tokenFailures: 1,
  });
  const { form } = harness;
  await fillCallback(form);
  await send(form);
  await expect(form.locator('[part=progress]')).toContainText('Sending your enquiry…');
  await expect(form.locator('[part=confirmation]')).toBeVisible();

  expect(harness.tokenRequests).toBe(2);
  const [sent] = harness.submissions;
  expect(sent?.enquiry.form_token).toBe(FORM_TOKEN);
  const [issuedAt] = harness.tokensIssuedAt;
  expect((sent?.receivedAt ?? 0) - (issuedAt ?? 0)).toBeGreaterThanOrEqual(MIN_FILL_SECONDS * 1000);
});
