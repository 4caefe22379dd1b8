/**
 * The README's snippet with the form's script blocked (the proxy down, or a blocker): within a
 * few seconds the page itself offers a way to send, from its own markup and CSS: the link to
 * the form without JavaScript, the firm's telephone and email.
 */
import { expect, test } from './support/stack.ts';

for (const [page_, suffix] of [
  ['the README’s snippet', ''],
  ['the form drawn by npm run embed', '-drawn'],
] as const)
  test(`with the script blocked, ${page_} shows the link, telephone and email within five seconds, and the link works`, async ({
    page,
    lawFirm,
  }) => {
    await page.route('**/enquiry-form.js', (route) => route.abort());
    await page.goto(`${lawFirm.demo.campaignUrl}${suffix}`);
    const fallback = page.locator('.enquiry-form-fallback');
    // Held back at first: a script on its way should not be raced by it.
    await expect(fallback).toBeHidden();
    await expect(fallback).toBeVisible({ timeout: 5_000 });
    await expect(fallback.getByRole('link', { name: '0161 496 0000' })).toHaveAttribute(
      'href',
      'tel:+441614960000',
    );
    await expect(fallback.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await fallback.getByRole('link', { name: 'Send us your enquiry' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Buying or selling a property',
    );
  });

for (const suffix of ['', '-drawn'])
  test(`with the script arriving, the fallback never shows (${suffix ? 'drawn form' : 'snippet'})`, async ({
    page,
    lawFirm,
  }) => {
    await page.goto(`${lawFirm.demo.campaignUrl}${suffix}`);
    await expect(page.locator('enquiry-form').getByLabel('First name')).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => customElements.get('enquiry-form') !== undefined))
      .toBe(true);
    await page.waitForTimeout(4_500);
    await expect(page.locator('.enquiry-form-fallback')).toBeHidden();
  });
