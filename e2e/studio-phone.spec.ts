/**
 * The form studio's preview on a phone, in Chromium (issue #78, minor 7): with the console 390 px
 * wide, the phone preview's frame fits the screen, its right edge in view and the page never
 * scrolling sideways. Against the stack `npm start` runs (`e2e/support/studio-stack.ts`).
 */
import { expect, test } from '@playwright/test';
import { ADMIN_TOKEN, openStudioStack, type StudioStack } from './support/studio-stack.ts';

test.describe.configure({ mode: 'serial', timeout: 90_000 });
test.use({ viewport: { width: 390, height: 844 } });

let stack: StudioStack | undefined;
test.beforeAll(async () => {
  stack = await openStudioStack('law-firm');
});
test.afterAll(async () => {
  await stack?.close();
});

test('shows the whole phone preview on a 390 px screen, nothing cut off on the right', async ({
  page,
}) => {
  if (!stack) throw new Error('the studio stack did not start');
  await page.goto(`${stack.url}/admin/sign-in`);
  await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await page.goto(`${stack.url}/admin/form/preview`);
  const frame = page.locator('.preview-stage iframe');
  await expect(frame).toBeVisible();
  const box = await frame.boundingBox();
  if (!box) throw new Error('the preview frame has no box');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBe(0);
  // The form inside is drawn at the width it is given, as on a visitor's phone: no sideways scroll.
  const inner = page.frame({ url: /\/admin\/form\/preview\/frame/ });
  if (!inner) throw new Error('the preview frame has no document');
  await inner.locator('enquiry-form').waitFor();
  const innerSideways = await inner.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(innerSideways).toBe(0);
});
