/**
 * A visitor who uses only the keyboard completes an enquiry: Tab between fields, arrows in
 * radio groups, Space on a checkbox, Enter to send.
 */
import { expect, test } from './support/stack.ts';
import { tabTo } from './support/visitor.ts';

test('a complete enquiry with Tab, Space, arrows and Enter only', async ({ page, lawFirm }) => {
  const before = (await lawFirm.inbox()).length;
  await page.goto(lawFirm.demo.siteUrl);
  const form = page.locator('enquiry-form');
  await expect(form.getByLabel('First name')).toBeVisible();
  const { keyboard } = page;

  // The page's skip link leads to the form; the next Tab enters it.
  await keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to the enquiry form' })).toBeFocused();
  await keyboard.press('Enter');
  await keyboard.press('Tab');
  await expect(form.getByLabel('First name')).toBeFocused();
  await keyboard.type('Ada');
  await keyboard.press('Tab');
  await keyboard.type('Lovelace');
  await keyboard.press('Tab');
  await keyboard.type('ada@example.com');
  await keyboard.press('Tab');
  await keyboard.type('07700 900123');
  await keyboard.press('Tab');
  // The case types are radios: Tab reaches the first, Down moves to (and chooses) the next.
  await expect(form.getByRole('radio', { name: 'Buying or selling a property' })).toBeFocused();
  await keyboard.press('ArrowDown');
  await expect(form.getByRole('radio', { name: 'Divorce, separation and children' })).toBeChecked();

  await keyboard.press('Tab');
  await expect(form.getByRole('radio', { name: 'Divorce or dissolution' })).toBeFocused();
  await keyboard.press('ArrowDown');
  await keyboard.press('ArrowDown');
  await expect(form.getByRole('radio', { name: 'Arrangements for children' })).toBeChecked();
  await keyboard.press('Tab');
  await expect(form.getByLabel('How many children under 18 are involved?')).toBeFocused();
  await keyboard.type('3');
  await keyboard.press('Tab');
  await expect(
    form.getByRole('checkbox', { name: 'There is a court hearing in the next 14 days' }),
  ).toBeFocused();
  await keyboard.press('Space');
  await keyboard.press('Tab');
  await keyboard.type('Hearing on Friday.');
  await keyboard.press('Enter'); // a new line in the textarea, not a send
  await keyboard.type('Please call after 4pm.');
  // Past the file picker to the send button.
  const sendButton = form.getByRole('button', { name: 'Send enquiry' });
  await tabTo(page, sendButton, 5);
  await expect(sendButton).toBeFocused();
  await keyboard.press('Enter');
  await expect(form.locator('[part=confirmation]')).toBeFocused();

  const [enquiry] = await lawFirm.arrivals(before);
  expect(enquiry).toMatchObject({
    forename: 'Ada',
    telephone_mobile: '07700 900123',
    case_type: 'family',
    meta: [
      { id: 'matter', label: 'What do you need help with?', value: 'Arrangements for children' },
      { id: 'children', label: 'How many children under 18 are involved?', value: '3' },
      { id: 'urgent', label: 'There is a court hearing in the next 14 days', value: 'Yes' },
      {
        id: 'notes',
        label: 'Anything else we should know?',
        value: 'Hearing on Friday.\nPlease call after 4pm.',
      },
    ],
  });
});
