/**
 * The form without JavaScript, in Chromium with JavaScript off: from the landing page's link to
 * the confirmation and back to the site, a file included; an error round trip that keeps every
 * value; and axe on the page and its error state.
 */
import type { Page } from '@playwright/test';
import { sweep } from './support/axe.ts';
import { expect, test } from './support/stack.ts';

const PDF = {
  name: 'deeds.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(20_000, 1)]),
};

/** Ada's answers to the conveyancing form's fields, every one right. */
async function fillAsAda(page: Page) {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email address').fill('ada@example.com');
  await page.getByRole('radio', { name: 'Buying', exact: true }).check();
  await page.getByLabel('Roughly what is the property worth?').selectOption({ index: 1 });
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor follows the page’s link to the form without script, sends with a file, and the enquiry arrives', async ({
    page,
    lawFirm,
  }) => {
    const before = (await lawFirm.inbox()).length;
    await page.goto(lawFirm.demo.campaignUrl);
    await page.getByRole('link', { name: 'Send us your enquiry' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Buying or selling a property',
    );
    await fillAsAda(page);
    await page.getByLabel('Attach files').setInputFiles(PDF);
    await page.getByRole('button', { name: 'Send enquiry' }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Enquiry (sent|received)/);
    const reference = await page.locator('.reference').textContent();
    expect(reference).toMatch(/^EQ-/);
    const [enquiry] = await lawFirm.arrivals(before);
    expect(enquiry).toMatchObject({ forename: 'Ada', marketing_campaign: 'spring-2027' });
    await expect.poll(async () => (await lawFirm.inbox()).at(-1)?.files.length).toBe(1);
    // Post, redirect, get: a reload sends nothing, and the way back leads to the site.
    expect(new URL(page.url()).pathname).toBe('/form/sent');
    await page.getByRole('link', { name: /^Back to / }).click();
    await expect(page).toHaveURL(lawFirm.demo.siteUrl);
  });

  test('a problem only the proxy finds brings the form back with every value kept', async ({
    page,
    lawFirm,
  }) => {
    const before = (await lawFirm.inbox()).length;
    await page.goto(`${lawFirm.demo.proxyUrl}/form?case-type=conveyancing`);
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email address').fill('grace@example.com');
    // Too few digits: the browser has no rule for it, the proxy has.
    await page.getByLabel('Telephone number').fill('12');
    await page.getByRole('radio', { name: 'Selling', exact: true }).check();
    await page.getByLabel('Roughly what is the property worth?').selectOption({ index: 2 });
    await page.getByLabel('Anything else we should know?').fill('Chain of three');
    await page.getByRole('button', { name: 'Send enquiry' }).click();

    await expect(page).toHaveTitle('Error: Send an enquiry');
    const summary = page.getByRole('alert');
    await expect(summary).toContainText('There is a problem');
    await summary.getByRole('link').first().click();
    await expect(page.getByLabel('Telephone number')).toBeFocused();
    await expect(page.getByLabel('First name')).toHaveValue('Grace');
    await expect(page.getByLabel('Email address')).toHaveValue('grace@example.com');
    await expect(page.getByRole('radio', { name: 'Selling', exact: true })).toBeChecked();
    await expect(page.getByLabel('Anything else we should know?')).toHaveValue('Chain of three');

    await page.getByLabel('Telephone number').fill('07700 900123');
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(page.locator('.reference')).toHaveText(/^EQ-/);
    const [enquiry] = await lawFirm.arrivals(before);
    expect(enquiry).toMatchObject({ forename: 'Grace', telephone_mobile: '07700 900123' });
  });

  test('a file of 11 MB brings the form back with every value kept and the file named', async ({
    page,
    lawFirm,
  }) => {
    await page.goto(`${lawFirm.demo.proxyUrl}/form?case-type=conveyancing`);
    await fillAsAda(page);
    await page.getByLabel('Anything else we should know?').fill('Deeds attached');
    const deeds = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    await page
      .getByLabel('Attach files')
      .setInputFiles({ name: 'scanned-deeds.pdf', mimeType: 'application/pdf', buffer: deeds });
    await page.getByRole('button', { name: 'Send enquiry' }).click();

    await expect(page).toHaveTitle('Error: Send an enquiry');
    const summary = page.getByRole('alert');
    await expect(summary).toContainText('“scanned-deeds.pdf” is larger than 10 MB');
    await summary.getByRole('link').first().click();
    await expect(page.getByLabel('Attach files')).toBeFocused();
    await expect(page.getByLabel('First name')).toHaveValue('Ada');
    await expect(page.getByLabel('Email address')).toHaveValue('ada@example.com');
    await expect(page.getByRole('radio', { name: 'Buying', exact: true })).toBeChecked();
    await expect(page.getByLabel('Anything else we should know?')).toHaveValue('Deeds attached');
  });
});

test('axe finds nothing on the page without JavaScript, nor on its error state', async ({
  page,
  lawFirm,
}, testInfo) => {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${lawFirm.demo.proxyUrl}/form?case-type=conveyancing`);
    await sweep(page, testInfo, `no-script-form-${String(width)}`);
    // As an old browser would: no native checks, so the proxy's own come back.
    await page.evaluate(() => {
      for (const field of document.querySelectorAll('[required]'))
        field.removeAttribute('required');
    });
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(page).toHaveTitle('Error: Send an enquiry');
    await sweep(page, testInfo, `no-script-errors-${String(width)}`);
  }
});
