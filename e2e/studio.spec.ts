/**
 * The form studio in Chromium (issue #56's "Done when", as far as the console's pages go): an
 * editor adds a case type with two questions, one shown only for an answer, is refused making it
 * live with each missing Welsh text named, translates them from those very links, previews the
 * draft at 390 px in Welsh (the real widget; a send from it reaches neither the outbox nor the
 * platform), and makes it live. Then the whole of an edit by the keyboard alone, and axe on every
 * studio page, light and dark, at 320 and 1280 px. The console runs over the studio of
 * `e2e/support/studio-stack.ts` (its one line swaps the in-memory seam for the real store).
 */
import { expect, test, type Page } from '@playwright/test';
import { fetchInbox } from '../demo/enquiry-api/inbox.ts';
import { sweep } from './support/axe.ts';
import {
  ADMIN_TOKEN,
  openStudioStack,
  STUDIO_FUNNEL,
  type StudioStack,
} from './support/studio-stack.ts';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let stack: StudioStack | undefined;
const on = () => {
  if (!stack) throw new Error('the studio stack did not start');
  return stack;
};
test.beforeAll(async () => {
  stack = await openStudioStack();
});
test.afterAll(async () => {
  await stack?.close();
});

/** Signs in with the token (an operator: the `editor` role comes with the studio's store). */
async function signIn(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      problems.push(message.text());
  });
  page.on('response', (response) => {
    if (
      response.status() >= 400 &&
      !response.url().endsWith('/favicon.ico') &&
      response.request().method() === 'GET'
    )
      problems.push(`${String(response.status())} ${response.url()}`);
  });
  await page.goto(`${on().url}/admin/sign-in`);
  await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  return problems;
}

/** The Welsh of each English text the journey writes. */
const WELSH: Readonly<Record<string, string>> = {
  'Making a will': 'Gwneud ewyllys',
  'Do you have children?': 'Oes gennych chi blant?',
  Yes: 'Oes',
  No: 'Nac oes',
  'How many children?': 'Sawl plentyn?',
};

