import { expect, test } from '@playwright/test';
import lawFirm from '../demo/forms/law-firm.json' with { type: 'json' };
import { DELIVERED, openForm } from '../e2e/support/widget-harness.ts';
import { gate } from '../e2e/support/gate.ts';
import { FILES, chooseFiles, fillConveyancing, send } from '../e2e/support/visitor.ts';

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
