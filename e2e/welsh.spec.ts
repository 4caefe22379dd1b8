/**
 * The Welsh walk (issue #44): on a Welsh page (`<html lang="cy">`, the README's embed code with
 * its Welsh fallback) in Chromium, against the real proxy and the stand-in serving the bilingual
 * example, every state of the form is wholly Welsh: empty, the widget's own errors and their
 * summary, a telephone number only the proxy refuses, a file checked, offline, sent; the same
 * form in steps to Check your answers; and the page's own fallback when the script cannot come.
 * At each state no English string of the product's (`ENGLISH`) or of the configuration's is
 * anywhere a visitor reads or hears it (`support/english-left.ts`). The platform receives the
 * firm's English labels, the visitor's language and the Welsh consent wording.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { exampleConfigPath } from '../demo/forms/index.ts';
import type { FormConfigFile } from '../proxy/contract/schemas/form-config.ts';
import { WELSH } from '../proxy/contract/strings/cy.ts';
import { lacking } from '../proxy/test/fixtures/system-tools.ts';
import { englishOn, englishToFind } from './support/english-left.ts';
import { expect, test } from './support/stack.ts';
import {
  chooseFiles,
  CONSENT,
  expectFirmReadsEnglish,
  fillContact,
  letter,
  NOTES,
  renamedText,
  send,
  welshStack,
  type WelshStack,
} from './support/welsh-visitor.ts';

/** The bilingual example as a site owner keeps it: its texts in English and Welsh. */
/** Where LibreOffice is missing, the walk's text file is refused (in Welsh) instead of converted. */
const noDocuments = lacking('the Welsh walk’s text file converted to a PDF', 'soffice', 'bwrap');
const bilingual = JSON.parse(
  readFileSync(exampleConfigPath('bilingual'), 'utf8'),
) as FormConfigFile & { caseTypes: Record<string, unknown>[] };

/**
 * The same form in steps for the test, its case type's two steps titled in both languages, and
 * taking only PDFs and pictures, so that a text file is refused.
 */
const inSteps = {
  ...bilingual,
  steps: true,
  files: { kinds: ['pdf', 'png', 'jpeg'] },
  caseTypes: bilingual.caseTypes.map((caseType) => ({
    ...caseType,
    steps: [
      { title: { en: 'Your move', cy: 'Eich symud' }, questions: ['transaction'] },
      { title: { en: 'Anything else', cy: 'Unrhyw beth arall' }, questions: ['notes'] },
    ],
  })),
};

/** Every English text of the product's and of the configuration's (the steps' titles among them). */
const english = englishToFind(inSteps, 'cy', Object.values(WELSH)).find;

/** Fails naming every English text the visitor can read or hear now. */
async function expectWelsh(page: Page, state: string) {
  expect(await englishOn(page, english), `English on the Welsh form: ${state}`).toEqual([]);
}