test('an editor adds a case type with a question shown only for an answer, translates it into Welsh when refused, previews it at 390 px and makes it live', async ({
  page,
}) => {
  const problems = await signIn(page);
  await page.getByRole('link', { name: 'Form', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'The form', exact: true })).toBeVisible();
  // The funnel beside each question: the seeded visitors who left at the first.
  await page.getByRole('link', { name: 'Buying or selling a home' }).click();
  await expect(
    page.getByText(
      `25.0% left the form here (${String(STUDIO_FUNNEL.left)} of ${String(STUDIO_FUNNEL.shown)} shown it`,
    ),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to the form' }).click();

  await page.getByRole('link', { name: 'Add a case type' }).click();
  await page.getByLabel('Name of the case type').fill('Making a will');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('heading', { name: 'Case type “Making a will”' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Added with the id making_a_will' }),
  ).toBeVisible();
  await expect(page.getByLabel('Id', { exact: true })).toHaveValue('making_a_will');

  await page.getByRole('link', { name: 'Add a question' }).click();
  await page.getByLabel('Question').fill('Do you have children?');
  await page.getByLabel('One answer from a list (radios)').check();
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Added with the id do_you_have_children' }),
  ).toBeVisible();
  await page
    .getByRole('group', { name: /^New option 1/ })
    .getByLabel(/^English/)
    .fill('Yes');
  await page
    .getByRole('group', { name: /^New option 2/ })
    .getByLabel(/^English/)
    .fill('No');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved to the draft' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Option 2: “No”' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to the case type' }).click();
  await page.getByRole('link', { name: 'Add a question' }).click();
  await page.getByLabel('Question').fill('How many children?');
  await page.getByLabel('Number', { exact: true }).check();
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByLabel('Only after an answer to “Do you have children?”').check();
  await page.getByRole('group', { name: 'When to show it' }).getByLabel('Yes').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved to the draft' })).toBeVisible();

  // Refused, naming each missing Welsh text; each link leads to its box.
  await page.getByRole('link', { name: 'Make changes live' }).click();
  await expect(
    page.getByRole('heading', { name: 'You cannot make these changes live yet' }),
  ).toBeVisible();
  for (const english of Object.keys(WELSH))
    await expect(
      page.getByRole('link', { name: `The Welsh for "${english}" is missing.` }),
    ).toBeVisible();
  for (;;) {
    const missing = page.getByRole('link', { name: /^The Welsh for ".*" is missing\.$/ });
    if ((await missing.count()) === 0) break;
    const words = /"(.*)"/.exec((await missing.first().textContent()) ?? '')?.[1] ?? '';
    const target = new URL((await missing.first().getAttribute('href')) ?? '', page.url()).hash;
    await missing.first().click();
    await page.locator(target).fill(WELSH[words] ?? '');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved to the draft' })).toBeVisible();
    await page.getByRole('link', { name: 'Make changes live' }).click();
  }

  // The preview: the real widget, drawn from the draft, at 390 px, in Welsh.
  await page.getByRole('link', { name: 'Preview', exact: true }).click();
  await page.getByLabel('Welsh').check();
  await page.getByLabel('Phone (390 px)').check();
  await page.getByLabel('Case type').selectOption({ label: 'Making a will' });
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(
    page.getByText('Nothing sent from this preview reaches the platform or the outbox.'),
  ).toBeVisible();
  const frameElement = page.locator('iframe[title^="The form as a visitor sees it"]');
  expect((await frameElement.boundingBox())?.width).toBe(390);
  const frame = page.frameLocator('iframe[title^="The form as a visitor sees it"]');
  await expect(frame.getByRole('radio', { name: 'Oes', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(frame.getByLabel('Sawl plentyn?')).toHaveCount(0);
  await frame.getByRole('radio', { name: 'Oes', exact: true }).check();
  await expect(frame.getByLabel('Sawl plentyn?')).toBeVisible();
  await frame.getByLabel('Enw cyntaf').fill('Ada');
  await frame.getByLabel('Cyfenw').fill('Lovelace');
  await frame.getByLabel('Cyfeiriad e-bost').fill('ada@example.com');
  await frame.getByLabel('Sawl plentyn?').fill('2');
  await frame.getByRole('checkbox', { name: /Rwy’n cytuno/ }).check();
  await frame.getByRole('button', { name: 'Anfon ymholiad' }).click();
  await expect(frame.getByText('PREVIEW')).toBeVisible({ timeout: 15_000 });
  expect(await on().stored()).toBe(0);
  expect(await fetchInbox(on().api.origin)).toEqual([]);

  await page.getByRole('link', { name: 'Make changes live' }).click();
  // A new case type is named with how many questions it brings (its ids are all new).
  await expect(
    page.getByText('New case type "Making a will" (making_a_will), with 2 questions.'),
  ).toBeVisible();
  await page.getByLabel('Yes').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The draft is live' })).toBeVisible();
  await expect(page.locator('.status-box')).toContainText(
    /Live: version 2, published [\s\S]* by\s+admin token/,
  );
  expect(problems).toEqual([]);
});

/** Presses Tab until `target` has focus (failing after `most` presses): reached by keyboard. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, most = 150) {
  for (let n = 0; n < most; n += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${String(target)} was not reached by ${String(most)} presses of Tab`);
}

test('the whole of an edit is done with the keyboard alone: adding a question, moving an option with focus kept, making it live', async ({
  page,
}) => {
  const problems = await signIn(page);
  await page.goto(`${on().url}/admin/form`);
  await tabTo(page, page.getByRole('link', { name: 'Making a will' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('link', { name: 'Add a question' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByLabel('Question'));
  await page.keyboard.type('Who should be your executor?');
  // Enter in a box adds the question: the form's first button.
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'Added with the id who_should_be_your_executor' }),
  ).toBeVisible();
  await tabTo(page, page.getByRole('textbox', { name: 'Welsh' }).first());
  await page.keyboard.type('Pwy ddylai fod yn ysgutor i chi?');
  // Enter in a box saves; it never moves or removes an item.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Saved to the draft' })).toBeVisible();

  await tabTo(page, page.getByRole('link', { name: 'Back to the case type' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('link', { name: 'Do you have children?' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Move down: Option 1: “Yes”' }));
  await page.keyboard.press('Enter');
  // The page comes back with the moved option's button focused, and says where it went.
  const moveUp = page.getByRole('button', { name: 'Move up: Option 2: “Yes”' });
  await expect(moveUp).toBeFocused();
  await expect(page.locator('#studio-live')).toHaveText('Option “Yes” moved to position 2 of 2.');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Move down: Option 1: “Yes”' })).toBeFocused();
  await expect(page.locator('#studio-live')).toHaveText('Option “Yes” moved to position 1 of 2.');

  await tabTo(page, page.getByRole('link', { name: 'Make changes live' }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByText(
      'New question "Who should be your executor?" (who_should_be_your_executor) in "Making a will".',
    ),
  ).toBeVisible();
  await tabTo(page, page.getByRole('radio', { name: 'Yes' }));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'The draft is live' })).toBeVisible();
  expect(problems).toEqual([]);
});

/** Every page of the studio, with a state of each kind: problems shown, a yes/no page, the preview. */
const PAGES: readonly [string, string][] = [
  ['form', '/admin/form'],
  ['case-type', '/admin/form/case-types/1'],
  ['question', '/admin/form/case-types/1/questions/1'],
  ['add-question', '/admin/form/case-types/1/questions/new'],
  ['remove-question', '/admin/form/case-types/1/questions/1/remove'],
  ['steps', '/admin/form/steps'],
  ['consent', '/admin/form/consent'],
  ['files', '/admin/form/files'],
  ['confirmation', '/admin/form/confirmation'],
  ['drafts', '/admin/form/drafts'],
  ['unfinished', '/admin/form/unfinished'],
  ['routing', '/admin/form/routing'],
  ['settings', '/admin/form/settings'],
  ['contact', '/admin/form/contact'],
  ['languages', '/admin/form/languages'],
  ['publish-refused', '/admin/form/publish'],
  ['history', '/admin/form/history?from=1&to=2'],
  ['version', '/admin/form/versions/1'],
  ['rollback', '/admin/form/versions/1/rollback'],
  ['preview', '/admin/form/preview?lang=cy&case-type=making_a_will'],
  ['preview-no-script', '/admin/form/preview?lang=cy&script=off&width=desktop'],
];

for (const scheme of ['light', 'dark'] as const)
  for (const width of [320, 1280])
    test(`axe finds nothing on any studio page, ${scheme}, at ${String(width)} px`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(300_000);
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 900 });
      await signIn(page);
      for (const [name, path] of PAGES) {
        await page.goto(`${on().url}${path}`);
        if (name.startsWith('preview') && name !== 'preview-no-script')
          await expect(
            page.frameLocator('iframe').getByRole('button', { name: 'Anfon ymholiad' }),
          ).toBeVisible({ timeout: 15_000 });
        await sweep(page, testInfo, `studio-${name}-${scheme}-${String(width)}`);
      }
      // A problem (a number that is not one) in the summary and beside its field; then mended.
      const question = `${on().url}/admin/form/case-types/1/questions/1`;
      await page.goto(question);
      await page.getByLabel('Smallest number').fill('lots');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.locator('.error-summary')).toBeFocused();
      await sweep(page, testInfo, `studio-question-problem-${scheme}-${String(width)}`);
      await page.getByLabel('Smallest number').fill('');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.locator('.error-summary')).toHaveCount(0);
    });
