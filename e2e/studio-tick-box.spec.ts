/**
 * A single tick box in the form studio, in Chromium (issue #78, major 1): the law firm's demo form
 * asks "There is a court hearing in the next 14 days" as one box (a `checkbox` question with no
 * options). Its page saved without a change keeps it one box, and the draft goes live; a one-box
 * question added in the studio goes live too. Against the stack `npm start` runs (the studio over
 * the outbox on SQLite, `e2e/support/studio-stack.ts`).
 */
import { expect, test, type Page } from '@playwright/test';
import { studioStackPerFile } from './support/studio-stack.ts';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const { on, signIn } = studioStackPerFile('law-firm');

/** Makes the draft live from the studio's own pages, as an editor would. */
async function makeLive(page: Page, version: number) {
  await page.getByRole('link', { name: 'Make changes live' }).first().click();
  await expect(page.getByRole('heading', { name: 'Make your changes live' })).toBeVisible();
  await page.getByLabel('Yes').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The draft is live' })).toBeVisible();
  await expect(page.locator('.status-box')).toContainText(`Live: version ${String(version)}`);
}

/** The question `id` of case type `caseType` as `GET /api/form` serves it now. */
async function served(caseType: string, id: string) {
  const response = await fetch(`${on().url}/api/form`);
  const form = (await response.json()) as {
    caseTypes: { id: string; questions: { id: string; type: string; options?: unknown }[] }[];
  };
  return form.caseTypes.find((c) => c.id === caseType)?.questions.find((q) => q.id === id);
}

test('the demo form’s single tick box, saved unchanged in the studio, stays one box and the draft goes live', async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`${on().url}/admin/form`);
  await page.getByRole('link', { name: 'Divorce, separation and children' }).click();
  await page.getByRole('link', { name: 'There is a court hearing in the next 14 days' }).click();
  await expect(
    page.getByRole('heading', { name: 'Question “There is a court hearing in the next 14 days”' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved to the draft' })).toBeVisible();
  await expect(page.locator('.error-summary')).toHaveCount(0);
  // Then a change worth making live: a hint under the box.
  await page.getByLabel('Hint').fill('Tick it and we call you today.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved to the draft' })).toBeVisible();
  await expect(page.locator('.error-summary')).toHaveCount(0);
  await makeLive(page, 2);
  const urgent = await served('family', 'urgent');
  expect(urgent).toMatchObject({ type: 'checkbox', hint: 'Tick it and we call you today.' });
  expect(urgent?.options).toBeUndefined();
});

test('a one-box question added in the studio goes live', async ({ page }) => {
  await signIn(page);
  await page.goto(`${on().url}/admin/form`);
  await page.getByRole('link', { name: 'Buying or selling a property' }).click();
  await page.getByRole('link', { name: 'Add a question' }).click();
  await page.getByLabel('Question').fill('I already have a mortgage offer');
  await page.getByLabel('Tick boxes: one box, or several options').check();
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Added with the id i_already_have_a_mortgage_offer' }),
  ).toBeVisible();
  await expect(page.locator('.error-summary')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved to the draft' })).toBeVisible();
  await expect(page.locator('.error-summary')).toHaveCount(0);
  await makeLive(page, 3);
  const offer = await served('conveyancing', 'i_already_have_a_mortgage_offer');
  expect(offer).toMatchObject({ type: 'checkbox' });
  expect(offer?.options).toBeUndefined();
});
