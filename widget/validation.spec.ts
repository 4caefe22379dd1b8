import { expect, test } from '@playwright/test';
import { describeIssue } from '#contract';
import callback from '../demo/forms/callback.json' with { type: 'json' };
import lawFirm from '../demo/forms/law-firm.json' with { type: 'json' };
import { openForm } from '../e2e/support/widget-harness.ts';
import { FILES, chooseFiles, fillConveyancing, send } from '../e2e/support/visitor.ts';

test('checks nothing until the visitor sends, then sums up every problem and takes focus', async ({
  page,
}) => {
  const harness = await openForm(page, { config: lawFirm });
  const { form } = harness;
  await form.getByLabel('Email address').fill('ada@localhost');
  await form.getByLabel('Email address').blur();
  await expect(form.getByText('There is a problem')).toHaveCount(0);

  await send(form);
  const summary = form.locator('[part=error-summary]');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('heading')).toHaveText('There is a problem');
  await expect(summary.getByRole('link')).toHaveText([
    'Enter your first name',
    'Enter your last name',
    'Enter an email address in the correct format, like name@example.com',
    'Select what your enquiry is about',
  ]);
  expect(harness.submissions).toHaveLength(0);
});

test('ties each inline message to its field and marks the field invalid', async ({ page }) => {
  const { form } = await openForm(page, { config: lawFirm });
  await send(form);
  const forename = form.getByLabel('First name');
  await expect(forename).toHaveAttribute('aria-invalid', 'true');
  await expect(forename).toHaveAccessibleDescription('Error: Enter your first name');
  await expect(form.locator('#forename-error')).toHaveText('Error: Enter your first name');
  await expect(form.getByLabel('Telephone number (optional)')).not.toHaveAttribute(
    'aria-invalid',
    /.*/,
  );
});

test('links each summary entry to its field, and a fixed field loses its message on the next send', async ({
  page,
}) => {
  const { form } = await openForm(page, { config: lawFirm });
  await send(form);
  await form.getByRole('link', { name: 'Enter your last name' }).click();
  const surname = form.getByLabel('Last name');
  await expect(surname).toBeFocused();
  await surname.fill('Lovelace');
  await send(form);
  await expect(form.getByRole('link', { name: 'Enter your last name' })).toHaveCount(0);
  await expect(surname).not.toHaveAttribute('aria-invalid', /.*/);
});

test('puts radios in a fieldset whose legend is scrolled into view when linked to', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  const { form } = await openForm(page, {
    config: lawFirm,
    attributes: { 'case-type': 'conveyancing' },
  });
  await send(form);
  await form
    .getByRole('link', { name: 'Select your answer to “Are you buying or selling?”' })
    .click();
  const group = form.getByRole('group', { name: 'Are you buying or selling?' });
  await expect(group.getByRole('radio', { name: 'Buying', exact: true })).toBeFocused();
  await expect(group).toHaveAccessibleDescription(
    'Error: Select your answer to “Are you buying or selling?”',
  );
  await expect(form.locator('legend', { hasText: 'Are you buying or selling?' })).toBeInViewport();
});

test('requires the single checkbox of the call-back form in its own words', async ({ page }) => {
  const { form } = await openForm(page, { config: callback });
  await send(form);
  await expect(form.locator('[part=error-summary]').getByRole('link')).toHaveText([
    'Enter your first name',
    'Enter your telephone number',
    'Select your answer to “What would you like to talk about?”',
    'Tick the box for “You may record the call for training”',
  ]);
});

test('shows the proxy’s validation answer the same way as its own checks', async ({ page }) => {
  const harness = await openForm(page, {
    config: lawFirm,
    replies: [
      {
        status: 400,
        body: {
          error: 'validation',
          message: 'The enquiry has problems',
          issues: [
            describeIssue({
              field: 'email',
              code: 'invalid_email',
              messageKey: 'email.invalid_email',
              params: {},
            }),
            describeIssue({
              field: 'answers.property_value',
              code: 'not_an_option',
              messageKey: 'question.not_an_option',
              params: { label: 'Roughly what is the property worth?' },
            }),
            describeIssue({
              field: 'form_token',
              code: 'form_expired',
              messageKey: 'form_token.form_expired',
              params: {},
            }),
          ],
        },
      },
    ],
  });
  const { form } = harness;
  await fillConveyancing(form);
  await send(form);
  const summary = form.locator('[part=error-summary]');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('listitem')).toHaveText([
    'Enter an email address in the correct format, like name@example.com',
    'Select one of the listed answers to “Roughly what is the property worth?”',
  ]);
  // The form token is not something the visitor can change: never listed.
  await expect(summary.getByRole('link')).toHaveCount(2);
  await expect(form.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Roughly what is the property worth?')).toHaveAccessibleDescription(
    'Error: Select one of the listed answers to “Roughly what is the property worth?”',
  );
});

test('shows a 415 about a file under the picker, naming the file', async ({ page }) => {
  const harness = await openForm(page, {
    config: lawFirm,
    replies: [
      {
        status: 415,
        body: {
          error: 'unsupported_file',
          message: 'A file is not allowed',
          issues: [
            describeIssue({
              field: 'files[0]',
              code: 'file_kind',
              messageKey: 'file.file_kind',
              params: { name: 'tenancy-agreement.pdf', kinds: 'PDF, PNG, GIF or JPEG' },
            }),
          ],
        },
      },
    ],
  });
  const { form } = harness;
  await fillConveyancing(form);
  await chooseFiles(page, form, FILES.pdf);
  await send(form);
  const text =
    '“tenancy-agreement.pdf” is not a PDF, PNG, GIF or JPEG file. Choose a file of one of those kinds';
  await expect(form.locator('[part=error-summary]')).toBeFocused();
  await form.getByRole('link', { name: text }).click();
  await expect(form.getByRole('button', { name: /Choose files/ })).toBeFocused();
  await expect(form.locator('#files-error')).toHaveText(`Error: ${text}`);
});

test('speaks the site owner’s language through the i18n property and locale', async ({ page }) => {
  const config = { ...lawFirm, files: { maxFiles: 5, maxFileBytes: 1.5 * 1024 * 1024 } };
  const { form } = await openForm(page, { config, attributes: { locale: 'de-DE' } });
  await form.evaluate((element: HTMLElementTagNameMap['enquiry-form']) => {
    element.i18n = {
      forename: 'Vorname',
      submit: 'Anfrage senden',
      errorSummaryTitle: 'Es gibt ein Problem',
      errorPrefix: 'Fehler:',
      'forename.required': 'Geben Sie Ihren Vornamen ein',
    };
  });
  await expect(form.locator('.root')).toHaveAttribute('lang', 'de-DE');
  await form.getByRole('button', { name: 'Anfrage senden' }).click();
  await expect(form.getByRole('heading', { name: 'Es gibt ein Problem' })).toBeVisible();
  await expect(form.getByRole('link', { name: 'Geben Sie Ihren Vornamen ein' })).toBeVisible();
  await expect(form.getByLabel('Vorname')).toHaveAccessibleDescription(
    'Fehler: Geben Sie Ihren Vornamen ein',
  );
  // Untranslated strings fall back to English; sizes follow the locale.
  await expect(form.getByRole('link', { name: 'Enter your last name' })).toBeVisible();
  await expect(form.getByText('each up to 1,5 MB')).toBeVisible();
});
