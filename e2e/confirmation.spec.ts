/**
 * "Send me a copy" through the whole stack, with a real mail server (smtp-server, read with
 * mailparser) behind the proxy: a visitor who ticks it sees the sent panel with a receipt code
 * and gets exactly one confirmation carrying that code, what they typed escaped in its HTML; a
 * visitor who does not tick it sees the code too and gets no email.
 */
import type { Locator, Page } from '@playwright/test';
import { EXAMPLE_CONFIGS } from '../demo/forms/index.ts';
import { sweep } from './support/axe.ts';
import { mailServer, type RunningMailServer } from './support/mail.ts';
import { openStack, expect, test as stacks, type Stack } from './support/stack.ts';
import { fillConveyancing, send } from './support/visitor.ts';

const test = stacks.extend<object, { mail: RunningMailServer; confirming: Stack }>({
  mail: mailServer,
  // The law firm's form, offering each visitor a copy by email.
  confirming: [
    async ({ mail }, use) => {
      const stack = await openStack('confirmation-spec', {
        config: {
          ...EXAMPLE_CONFIGS['law-firm'],
          confirmation: {
            subject: 'Your enquiry {reference}',
            intro: 'Thank you: we have your enquiry.',
            includeAnswers: true,
            optIn: true,
          },
        },
        proxyEnv: {
          SMTP_URL: `smtp://127.0.0.1:${String(mail.port)}`,
          CONFIRMATION_FROM: 'Lovelace & Co <enquiries@lovelace-law.example>',
        },
      });
      await use(stack);
      await stack.demo.close();
    },
    { scope: 'worker' },
  ],
});

test.describe.configure({ timeout: 60_000 });

/** A note with markup in it, as a visitor might paste it. */
const NOTES = '<b>Chain</b> of 3 & "no" <script>alert(1)</script>';
const CODE = /^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/;
/** The proxy's mail loop looks for work every 2 s: three turns is long enough for any email. */
const MAIL_TURNS_MS = 6_000;

/** A conveyancing enquiry from `email`, its notes `NOTES`, at a phone's width. */
async function fillEnquiry(page: Page, siteUrl: string, email: string) {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto(siteUrl);
  const form = page.locator('enquiry-form');
  await fillConveyancing(form);
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Anything else we should know?').fill(NOTES);
  return form;
}

/** The sent panel, focused, and its reference and receipt code as the visitor reads them. */
async function sentPanel(form: Locator) {
  const panel = form.locator('[part=confirmation]');
  await expect(panel).toBeFocused();
  await expect(panel).toContainText('Your receipt code is');
  // What the code is for and what to do with it, in one sentence.
  await expect(panel).toContainText(
    'Keep the receipt code: if you ever need to show that you sent this enquiry, quote it and we can check it.',
  );
  const reference = (await panel.locator('.panel__reference').innerText()).trim();
  const code = panel.locator('.reference:not(.panel__reference)');
  await expect(code).toBeVisible();
  const receipt = (await code.innerText()).trim();
  expect(receipt).toMatch(CODE);
  // Readable: no smaller than its label, and whole inside the panel even at 320 px.
  const look = await code.evaluate((strong) => {
    const box = strong.getBoundingClientRect();
    const panelBox = strong.closest('.panel')?.getBoundingClientRect();
    const size = (element: Element | null) =>
      element ? parseFloat(getComputedStyle(element).fontSize) : 0;
    return {
      fontSize: size(strong),
      labelSize: size(strong.parentElement),
      inside: !!panelBox && box.left >= panelBox.left && box.right <= panelBox.right,
    };
  });
  expect(look.fontSize).toBeGreaterThanOrEqual(look.labelSize);
  expect(look.inside).toBe(true);
  return { panel, reference, receipt };
}

const sentTo = (mail: RunningMailServer, address: string) =>
  mail.received.filter((email) => (email.to as { text: string } | undefined)?.text === address);

test('a visitor who ticks “Send me a copy” gets one email with the receipt code the page shows, what they typed escaped', async ({
  page,
  mail,
  confirming,
}, testInfo) => {
  const before = (await confirming.inbox()).length;
  const form = await fillEnquiry(page, confirming.demo.siteUrl, 'ada.copy@example.com');
  await form.getByRole('checkbox', { name: 'Send me a copy by email' }).check();
  await send(form);
  const { reference, receipt } = await sentPanel(form);
  await sweep(page, testInfo, 'confirmation-sent-320');
  await confirming.arrivals(before);

  await expect
    .poll(() => sentTo(mail, 'ada.copy@example.com').length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(1);
  await page.waitForTimeout(MAIL_TURNS_MS);
  const emails = sentTo(mail, 'ada.copy@example.com');
  expect(emails).toHaveLength(1);
  const [email] = emails;
  expect(email?.subject).toBe(`Your enquiry ${reference}`);
  expect(email?.text).toContain(receipt);
  expect(email?.text).toContain(reference);
  const html = typeof email?.html === 'string' ? email.html : '';
  expect(html).toContain(`<strong>${receipt}</strong>`);
  expect(html).toContain('&lt;b&gt;Chain&lt;/b&gt; of 3 &amp; &quot;no&quot;');
  expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  expect(html).not.toContain('<b>Chain');
  expect(html).not.toContain('<script>');
});

test('a visitor who leaves “Send me a copy” unticked sees the receipt code and gets no email', async ({
  page,
  mail,
  confirming,
}) => {
  const before = (await confirming.inbox()).length;
  const form = await fillEnquiry(page, confirming.demo.siteUrl, 'grace.nocopy@example.com');
  await expect(form.getByRole('checkbox', { name: 'Send me a copy by email' })).not.toBeChecked();
  await send(form);
  await sentPanel(form);
  await confirming.arrivals(before);
  await page.waitForTimeout(MAIL_TURNS_MS);
  expect(sentTo(mail, 'grace.nocopy@example.com')).toHaveLength(0);
});
