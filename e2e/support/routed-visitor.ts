/**
 * A visitor to the routed law firm (`proxy/test/fixtures/routing-config.ts`) sending enquiries
 * through the widget, one each way its rules go: what the routing specs send and count.
 */
import type { Locator, Page } from '@playwright/test';
import { noticesIn } from '../../proxy/test/fixtures/routed-enquiries.ts';
import { type TEAM_PEOPLE } from '../../proxy/test/fixtures/routing-config.ts';
import type { RunningMailServer } from './mail.ts';
import { E2E_ADMIN_TOKEN, expect } from './stack.ts';
import { send } from './visitor.ts';

export type Team = keyof typeof TEAM_PEOPLE;

/** What a visitor fills in on the routed law firm's form: one enquiry each way its rules go. */
export const ENQUIRIES: Record<string, { team: Team; fill: (form: Locator) => Promise<void> }> = {
  'high-value property': {
    team: 'high-value',
    fill: async (form) => {
      await form.getByRole('radio', { name: 'Buying or selling a property' }).check();
      await form.getByRole('radio', { name: 'Selling', exact: true }).check();
      await form.getByLabel('Roughly what is the property worth?').selectOption('Over £1 million');
    },
  },
  property: {
    team: 'property',
    fill: async (form) => {
      await form.getByRole('radio', { name: 'Buying or selling a property' }).check();
      await form.getByRole('radio', { name: 'Selling', exact: true }).check();
      await form.getByLabel('Roughly what is the property worth?').selectOption('Under £250,000');
    },
  },
  family: {
    team: 'private-client',
    fill: async (form) => {
      await form.getByRole('radio', { name: 'Divorce, separation and children' }).check();
      await form.getByRole('radio', { name: 'Separation', exact: true }).check();
    },
  },
  wills: {
    team: 'private-client',
    fill: async (form) => {
      await form.getByRole('radio', { name: 'Wills, probate and powers of attorney' }).check();
      await form.getByRole('checkbox', { name: 'Make or update a will' }).check();
    },
  },
};

let visitors = 0;

/**
 * Sends one enquiry through the widget, as `who` (a new address of their own unless given),
 * and returns the reference the sent panel shows.
 */
export async function sendEnquiry(
  page: Page,
  siteUrl: string,
  kind: keyof typeof ENQUIRIES,
  who: { forename?: string; email?: string; telephone?: string } = {},
): Promise<string> {
  visitors += 1;
  await page.goto(siteUrl);
  const form = page.locator('enquiry-form');
  await form.getByLabel('First name').fill(who.forename ?? 'Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form
    .getByLabel('Email address')
    .fill(who.email ?? `visitor-${String(visitors)}@example.com`);
  if (who.telephone) await form.getByLabel('Telephone number').fill(who.telephone);
  await ENQUIRIES[kind]?.fill(form);
  await send(form);
  const panel = form.locator('[part=confirmation]');
  await expect(panel).toBeFocused();
  return (await panel.locator('.panel__reference').innerText()).trim();
}

/**
 * Waits until the mail server holds a notice for each of `references` and each lead's page (staff
 * signed in) reads its notice as sent, so that no second copy can still be on its way; returns
 * the notices of each.
 */
export async function noticesFor(
  page: Page,
  proxyUrl: string,
  mail: RunningMailServer,
  references: readonly string[],
) {
  await expect
    .poll(() => references.filter((reference) => noticesIn(mail).has(reference)).length, {
      timeout: 20_000,
    })
    .toBe(references.length);
  for (const reference of references) {
    await page.goto(`${proxyUrl}/admin/leads/${reference}`);
    await expect(page.getByRole('row', { name: /^email notice sent / })).toBeVisible();
  }
  const notices = noticesIn(mail);
  return new Map(references.map((reference) => [reference, notices.get(reference)]));
}

export async function signIn(page: Page, proxyUrl: string) {
  await page.goto(`${proxyUrl}/admin/sign-in`);
  await page.getByLabel('Admin token').fill(E2E_ADMIN_TOKEN);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
}
