/**
 * The email field's "Did you mean …?" (`late/email-suggestion.ts`): offered on leaving the field,
 * never in the way of sending, gone once the address changes.
 */
import { expect, test } from '@playwright/test';
import lawFirm from '../demo/forms/law-firm.json' with { type: 'json' };
import { openForm } from '../e2e/support/widget-harness.ts';
import { gate } from '../e2e/support/gate.ts';
import { fillConveyancing, send } from '../e2e/support/visitor.ts';

const offer = /^Did you mean/;

test('an address left before the late bundle arrives is offered its correction once it does', async ({
  page,
}) => {
  const late = gate();
  const harness = await openForm(page, { config: lawFirm, lateBundle: { until: late.until } });
  const email = harness.form.getByLabel('Email address');
  await email.fill('ada@hotmial.com');
  await email.press('Tab');
  await expect.poll(() => harness.lateBundleRequests).toBe(1);
  late.open();
  await expect(harness.form.getByRole('button', { name: offer })).toHaveText(
    'Did you mean ada@hotmail.com?',
  );
});

test('a correct address is never offered a correction', async ({ page }) => {
  const { form } = await openForm(page, { config: lawFirm });
  const email = form.getByLabel('Email address');
  // A typo first: once its offer shows, the late bundle is there and judges each address left.
  await email.fill('ada@hotmial.com');
  await email.press('Tab');
  await expect(form.getByRole('button', { name: offer })).toHaveText(
    'Did you mean ada@hotmail.com?',
  );
  for (const address of ['ada@gmail.com', 'ada@example.com', 'ada@bücher.de', 'ada@aol.com']) {
    await email.fill(address);
    await email.press('Tab');
    await form.evaluate((element: HTMLElement & { updateComplete: Promise<boolean> }) =>
      element.updateComplete.then(() => undefined),
    );
    await expect(form.getByRole('button', { name: offer })).toHaveCount(0);
  }
});

test('the offer goes once the address is changed by hand', async ({ page }) => {
  const { form } = await openForm(page, { config: lawFirm });
  const email = form.getByLabel('Email address');
  await email.fill('ada@gmial.com');
  await email.press('Tab');
  await expect(form.getByRole('button', { name: offer })).toBeVisible();
  await email.fill('ada@gmail.co');
  await expect(form.getByRole('button', { name: offer })).toHaveCount(0);
});

test('sending straight from a mistyped address sends it as typed', async ({ page }) => {
  const harness = await openForm(page, { config: lawFirm });
  const { form } = harness;
  await fillConveyancing(form);
  await form.getByLabel('Email address').fill('ada@gmial.com');
  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeVisible();
  expect(harness.submissions[0]?.enquiry.email).toBe('ada@gmial.com');
});
