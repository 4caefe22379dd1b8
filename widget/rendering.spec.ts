import { expect, test } from '@playwright/test';
import callback from '../demo/forms/callback.json' with { type: 'json' };
import lawFirm from '../demo/forms/law-firm.json' with { type: 'json' };
import { ORIGIN, WidgetHarness, openForm } from '../e2e/support/widget-harness.ts';

test.describe('the law-firm form', () => {
  test('asks for contact details with the right types, autocomplete and optional marks', async ({
    page,
  }) => {
    const { form } = await openForm(page, { config: lawFirm });
    const expected = [
      ['First name', 'text', 'given-name'],
      ['Last name', 'text', 'family-name'],
      ['Email address', 'email', 'email'],
      ['Telephone number (optional)', 'tel', 'tel'],
    ] as const;
    for (const [label, type, autocomplete] of expected) {
      const input = form.getByLabel(label, { exact: true });
      await expect(input).toHaveAttribute('type', type);
      await expect(input).toHaveAttribute('autocomplete', autocomplete);
    }
    await expect(form.locator('form')).toHaveAttribute('novalidate', '');
  });

  test('lets the visitor pick a case type, then shows its questions by type', async ({ page }) => {
    const { form } = await openForm(page, { config: lawFirm });
    // Three case types: radios, each label shown whole (a select shows only the chosen one).
    const caseTypes = form.getByRole('group', { name: 'What is your enquiry about?' });
    await expect(caseTypes.getByRole('radio')).toHaveCount(3);
    await expect(caseTypes.locator('label')).toHaveText([
      'Buying or selling a property',
      'Divorce, separation and children',
      'Wills, probate and powers of attorney',
    ]);
    const caseType = (label: string) => caseTypes.getByRole('radio', { name: label }).check();
    await expect(form.getByText('Are you buying or selling?')).toHaveCount(0);

    await caseType('Buying or selling a property');
    const transaction = form.getByRole('group', { name: 'Are you buying or selling?' });
    await expect(transaction.getByRole('radio')).toHaveCount(3);
    await expect(form.getByLabel('Roughly what is the property worth?')).toHaveJSProperty(
      'tagName',
      'SELECT',
    );
    await expect(form.getByLabel('When would you like to complete? (optional)')).toHaveAttribute(
      'type',
      'date',
    );
    const notes = form.getByLabel('Anything else we should know? (optional)');
    await expect(notes).toHaveJSProperty('tagName', 'TEXTAREA');
    // No maxlength: a browser would count UTF-16 units and cut an emoji in half.
    await expect(notes).not.toHaveAttribute('maxlength', /.*/);

    await caseType('Wills, probate and powers of attorney');
    const services = form.getByRole('group', { name: 'Which services do you need?' });
    await expect(services.getByRole('checkbox')).toHaveCount(3);
    await expect(services).toHaveAccessibleDescription('Select all that apply.');

    await caseType('Divorce, separation and children');
    await form.getByRole('radio', { name: 'Arrangements for children' }).check();
    const children = form.getByLabel('How many children under 18 are involved?');
    await expect(children).toHaveAttribute('inputmode', 'decimal');
    await expect(
      form.getByRole('checkbox', {
        name: 'There is a court hearing in the next 14 days (optional)',
      }),
    ).toBeVisible();
  });

  test('shows a question only while its showIf condition holds', async ({ page }) => {
    const { form } = await openForm(page, {
      config: lawFirm,
      attributes: { 'case-type': 'conveyancing' },
    });
    const lender = form.getByLabel('Which lender is providing your mortgage? (optional)');
    await expect(lender).toHaveCount(0);
    await form.getByRole('radio', { name: 'Buying', exact: true }).check();
    await expect(lender).toBeVisible();
    await expect(lender).toHaveAccessibleDescription(
      'Leave this blank if you are buying without a mortgage.',
    );
    await form.getByRole('radio', { name: 'Selling', exact: true }).check();
    await expect(lender).toHaveCount(0);
    await form.getByRole('radio', { name: 'Both' }).check();
    await expect(lender).toBeVisible();
  });

  test('offers a select of case types when there are more than the configuration shows as radios', async ({
    page,
  }) => {
    const { form } = await openForm(page, { config: { ...lawFirm, caseTypeRadiosUpTo: 2 } });
    const caseType = form.getByLabel('What is your enquiry about?');
    await expect(caseType.locator('option')).toHaveText([
      'Choose an option',
      'Buying or selling a property',
      'Divorce, separation and children',
      'Wills, probate and powers of attorney',
    ]);
    await caseType.selectOption('family');
    await expect(form.getByRole('group', { name: 'What do you need help with?' })).toBeVisible();
  });

  test('fixes the case type given by the case-type attribute and offers no choice of it', async ({
    page,
  }) => {
    const { form } = await openForm(page, {
      config: lawFirm,
      attributes: { 'case-type': 'family' },
    });
    await expect(form.getByRole('group', { name: 'What is your enquiry about?' })).toHaveCount(0);
    await expect(form.getByRole('group', { name: 'What do you need help with?' })).toBeVisible();
  });

  test('offers a file picker that accepts only the platform’s kinds', async ({ page }) => {
    const { form } = await openForm(page, { config: lawFirm });
    await expect(
      form.getByRole('button', { name: 'Attach files (optional) Choose files' }),
    ).toBeVisible();
    await expect(form.locator('input[type=file]')).toHaveAttribute(
      'accept',
      'application/pdf,.pdf,image/png,.png,image/gif,.gif,image/jpeg,.jpg,.jpeg',
    );
    await expect(form.getByText('PDF, PNG, GIF or JPEG files, each up to 10 MB.')).toBeVisible();
  });
});

