/**
 * The visitor's language (issue #44): which one the widget asks the proxy for, and the form
 * drawn and sent in it, with the proxy's words under the page's own.
 */
import { expect, test } from '@playwright/test';
import { bilingual } from '../demo/forms/index.ts';
import callback from '../demo/forms/callback.json' with { type: 'json' };
import { formInLanguage } from '../e2e/support/form-in-language.ts';
import { openForm } from '../e2e/support/widget-harness.ts';

/** The bilingual form as the proxy answers it, its Welsh words the product's (`cy.ts`). */
const configIn = formInLanguage(bilingual);

test('a tag in Welsh asks for the form in Welsh and draws it in the proxy’s Welsh words', async ({
  page,
}) => {
  const harness = await openForm(page, { config: callback, configIn, attributes: { lang: 'cy' } });
  expect(harness.formLanguages).toEqual(['cy']);
  const { form } = harness;
  await expect(form.getByLabel('Enw cyntaf')).toBeVisible();
  await expect(form.getByRole('group', { name: 'Ydych chi’n prynu neu’n gwerthu?' })).toBeVisible();
  await expect(form.getByRole('radio', { name: 'Prynu' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Anfon ymholiad' })).toBeVisible();
  await expect(form.locator('.root')).toHaveAttribute('lang', 'cy');
  await expect(form.locator('.root')).not.toHaveAttribute('dir', /./);
});

test('the page’s <html lang> is asked for when the tag has none, and the browser’s languages when the page has none', async ({
  browser,
}) => {
  const page = await browser.newPage();
  const welshPage = await openForm(page, { config: callback, configIn, pageLang: 'cy-GB' });
  expect(welshPage.formLanguages).toEqual(['cy-GB']);
  await expect(welshPage.form.getByLabel('Enw cyntaf')).toBeVisible();
  await page.close();

  const context = await browser.newContext({ locale: 'cy-GB' });
  const browserPage = await openForm(await context.newPage(), {
    config: callback,
    configIn,
    pageLang: '',
  });
  expect(browserPage.formLanguages[0]).toMatch(/^cy-GB\b/);
  await expect(browserPage.form.getByRole('button', { name: 'Anfon ymholiad' })).toBeVisible();
  await context.close();
});

test('the page’s i18n words win over the proxy’s, and the enquiry names the language read', async ({
  page,
}) => {
  const harness = await openForm(page, {
    config: callback,
    configIn,
    attributes: { lang: 'cy', i18n: JSON.stringify({ submit: 'Anfon' }) },
  });
  const { form } = harness;
  await form.getByRole('button', { name: 'Anfon', exact: true }).click();
  // The widget's own check speaks the proxy's Welsh.
  await expect(form.getByText('Rhowch eich enw cyntaf').first()).toBeVisible();
  await form.getByLabel('Enw cyntaf').fill('Ada');
  await form.getByLabel('Cyfenw').fill('Lovelace');
  await form.getByLabel('Cyfeiriad e-bost').fill('ada@example.com');
  await form.getByRole('radio', { name: 'Gwerthu' }).check();
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Anfon', exact: true }).click();
  await expect.poll(() => harness.submissions.length).toBe(1);
  const [sent] = harness.submissions;
  expect(sent?.enquiry.lang).toBe('cy');
  // Options go as the labels the visitor read: the proxy maps them back (`option-values.ts`).
  expect(sent?.enquiry.answers).toEqual({ transaction: 'Gwerthu' });
});

test('a form in one language is asked for as before and sent without a language', async ({
  page,
}) => {
  const harness = await openForm(page, { config: callback });
  expect(harness.formLanguages).toEqual(['en']);
  await expect(harness.form.locator('.root')).not.toHaveAttribute('lang', /./);
});