test.describe('the Welsh form in Chromium', () => {
  // One worker walks them all, on two stacks of its own.
  test.describe.configure({ mode: 'default', timeout: 90_000 });
  let onePage: WelshStack;
  let stepped: WelshStack;

  test.beforeAll(async () => {
    onePage = await welshStack('welsh-spec', bilingual);
    stepped = await welshStack('welsh-steps-spec', inSteps);
  });
  test.afterAll(async () => {
    await onePage.close();
    await stepped.close();
  });

  test('the check finds the English of the same form on an English page', async ({ page }) => {
    const form = await onePage.open(page, '/en');
    await expect(form.getByRole('button', { name: 'Send enquiry' })).toBeVisible();
    const found = await englishOn(page, english);
    expect(found).toContain('submit: Send enquiry');
    expect(found).toContain('caseTypes[0].questions[0].label: Are you buying or selling?');
  });

  test('every state of the form on one page is Welsh, and the platform reads English', async ({
    page,
    context,
  }) => {
    const before = (await onePage.stack.inbox()).length;
    const form = await onePage.open(page);
    await expect(form.locator('.root')).toHaveAttribute('lang', 'cy');
    await expect(form.getByLabel(WELSH.forename)).toBeVisible();
    await expectWelsh(page, 'empty');

    await send(form);
    await expect(form.getByRole('alert')).toContainText(WELSH.errorSummaryTitle);
    await expect(form.getByRole('alert')).toContainText(WELSH['forename.required']);
    await expectWelsh(page, 'every field required, and the error summary');

    await fillContact(form, '');
    await form.getByLabel(WELSH.email).fill('gwen@');
    await send(form);
    await expect(form.getByRole('alert')).toContainText(WELSH['email.invalid_email']);
    await expectWelsh(page, 'an email address in the wrong format');

    // Too few digits: the browser has no rule for it, the proxy has.
    await fillContact(form, '12');
    await form.getByRole('radio', { name: 'Gwerthu', exact: true }).check();
    await form.getByLabel(NOTES).fill('Symud ym mis Mai');
    await form.getByRole('checkbox', { name: CONSENT }).check();
    // A PDF is checked; a text file, a kind this form takes, is converted to a PDF (or, on a
    // machine without LibreOffice, refused: in Welsh all the same).
    await chooseFiles(page, form, letter, renamedText);
    const rows = form.getByRole('listitem').filter({ hasText: /\.pdf/ });
    await expect(rows.filter({ hasText: letter.name })).toContainText(WELSH.uploadChecked, {
      timeout: 15_000,
    });
    await expect(rows.filter({ hasText: renamedText.name })).toContainText(
      noDocuments ? WELSH.fileNotAttached : WELSH.uploadConvertedNow.replace('{kind}', 'PDF'),
      { timeout: 15_000 },
    );
    await expectWelsh(page, 'files checked and converted');
    // A refused file holds Send back until it is removed.
    if (noDocuments)
      await form.getByRole('button', { name: `${WELSH.removeFile} ${renamedText.name}` }).click();

    await send(form);
    await expect(form.getByRole('alert')).toContainText(WELSH['telephone_mobile.invalid_phone']);
    await expectWelsh(page, 'a telephone number only the proxy refuses');

    await form.getByLabel(WELSH.telephone_mobile).fill('07700 900123');
    await context.setOffline(true);
    await send(form);
    await expect(form.getByRole('alert')).toContainText(WELSH['failed.network']);
    await expectWelsh(page, 'offline');

    await context.setOffline(false);
    await form.getByRole('button', { name: WELSH.retry }).click();
    await expect(form.getByRole('heading', { level: 2 })).toHaveText(
      new RegExp(`^(${WELSH.deliveredTitle}|${WELSH.queuedTitle})$`),
    );
    await expectWelsh(page, 'sent');

    const [enquiry] = await onePage.stack.arrivals(before);
    expectFirmReadsEnglish(enquiry);
    expect(enquiry?.files.map((file) => file.name)).toEqual(
      noDocuments ? [letter.name] : [letter.name, renamedText.name],
    );
  });

  test('a form in steps is Welsh at every step, its errors and Check your answers', async ({
    page,
  }) => {
    const before = (await stepped.stack.inbox()).length;
    const form = await stepped.open(page);
    const heading = form.getByRole('heading', { level: 2 });
    const next = () => form.getByRole('button', { name: WELSH.continue }).click();
    const stepOf = (n: number) =>
      WELSH.stepOf.replace('{number}', String(n)).replace('{count}', '6');
    await expect(heading).toHaveText(`${stepOf(1)} ${WELSH['step.contact']}`);
    await expectWelsh(page, 'the first step');
    await next();
    await expect(form.getByRole('alert')).toContainText(WELSH['forename.required']);
    await expectWelsh(page, 'a step with its errors');

    await fillContact(form, '07700 900123');
    await next();
    await expect(heading).toHaveText(`${stepOf(2)} Eich symud`);
    await form.getByRole('radio', { name: 'Gwerthu', exact: true }).check();
    await expectWelsh(page, 'a step of the firm’s, titled in Welsh');
    await next();
    await expect(heading).toHaveText(`${stepOf(3)} Unrhyw beth arall`);
    await form.getByLabel(NOTES).fill('Symud ym mis Mai');
    await next();

    await expect(heading).toHaveText(`${stepOf(4)} ${WELSH['step.files']}`);
    // A text file renamed .pdf, on a form taking PDFs and pictures only, is refused at once.
    await chooseFiles(page, form, renamedText);
    await expect(form.getByRole('listitem').filter({ hasText: renamedText.name })).toContainText(
      `“${renamedText.name}”`,
    );
    await expect(form).toContainText(WELSH.fileNotAttached);
    await expectWelsh(page, 'a file refused');
    await form.getByRole('button', { name: new RegExp(`^${WELSH.removeFile}`) }).click();
    await chooseFiles(page, form, letter);
    await expect(form.getByRole('listitem').filter({ hasText: letter.name })).toContainText(
      WELSH.uploadChecked,
      { timeout: 15_000 },
    );
    await next();

    await expect(heading).toHaveText(`${stepOf(5)} ${WELSH['step.consent']}`);
    await form.getByRole('checkbox', { name: CONSENT }).check();
    await next();
    await expect(heading).toHaveText(`${stepOf(6)} ${WELSH['step.check']}`);
    // Every answer, a Change button each: the four contact fields, two questions, files, consent.
    await expect(form.getByRole('button', { name: new RegExp(`^${WELSH.change}`) })).toHaveCount(8);
    for (const answer of ['Gwenllian', 'Gwerthu', 'Symud ym mis Mai', letter.name])
      await expect(form).toContainText(answer);
    await expectWelsh(page, 'Check your answers');

    await send(form);
    await expect(form.getByRole('heading', { level: 2 })).toHaveText(
      new RegExp(`^(${WELSH.deliveredTitle}|${WELSH.queuedTitle})$`),
    );
    await expectWelsh(page, 'sent from Check your answers');
    expectFirmReadsEnglish((await stepped.stack.arrivals(before))[0]);
  });

  test('with the script blocked, the page’s fallback is Welsh and opens the form in Welsh', async ({
    page,
  }) => {
    await page.route('**/enquiry-form.js', (route) => route.abort());
    const form = await onePage.open(page);
    const fallback = form.locator('.enquiry-form-fallback');
    await expect(fallback).toBeVisible({ timeout: 5_000 });
    await expectWelsh(page, 'the fallback');
    await fallback.getByRole('link', { name: 'Anfonwch eich ymholiad atom' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'cy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prynu neu werthu cartref');
    await expectWelsh(page, 'the form without the script');
  });

  test('when the form cannot be loaded, the notice is the page’s Welsh fallback', async ({
    page,
  }) => {
    await page.route('**/api/form?*', (route) => route.abort());
    const form = await onePage.open(page);
    await expect(form.getByRole('alert')).toBeVisible();
    await expect(form.getByRole('link', { name: 'Anfonwch eich ymholiad atom' })).toBeVisible();
    await expectWelsh(page, 'the form could not be loaded');
  });

  // A size under 1 KiB is where English and Welsh differ ("44 bytes", "44 beit"): the other
  // units are "KB" and "MB" either way, which the walk above cannot tell apart.
  test('a file under 1 KiB shows its size in Welsh', async ({ page }) => {
    const form = await onePage.open(page);
    await chooseFiles(page, form, { ...renamedText, buffer: Buffer.from('Nodiadau\n') });
    await expect(form.getByRole('listitem')).toContainText(renamedText.name);
    await expectWelsh(page, 'a small file');
  });
});