test.describe('the call-back form', () => {
  test('hides the email field, requires the telephone and makes the surname optional', async ({
    page,
  }) => {
    const { form } = await openForm(page, { config: callback });
    await expect(form.getByLabel('Email address', { exact: true })).toHaveCount(0);
    await expect(form.getByLabel('Telephone number', { exact: true })).toHaveAttribute(
      'type',
      'tel',
    );
    await expect(form.getByLabel('Last name (optional)', { exact: true })).toBeVisible();
  });

  test('needs no choice of case type for its only case type, and has no file picker', async ({
    page,
  }) => {
    const { form } = await openForm(page, { config: callback });
    await expect(form.getByText('What is your enquiry about?')).toHaveCount(0);
    await expect(form.getByLabel('What would you like to talk about?')).toBeVisible();
    await expect(form.getByRole('button', { name: /Choose files/ })).toHaveCount(0);
    await expect(form.locator('input[type=file]')).toHaveCount(0);
  });

  test('asks for the other topic only when "Something else" is chosen', async ({ page }) => {
    const { form } = await openForm(page, { config: callback });
    const other = form.getByLabel('Tell us briefly what it is about');
    const topic = form.getByLabel('What would you like to talk about?');
    await expect(other).toHaveCount(0);
    await topic.selectOption('Something else');
    await expect(other).toBeVisible();
    await topic.selectOption('A new matter');
    await expect(other).toHaveCount(0);
  });
});

test('says when the form cannot be loaded, and loads it on request', async ({ page }) => {
  const harness = new WidgetHarness(page, { config: callback });
  await harness.install();
  let failures = 1;
  // Whatever languages the page asks it in (`?lang=`).
  await page.route(`${ORIGIN}/api/form?*`, (route) =>
    failures-- > 0 ? route.fulfill({ status: 503, body: 'busy' }) : route.fallback(),
  );
  await page.goto(ORIGIN);
  const failure = harness.form.getByRole('alert');
  await expect(failure).toContainText('Sorry, the form could not be loaded.');
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(harness.form.getByLabel('Telephone number')).toBeVisible();
});
