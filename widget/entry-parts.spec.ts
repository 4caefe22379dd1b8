/**
 * The entry's parts (`bundle/late-bundle.ts`'s `ENTRY_PARTS`): what only some forms draw, each a
 * file of its own that the entry fetches before such a form is drawn. A form on one page that
 * the page did not draw fetches neither; a part that cannot load is a form that could not be
 * loaded, with its Try again, never a form drawn without it.
 */
import { expect, test, type Locator } from '@playwright/test';
import { drawnShadowRoot } from '../bundle/embed-code.ts';
import lawFirm from '../demo/forms/law-firm.json' with { type: 'json' };
import { publicConfig, type FormConfig } from '#contract';
import { openForm } from '../e2e/support/widget-harness.ts';
import { lawFirmInSteps } from '../proxy/test/fixtures/steps-config.ts';

const title = (form: Locator) => form.locator('.step-title');

test('a form on one page that the page did not draw fetches no part', async ({ page }) => {
  const harness = await openForm(page, { config: lawFirm });
  await expect(harness.form.getByLabel('First name')).toBeVisible();
  await expect.poll(() => harness.lateBundleRequests).toBe(1);
  expect(harness.partRequests).toEqual([]);
});

test('a form in steps fetches its steps part and is drawn at its first step with it', async ({
  page,
}) => {
  const harness = await openForm(page, { config: lawFirmInSteps });
  await expect(title(harness.form)).toHaveText(/Step 1 of 5\s+Your details/);
  await expect(harness.form.getByRole('button', { name: 'Continue' })).toBeVisible();
  expect(harness.partRequests).toEqual(['steps part']);
});

test('a steps part that cannot load is a form that could not be loaded; Try again draws it', async ({
  page,
}) => {
  const harness = await openForm(page, { config: lawFirmInSteps, parts: { failures: 1 } });
  const { form } = harness;
  await expect(form.locator('[part=failure]')).toContainText('the form could not be loaded');
  await expect(form.getByLabel('First name')).toHaveCount(0);

  await form.getByRole('button', { name: 'Try again' }).click();
  await expect(title(harness.form)).toHaveText(/Step 1 of 5\s+Your details/);
  await expect(form.getByLabel('First name')).toBeVisible();
  expect(harness.partRequests).toEqual(['steps part', 'steps part']);
});

test('a form the page drew is taken over with the drawn form’s part', async ({ page }) => {
  const config = publicConfig(lawFirm as FormConfig);
  const harness = await openForm(page, {
    config,
    attributes: { 'case-type': 'conveyancing' },
    drawn: await drawnShadowRoot(config, 'conveyancing'),
  });
  const { form } = harness;
  await form.getByLabel('First name').fill('Ada');
  await expect.poll(() => harness.partRequests).toEqual(['drawn form part']);
  await expect(form.locator('#forename')).toHaveCount(1);
  await expect(form.locator('#forename')).toHaveValue('Ada');
});
