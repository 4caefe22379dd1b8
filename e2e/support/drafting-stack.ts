/**
 * Saved enquiries end to end: the law firm's form in steps, offering "Save and continue later",
 * its emails going to a real SMTP server (smtp-server, read with mailparser), and what a visitor
 * does with it: save, read the email, open the link, ask for a code, type it.
 */
import { expect, type Locator } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { lawFirmInSteps } from '../../proxy/test/fixtures/steps-config.ts';
import type { RunningMailServer } from '../../proxy/test/fixtures/mail-server.ts';
import { openStack, type Stack } from './stack.ts';

/** The form in steps with saving on; `more` adds to its configuration. */
const draftingForm = (more: Record<string, unknown> = {}) => ({
  ...lawFirmInSteps,
  drafts: { limits: { perAddressPerDay: 50, perClientPerHour: 50, perHour: 500 } },
  ...more,
});

/** A stack of its own for `name`, mailing through `mail`. */
export function draftingStack(
  name: `${string}-spec`,
  mail: RunningMailServer,
  env: Record<string, string> = {},
  form: Record<string, unknown> = draftingForm(),
): Promise<Stack> {
  return openStack(name, {
    config: form as never,
    proxyEnv: {
      SMTP_URL: `smtp://127.0.0.1:${String(mail.port)}`,
      CONFIRMATION_FROM: 'Lovelace & Co <enquiries@lovelace-law.example>',
      ...env,
    },
  });
}

const addressOf = (mail: ParsedMail) => (mail.to as { text?: string } | undefined)?.text ?? '';

/** The newest email to `to` whose subject is `subject`, waited for. */
export async function emailTo(mail: RunningMailServer, to: string, subject: string | RegExp) {
  const matching = () =>
    mail.received.filter(
      (m) =>
        addressOf(m) === to &&
        (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject ?? '')),
    );
  await expect.poll(() => matching().length, { timeout: 20_000 }).toBeGreaterThan(0);
  return matching().at(-1) as ParsedMail;
}

/** The link a saved enquiry's email carries. */
export const linkIn = (email: ParsedMail) =>
  /(https?:\/\/\S+#enquiry-draft=[0-9a-f]{32}\.[\w-]{43})/.exec(email.text ?? '')?.[1] ?? '';

/** The six digits a code's email carries. */
export const codeIn = (email: ParsedMail) => /\b(\d{6})\b/.exec(email.text ?? '')?.[1] ?? '';

/** Presses "Save and continue later" and saves for `email` (the contact email by default). */
export async function saveFor(form: Locator, email?: string) {
  await form.getByRole('button', { name: 'Save and continue later' }).click();
  const field = form.getByLabel('Email the link to');
  if (email !== undefined) await field.fill(email);
  await form.getByRole('button', { name: 'Save and email me the link' }).click();
}

/** On the link's page: asks for a code to `email`, then types what `code()` finds. */
export async function openWithCode(form: Locator, email: string, code: () => Promise<string>) {
  await form.getByLabel('The email address you saved with').fill(email);
  await form.getByRole('button', { name: 'Send me a code' }).click();
  await expect(form.getByText(`If ${email} is the address`)).toBeVisible();
  await form.getByLabel('Code').fill(await code());
  await form.getByRole('button', { name: 'Continue', exact: true }).click();
}

/**
 * The form in steps as far as a purchase's property: who the visitor is (with `email`), the case
 * type (a step of its own, "Your enquiry"), then buying, under £250,000, on the step that asks it,
 * "The property" (left for the spec to go on from).
 */
export async function fillToProperty(form: Locator, email: string) {
  const proceed = () => form.getByRole('button', { name: 'Continue', exact: true }).click();
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Email address').fill(email);
  await proceed();
  await form.getByRole('radio', { name: 'Buying or selling a property' }).check();
  await proceed();
  await expect(form.locator('.step-title')).toHaveText(/The property/);
  await form.getByRole('radio', { name: 'Buying', exact: true }).check();
  await form.getByLabel('Roughly what is the property worth?').selectOption('Under £250,000');
}
