/**
 * Marketing attribution as it reaches the platform: from the tag's attributes, from `utm_*`
 * parameters, from the referring site, and the session's first touch kept across pages.
 */
import type { Locator, Page } from '@playwright/test';
import { send } from './support/visitor.ts';
import { expect, test, type Stack } from './support/stack.ts';

/** Fills the landing page's form (case type chosen by the visitor) and sends it. */
async function sendConveyancing(form: Locator, { fixedCaseType = false } = {}) {
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Email address').fill('ada@example.com');
  if (!fixedCaseType)
    await form.getByRole('radio', { name: 'Buying or selling a property' }).check();
  await form.getByRole('radio', { name: 'Selling', exact: true }).check();
  await form.getByLabel('Roughly what is the property worth?').selectOption('Under £250,000');
  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeFocused();
}

async function marketingOf(stack: Stack, before: number) {
  const [enquiry] = await stack.arrivals(before);
  return {
    lead_referer: enquiry?.marketing_lead_referer,
    campaign: enquiry?.marketing_campaign,
    keywords: enquiry?.marketing_keywords,
    detail: enquiry?.marketing_detail,
  };
}

const formOn = async (page: Page, url: string) => {
  await page.goto(url);
  return page.locator('enquiry-form');
};

test('the tag’s attributes win, even over utm parameters in the URL', async ({ page, lawFirm }) => {
  const before = (await lawFirm.inbox()).length;
  const form = await formOn(
    page,
    `${lawFirm.demo.campaignUrl}?utm_campaign=ignored&utm_source=ignored`,
  );
  await sendConveyancing(form, { fixedCaseType: true });
  expect(await marketingOf(lawFirm, before)).toEqual({
    lead_referer: 'google-ads',
    campaign: 'spring-2027',
    keywords: 'conveyancing solicitor',
    detail: 'hero banner B',
  });
});

test('without attributes, utm parameters fill the marketing fields', async ({ page, lawFirm }) => {
  const before = (await lawFirm.inbox()).length;
  const query =
    'utm_campaign=summer-2027&utm_source=newsletter&utm_term=sell+my+flat&utm_medium=email&utm_content=footer-link&gclid=EAIaIQ';
  const form = await formOn(page, `${lawFirm.demo.siteUrl}?${query}`);
  await sendConveyancing(form);
  expect(await marketingOf(lawFirm, before)).toEqual({
    lead_referer: 'newsletter',
    campaign: 'summer-2027',
    keywords: 'sell my flat',
    detail: 'utm_medium=email; utm_content=footer-link; gclid=EAIaIQ',
  });
});

test('a visitor who came from another site is attributed to it', async ({ page, lawFirm }) => {
  const before = (await lawFirm.inbox()).length;
  await page.route('http://search.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Results</title><a href="${lawFirm.demo.siteUrl}">Hart &amp; Lovelace Solicitors</a>`,
    }),
  );
  await page.goto('http://search.example/?q=solicitor');
  await page.getByRole('link', { name: 'Hart & Lovelace Solicitors' }).click();
  const form = page.locator('enquiry-form');
  await sendConveyancing(form);
  expect(await marketingOf(lawFirm, before)).toMatchObject({
    lead_referer: 'search.example',
    campaign: '',
  });
});

test('the first touch of the session is kept when the visitor sends from a later page', async ({
  page,
  lawFirm,
}) => {
  const before = (await lawFirm.inbox()).length;
  await page.goto(`${lawFirm.demo.siteUrl}?utm_campaign=first-touch&utm_source=mailshot`);
  await expect(page.locator('enquiry-form').getByLabel('First name')).toBeVisible();
  // A later visit in the same session, from another campaign's link, does not overwrite it.
  await page.goto(`${lawFirm.demo.siteUrl}?utm_campaign=second-touch&utm_source=banner`);
  const form = await formOn(page, lawFirm.demo.siteUrl);
  await sendConveyancing(form);
  expect(await marketingOf(lawFirm, before)).toMatchObject({
    lead_referer: 'mailshot',
    campaign: 'first-touch',
  });
});
