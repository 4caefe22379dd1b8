import { expect, test } from '@playwright/test';
import lawFirm from '../demo/forms/law-firm.json' with { type: 'json' };
import { DELIVERED, openForm } from '../e2e/support/widget-harness.ts';
import { gate } from '../e2e/support/gate.ts';
import { FILES, chooseFiles, fillConveyancing, send } from '../e2e/support/visitor.ts';
import { lawFirmInSteps } from '../proxy/test/fixtures/steps-config.ts';

test('the form is there to type in before the late bundle arrives, and a press of Send waits for it', async ({
  page,
}) => {
  const late = gate();
  const harness = await openForm(page, { config: lawFirm, lateBundle: { until: late.until } });
  const { form } = harness;
  await form.getByLabel('First name').fill('Ada');
  await send(form);
  await expect(form.locator('[part=error-summary]')).toHaveCount(0);
  expect(harness.lateBundleRequests).toBe(1);

  late.open();
  const summary = form.locator('[part=error-summary]');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link').first()).toHaveText('Enter your last name');
  // Its own styles came with it: the box has the error colour's border.
  await expect(summary).toHaveCSS('border-top-width', '5px');
});

test('files chosen before the late bundle arrives are checked and listed once it does', async ({
  page,
}) => {
  const late = gate();
  const { form } = await openForm(page, { config: lawFirm, lateBundle: { until: late.until } });
  await chooseFiles(page, form, FILES.pdf, FILES.renamedExe);
  await expect(form.locator('[part=file-list] li')).toHaveCount(0);

  late.open();
  await expect(form.locator('[part=file-list] li')).toHaveCount(2);
  await expect(form.getByText(FILES.renamedExe.name).first()).toBeVisible();
});

test('a late bundle that cannot load is a failed send, and sending again loads it', async ({
  page,
}) => {
  const harness = await openForm(page, {
    config: lawFirm,
    lateBundle: { failures: 2 },
    replies: [DELIVERED],
  });
  const { form } = harness;
  await fillConveyancing(form);
  // The load after first render fails quietly; the press of Send tries again, and fails too.
  await expect.poll(() => harness.lateBundleRequests).toBe(1);
  await send(form);
  await expect(form.locator('[part=failure]')).toContainText('The connection was lost');
  expect(harness.submissions).toHaveLength(0);

  await form.getByRole('button', { name: 'Try again' }).click();
  await expect(form.locator('[part=confirmation]')).toBeVisible();
  expect(harness.submissions).toHaveLength(1);
  expect(harness.lateBundleRequests).toBe(3);
});

test('a form on one page with no security check never fetches the steps or Turnstile chunks', async ({
  page,
}) => {
  const harness = await openForm(page, { config: lawFirm, replies: [DELIVERED] });
  const { form } = harness;
  await fillConveyancing(form);
  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeVisible();
  expect(harness.lateBundleRequests).toBe(1);
  expect(harness.lateChunkRequests).toEqual([]);
});

test('a form in steps fetches its steps chunk; one that cannot load is a failed Continue, and pressing again moves on', async ({
  page,
}) => {
  const harness = await openForm(page, { config: lawFirmInSteps, lateChunks: { failures: 2 } });
  const { form } = harness;
  const title = form.locator('.step-title');
  await expect(title).toHaveText(/Step 1 of 5\s+Your details/);
  // Fetched with the late bundle once the form is on screen: that first try fails quietly.
  await expect.poll(() => harness.lateChunkRequests.length).toBe(1);
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Email address').fill('ada@example.com');

  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.locator('[part=failure]')).toContainText('The connection was lost');
  await expect(title).toHaveText(/Step 1 of 5/);

  await form.getByRole('button', { name: 'Try again' }).click();
  await expect(title).toHaveText(/Step 2 of 5\s+Your enquiry/);
  await expect(title).toBeFocused();
  expect(harness.lateChunkRequests).toHaveLength(3);
  expect(new Set(harness.lateChunkRequests).size).toBe(1);
  expect(harness.submissions).toHaveLength(0);
});
