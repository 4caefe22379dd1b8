/**
 * The language switch (`language-switch` attribute, issue #44): each of the form's languages
 * named in itself, the form fetched again in the one pressed with everything typed and picked
 * kept, focus left on the switch, and the choice kept across a reload. Only a tag that asks for
 * it, on a form in several languages, fetches its chunk.
 */
import { expect, test, type Locator } from '@playwright/test';
import { bilingual } from '../demo/forms/index.ts';
import callback from '../demo/forms/callback.json' with { type: 'json' };
import { formInLanguage } from '../e2e/support/form-in-language.ts';
import { FILES, chooseFiles } from '../e2e/support/visitor.ts';
import { openForm } from '../e2e/support/widget-harness.ts';

const configIn = formInLanguage(bilingual);
const withSwitch = { lang: 'en', 'language-switch': '' };
const choice = (form: Locator, name: string) => form.getByRole('button', { name, exact: true });

test('the switch names each language in itself and redraws the form in the one pressed, keeping every answer and file', async ({
  page,
}) => {
  const harness = await openForm(page, { config: callback, configIn, attributes: withSwitch });
  const { form } = harness;
  await expect(choice(form, 'English')).toHaveAttribute('lang', 'en');
  await expect(choice(form, 'English')).toHaveAttribute('aria-pressed', 'true');
  await expect(choice(form, 'Cymraeg')).toHaveAttribute('lang', 'cy');
  await expect(choice(form, 'Cymraeg')).toHaveAttribute('aria-pressed', 'false');

  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Email address').fill('ada@example.com');
  await form.getByRole('radio', { name: 'Selling' }).check();
  await form.getByLabel('Anything else we should know?').fill('Moving in May');
  await form.getByRole('checkbox').check();
  await chooseFiles(page, form, FILES.pdf);
  await expect(form.locator('[part=file-list] li')).toContainText('tenancy-agreement.pdf');

  await choice(form, 'Cymraeg').click();
  await expect(form.locator('.root')).toHaveAttribute('lang', 'cy');
  expect(harness.formLanguages.at(-1)).toBe('cy');
  await expect(form.getByLabel('Enw cyntaf')).toHaveValue('Ada');
  await expect(form.getByLabel('Cyfenw')).toHaveValue('Lovelace');
  await expect(form.getByLabel('Cyfeiriad e-bost')).toHaveValue('ada@example.com');
  // The option at the same place, now named in Welsh.
  await expect(form.getByRole('radio', { name: 'Gwerthu' })).toBeChecked();
  await expect(form.getByLabel('Oes unrhyw beth arall y dylem ei wybod?')).toHaveValue(
    'Moving in May',
  );
  await expect(form.getByRole('checkbox')).toBeChecked();
  await expect(form.locator('[part=file-list] li')).toContainText('tenancy-agreement.pdf');
  await expect(choice(form, 'Cymraeg')).toBeFocused();
  await expect(choice(form, 'Cymraeg')).toHaveAttribute('aria-pressed', 'true');
  await expect(form.locator('.language-switch')).toHaveAttribute('lang', 'cy');

  await form.getByRole('button', { name: 'Anfon ymholiad' }).click();
  await expect.poll(() => harness.submissions.length).toBe(1);
  const [sent] = harness.submissions;
  expect(sent?.enquiry.lang).toBe('cy');
  expect(sent?.enquiry.answers).toEqual({ transaction: 'Gwerthu', notes: 'Moving in May' });
  expect(sent?.files.map((file) => file.name)).toEqual(['tenancy-agreement.pdf']);
});

test('the language chosen is kept across a reload, with the draft', async ({ page }) => {
  const harness = await openForm(page, { config: callback, configIn, attributes: withSwitch });
  const { form } = harness;
  await form.getByRole('radio', { name: 'Buying' }).check();
  await form.getByLabel('First name').fill('Ada');
  await choice(form, 'Cymraeg').click();
  await expect(form.locator('.root')).toHaveAttribute('lang', 'cy');

  await page.reload();
  await expect(form.locator('.root')).toHaveAttribute('lang', 'cy');
  await expect(form.getByLabel('Enw cyntaf')).toHaveValue('Ada');
  await expect(form.getByRole('radio', { name: 'Prynu' })).toBeChecked();
  await expect(choice(form, 'Cymraeg')).toHaveAttribute('aria-pressed', 'true');

  await choice(form, 'English').click();
  await expect(form.getByRole('radio', { name: 'Buying' })).toBeChecked();
  await expect(form.getByLabel('First name')).toHaveValue('Ada');
});

test('no switch, and no byte of it fetched, without the attribute or for a form in one language', async ({
  browser,
}) => {
  const page = await browser.newPage();
  const bilingualOnly = await openForm(page, {
    config: callback,
    configIn,
    attributes: { lang: 'en' },
  });
  const oneLanguage = await openForm(await browser.newPage(), {
    config: callback,
    attributes: { 'language-switch': '' },
  });
  for (const harness of [bilingualOnly, oneLanguage]) {
    // The late bundle is on the page: every chunk the form asks for has been asked for by now.
    await expect.poll(() => harness.lateBundleRequests).toBe(1);
    await harness.page.waitForLoadState('networkidle');
    await expect(harness.form.locator('.language-switch')).toHaveCount(0);
    expect(harness.lateChunkRequests).toEqual([]);
  }
});
