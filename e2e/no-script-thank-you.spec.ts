/**
 * The form without JavaScript and a `thankYouUrl` on another site, in Chromium with JavaScript
 * off: the proxy's `303` there is allowed by the form page's own policy, and a second press on
 * the same filled page (its first answer lost) is the same enquiry, never a second lead.
 */
import { expect, test } from '@playwright/test';
import { startThankYouStack, type ThankYouStack } from './support/thank-you-stack.ts';

let stack: ThankYouStack;
test.beforeAll(async () => {
  stack = await startThankYouStack();
});
test.afterAll(async () => {
  await stack.close();
});
test.use({ javaScriptEnabled: false });

test('a visitor who presses Send twice on the same page ends on the thank-you page, with one enquiry sent', async ({
  page,
}) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) blocked.push(message.text());
  });
  const before = (await stack.inbox()).length;
  await page.goto(`${stack.demo.proxyUrl}/form?case-type=conveyancing`);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email address').fill('ada@example.com');
  await page.getByRole('radio', { name: 'Buying' }).check();
  await page.getByLabel('Roughly what is the property worth?').selectOption({ index: 1 });
  // The thank-you site drops this first answer: the visitor stays on the filled form.
  await page.getByRole('button', { name: 'Send enquiry' }).click();
  await expect.poll(async () => (await stack.inbox()).length).toBe(before + 1);
  await expect(page.getByLabel('First name')).toHaveValue('Ada');

  await page.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(page).toHaveURL(new RegExp(`^${stack.thankYouUrl}\\?reference=EQ-`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you');
  expect(await stack.inbox()).toHaveLength(before + 1);
  expect(blocked).toEqual([]);
});
