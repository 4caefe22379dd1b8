/**
 * Consent on record, hidden and prefilled fields, through the whole stack: what the visitor
 * sees and must tick, and what the platform receives (the exact wording and the time).
 */
import type { Page } from '@playwright/test';
import { CONTACT_STATEMENT } from '../proxy/test/fixtures/consent-config.ts';
import { expect, test, type Stack } from './support/stack.ts';
import { fillConveyancing, send } from './support/visitor.ts';

/**
 * The demo's landing page, its form replaced by the tag as a site owner writes it with
 * `data-` attributes (the page has already loaded the widget's script).
 */
async function landingPage(page: Page, stack: Stack, query: string) {
  await page.goto(`${stack.demo.siteUrl}${query}`);
  await page.evaluate(() => {
    const tag = document.querySelector('enquiry-form');
    const ours = document.createElement('enquiry-form');
    const endpoint = tag?.getAttribute('endpoint');
    if (endpoint) ours.setAttribute('endpoint', endpoint);
    ours.dataset.lender = 'Nationwide';
    ours.dataset.variant = 'hero-b';
    tag?.replaceWith(ours);
  });
  return page.locator('enquiry-form');
}

test('a required consent must be ticked; the platform gets each statement’s exact words and time', async ({
  page,
  consent,
}) => {
  const before = (await consent.inbox()).length;
  const form = await landingPage(page, consent, '?partner=globex');
  await fillConveyancing(form);
  await expect(form.getByLabel('Which lender is providing your mortgage?')).toHaveValue(
    'Nationwide',
  );
  await expect(form.getByRole('link', { name: 'How we use your details' })).toHaveAttribute(
    'href',
    'https://firm.example/privacy',
  );
  await send(form);
  const summary = form.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toContainText('Tick the box to agree to');

  await form.getByRole('checkbox', { name: /I agree that the firm may contact me/ }).check();
  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeFocused();

  const [enquiry] = await consent.arrivals(before);
  const meta = Object.fromEntries((enquiry?.meta ?? []).map((entry) => [entry.id, entry.value]));
  const shown = CONTACT_STATEMENT.replace(/\[([^\]]+)\]\([^)]+\)/, '$1');
  expect(meta.consent_contact).toMatch(
    new RegExp(
      `^Agreed: "${shown.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" at \\d{4}-\\d\\d-\\d\\dT`,
    ),
  );
  expect(meta.consent_marketing).toMatch(/^Declined: "Send me occasional news by email\." at /);
  expect(meta).toMatchObject({ partner: 'globex', variant: 'hero-b', lender: 'Nationwide' });
});
