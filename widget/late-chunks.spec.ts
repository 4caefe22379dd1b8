/**
 * The late bundle's chunks (`widget/late/index.ts`): the steps and the Turnstile check are
 * fetched only by a form whose configuration uses them, as soon as it does, and a chunk that
 * cannot load is a failed press the visitor can repeat, never a press that does nothing.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import lawFirm from '../demo/forms/law-firm.json' with { type: 'json' };
import { DELIVERED, openForm, type WidgetHarness } from '../e2e/support/widget-harness.ts';
import { gate } from '../e2e/support/gate.ts';
import { fillConveyancing, send } from '../e2e/support/visitor.ts';
import { lawFirmInSteps } from '../proxy/test/fixtures/steps-config.ts';

const title = (form: Locator) => form.locator('.step-title');
const proceed = (form: Locator) => form.getByRole('button', { name: 'Continue' }).click();

async function fillDetails(form: Locator) {
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Email address').fill('ada@example.com');
}

/** Answers the steps chunk only once `until` settles, or drops it while `offline()` says so. */
async function holdStepsChunk(page: Page, harness: WidgetHarness, hold: ChunkHold) {
  await expect.poll(() => harness.lateChunkRequests.length).toBeGreaterThan(0);
  const [name] = harness.lateChunkRequests;
  await page.route(`**/${String(name)}`, async (route) => {
    await hold.until;
    if (hold.offline?.()) return route.abort('internetdisconnected');
    return route.fallback();
  });
}
interface ChunkHold {
  until?: Promise<unknown>;
  offline?: () => boolean;
}

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
  await expect(title(form)).toHaveText(/Step 1 of 5\s+Your details/);
  // Fetched with the late bundle once the form is on screen: that first try fails quietly.
  await expect.poll(() => harness.lateChunkRequests.length).toBe(1);
  await fillDetails(form);

  await proceed(form);
  await expect(form.locator('[part=failure]')).toContainText('The connection was lost');
  await expect(title(form)).toHaveText(/Step 1 of 5/);

  await form.getByRole('button', { name: 'Try again' }).click();
  await expect(title(form)).toHaveText(/Step 2 of 5\s+Your enquiry/);
  await expect(title(form)).toBeFocused();
  expect(harness.lateChunkRequests).toHaveLength(3);
  expect(new Set(harness.lateChunkRequests).size).toBe(1);
  expect(harness.submissions).toHaveLength(0);
});

test('Back on a step reloaded without its chunk says the connection was lost, then goes back once it loads', async ({
  page,
}) => {
  const harness = await openForm(page, { config: lawFirmInSteps });
  const { form } = harness;
  await fillDetails(form);
  await proceed(form);
  await expect(title(form)).toHaveText(/Step 2 of 5/);

  let offline = true;
  await holdStepsChunk(page, harness, { offline: () => offline });
  await page.reload();
  await expect(title(form)).toHaveText(/Step 2 of 5/);
  await form.getByRole('button', { name: 'Back' }).click();
  await expect(form.locator('[part=failure]')).toContainText('The connection was lost');
  await expect(title(form)).toHaveText(/Step 2 of 5/);

  offline = false;
  await form.getByRole('button', { name: 'Back' }).click();
  await expect(title(form)).toHaveText(/Step 1 of 5\s+Your details/);
  await expect(form.getByLabel('First name')).toHaveValue('Ada');
});

test('Continue pressed twice while the steps chunk loads moves one step, with no errors from the next', async ({
  page,
}) => {
  const harness = await openForm(page, { config: lawFirmInSteps });
  const { form } = harness;
  await fillDetails(form);
  const chunk = gate();
  await holdStepsChunk(page, harness, { until: chunk.until });
  await page.reload();
  await expect(form.getByLabel('First name')).toHaveValue('Ada');

  await proceed(form);
  await proceed(form);
  chunk.open();
  await expect(title(form)).toHaveText(/Step 2 of 5\s+Your enquiry/);
  await expect(form.locator('[part=error-summary]')).toHaveCount(0);
});

test('a case-type attribute that puts the form in steps fetches the steps chunk before any press', async ({
  page,
}) => {
  // Steps for conveyancing only: on one page until the tag fixes that case type.
  const config = { ...lawFirmInSteps, steps: undefined };
  const harness = await openForm(page, { config });
  const { form } = harness;
  await expect(form.getByLabel('First name')).toBeVisible();
  await expect.poll(() => harness.lateBundleRequests).toBe(1);
  expect(harness.lateChunkRequests).toEqual([]);

  await form.evaluate((element) => {
    element.setAttribute('case-type', 'conveyancing');
  });
  await expect(title(form)).toHaveText(/Step 1 of/);
  await expect.poll(() => harness.lateChunkRequests.length).toBe(1);
});
