import { expect, test } from '@playwright/test';
import callback from '../demo/forms/callback.json' with { type: 'json' };
import lawFirm from '../demo/forms/law-firm.json' with { type: 'json' };
import { openForm } from '../e2e/support/widget-harness.ts';
import { FILES } from '../e2e/support/visitor.ts';

test('completes the law-firm form with the keyboard alone', async ({ page }) => {
  const harness = await openForm(page, {
    config: lawFirm,
    attributes: { 'case-type': 'conveyancing' },
  });
  const { form } = harness;
  const { keyboard } = page;
  const focused = (name: string | RegExp, role: Parameters<typeof form.getByRole>[0] = 'textbox') =>
    expect(form.getByRole(role, { name })).toBeFocused();

  await keyboard.press('Tab');
  await focused('First name');
  await keyboard.type('Ada');
  await keyboard.press('Tab');
  await keyboard.type('Lovelace');
  await keyboard.press('Tab');
  await focused('Email address');
  // Enter in a field sends; the summary takes focus and its links work from the keyboard.
  await keyboard.press('Enter');
  await expect(form.locator('[part=error-summary]')).toBeFocused();
  await keyboard.press('Tab');
  await expect(form.getByRole('link', { name: 'Enter your email address' })).toBeFocused();
  await keyboard.press('Enter');
  await focused('Email address');
  await keyboard.type('ada@example.com');

  await keyboard.press('Tab');
  await focused('Telephone number (optional)');
  await keyboard.press('Tab');
  await focused('Buying', 'radio');
  await keyboard.press('ArrowDown');
  await expect(form.getByRole('radio', { name: 'Selling', exact: true })).toBeChecked();
  await keyboard.press('Tab');
  await focused('Roughly what is the property worth?', 'combobox');
  await keyboard.press('ArrowDown');
  await expect(
    form.getByRole('combobox', { name: 'Roughly what is the property worth?' }),
  ).toHaveValue('Under £250,000');
  await keyboard.press('Tab');
  await focused('When would you like to complete? (optional)');
  // Chromium's date input takes digits segment by segment (month, day, year in en-US).
  await keyboard.type('03272027');
  // ...and its calendar button takes one Tab of its own.
  await keyboard.press('Tab');
  await focused('When would you like to complete? (optional)');
  await keyboard.press('Tab');
  await focused('Anything else we should know? (optional)');
  await keyboard.press('Tab');
  await focused(/Choose files/, 'button');
  const chooser = page.waitForEvent('filechooser');
  await keyboard.press('Enter');
  await (await chooser).setFiles([FILES.pdf]);
  // The visitor tabs on once the file's row is there (drawn by the late bundle, which a loaded
  // machine may still be fetching): CI pressed Tab before it and reached Send.
  await expect(form.getByRole('button', { name: 'Remove tenancy-agreement.pdf' })).toBeVisible();
  await keyboard.press('Tab');
  await focused('Remove tenancy-agreement.pdf', 'button');
  await keyboard.press('Tab');
  await focused('Send enquiry', 'button');
  await keyboard.press('Enter');

  await expect(form.locator('[part=confirmation]')).toBeFocused();
  expect(harness.submissions[0]?.enquiry.answers).toEqual({
    transaction: 'Selling',
    property_value: 'Under £250,000',
    completion_date: '2027-03-27',
  });
  expect(harness.submissions[0]?.files.map((file) => file.name)).toEqual(['tenancy-agreement.pdf']);
});

test('ticks a checkbox with Space and skips the honeypot', async ({ page }) => {
  const { form } = await openForm(page, { config: callback });
  await form.getByLabel('Email address, if you would also like a written reply (optional)').focus();
  await page.keyboard.press('Tab');
  const consent = form.getByRole('checkbox', { name: 'You may record the call for training' });
  await expect(consent).toBeFocused();
  await page.keyboard.press('Space');
  await expect(consent).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Send enquiry' })).toBeFocused();
});
