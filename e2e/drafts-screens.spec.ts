/**
 * Saved enquiries' other screens and ways (issue #57's done-when, beside `drafts.spec.ts`): every
 * new screen passes axe and fits, light and dark, at 320 and 1280 px (the save, what it says
 * once saved, the link's code page, "check your email", a wrong code, too many tries, the answers
 * back); five wrong codes lock the draft, so that even the right one then waits and says how
 * long; the page without JavaScript saves, and its link opens with the emailed code in the
 * widget; and the whole flow in Welsh, on two devices, its emails in Welsh.
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { exampleConfigPath } from '../demo/forms/index.ts';
import { WELSH } from '../proxy/contract/strings/cy.ts';
import { WELSH_DRAFTS } from '../proxy/contract/strings/cy-drafts.ts';
import { mailServer, type RunningMailServer } from './support/mail.ts';
import { sweep } from './support/axe.ts';
import { codeIn, draftingStack, emailTo, linkIn, saveFor } from './support/drafting-stack.ts';
import { expect, test as stacks, type Stack } from './support/stack.ts';
import { CONSENT, fillContact, welshStack, type WelshStack } from './support/welsh-visitor.ts';

/** The bilingual example offering saving: a one-page form, read in Welsh on the firm's page. */
const bilingualSaving = {
  ...(JSON.parse(readFileSync(exampleConfigPath('bilingual'), 'utf8')) as object),
  drafts: { limits: { perAddressPerDay: 50, perClientPerHour: 50, perHour: 500 } },
};

const test = stacks.extend<object, { mail: RunningMailServer; drafting: Stack; welsh: WelshStack }>(
  {
    mail: mailServer,
    drafting: [
      async ({ mail }, use) => {
        const stack = await draftingStack('drafts-screens-spec', mail);
        await use(stack);
        await stack.demo.close();
      },
      { scope: 'worker' },
    ],
    welsh: [
      async ({ mail }, use) => {
        const welsh = await welshStack('drafts-welsh-spec', bilingualSaving, {
          SMTP_URL: `smtp://127.0.0.1:${String(mail.port)}`,
          CONFIRMATION_FROM: 'Lovelace & Co <enquiries@lovelace-law.example>',
        });
        await use(welsh);
        await welsh.close();
      },
      { scope: 'worker' },
    ],
  },
);

// A slow machine under load took two minutes for one sweep of every screen.
test.describe.configure({ timeout: 240_000 });

const CODE_SUBJECT = 'Your code to continue your enquiry';
const someone = () => `ada.${randomBytes(4).toString('hex')}@example.com`;

/** The first step filled in, as a visitor about to save it does. */
async function startFilling(page: Page, stack: Stack, address: string) {
  await page.goto(stack.demo.siteUrl);
  const form = page.locator('enquiry-form');
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Email address').fill(address);
  return form;
}

/** Opens the link emailed to `address` as a click in the email does: a new document in `page`. */
async function openEmailedLink(page: Page, mail: RunningMailServer, address: string) {
  const link = linkIn(await emailTo(mail, address, 'Your saved enquiry'));
  await page.goto('about:blank');
  await page.goto(link);
  return page.locator('enquiry-form');
}

/** On the link's page (`there`), gives the address saved with and asks for a code: the one emailed. */
async function codeFor(there: Locator, mail: RunningMailServer, address: string) {
  await there.getByLabel('The email address you saved with').fill(address);
  return askCode(there, mail, address, CODE_SUBJECT);
}

/** Asks for a code on the link's page (`there`) and answers the one emailed, once it comes. */
async function askCode(there: Locator, mail: RunningMailServer, address: string, subject: string) {
  const before = mail.received.length;
  await there.getByRole('button', { name: /Send me a code|Anfon cod ataf/ }).click();
  await expect.poll(() => mail.received.length, { timeout: 20_000 }).toBeGreaterThan(before);
  return codeIn(await emailTo(mail, address, subject));
}

const wrongFor = (code: string) => (code === '123456' ? '654321' : '123456');

/** Types `code` and presses Continue on the link's page. */
async function typeCode(there: Locator, code: string) {
  await there.getByLabel('Code', { exact: true }).fill(code);
  await there.getByRole('button', { name: 'Continue', exact: true }).click();
}

for (const scheme of ['light', 'dark'] as const)
  for (const width of [320, 1280])
    test(`every screen of saving and coming back passes axe and fits at ${String(width)} px, ${scheme}`, async ({
      page,
      mail,
      drafting,
    }, testInfo) => {
      const state = (name: string) =>
        sweep(page, testInfo, `drafts-${name}-${String(width)}-${scheme}`);
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 900 });
      const address = someone();
      const form = await startFilling(page, drafting, address);
      await form.getByRole('button', { name: 'Save and continue later' }).click();
      await expect(form.getByLabel('Email the link to')).toBeVisible();
      await state('save');
      await form.getByRole('button', { name: 'Save and email me the link' }).click();
      await expect(form.locator('.drafts__outcome')).toBeFocused();
      await state('saved');

      const there = await openEmailedLink(page, mail, address);
      await expect(
        there.getByRole('heading', { name: 'Continue your saved enquiry' }),
      ).toBeFocused();
      await state('code-page');
      const code = await codeFor(there, mail, address);
      await expect(there.getByText(`If ${address} is the address`)).toBeVisible();
      await state('code-sent');
      await typeCode(there, wrongFor(code));
      await expect(there.getByText('That code did not work')).toBeVisible();
      await state('wrong-code');
      for (let tries = 2; tries <= 5; tries++) await typeCode(there, wrongFor(code));
      await typeCode(there, code);
      await expect(there.getByText(/Too many tries\. Wait \d+ minutes/)).toBeVisible();
      await state('locked');

      // Another saved enquiry, in a tab of its own (this one's is the first), opened: its
      // answers back.
      const tab = await page.context().newPage();
      await tab.emulateMedia({ colorScheme: scheme });
      await tab.setViewportSize({ width, height: 900 });
      const other = someone();
      const again = await startFilling(tab, drafting, other);
      await saveFor(again);
      await expect(again.locator('.drafts__outcome')).toBeFocused();
      // Opened from the email: a new document, not a change of this one's fragment.
      const back = await openEmailedLink(tab, mail, other);
      await typeCode(back, await codeFor(back, mail, other));
      await expect(back.locator('.drafts-notice')).toContainText('Your saved answers are back.');
      await sweep(tab, testInfo, `drafts-restored-${String(width)}-${scheme}`);
    });

test('five wrong codes lock the draft: then even the right code waits, and the page says how long', async ({
  page,
  mail,
  drafting,
}) => {
  const address = someone();
  const form = await startFilling(page, drafting, address);
  await saveFor(form);
  await expect(form.locator('.drafts__outcome')).toBeFocused();
  const there = await openEmailedLink(page, mail, address);
  const code = await codeFor(there, mail, address);
  const wrong = there.getByText('That code did not work');
  for (let tries = 1; tries <= 5; tries++) {
    await typeCode(there, wrongFor(code));
    await expect(wrong).toBeVisible();
    await expect(there.getByText(/Too many tries/)).toBeHidden();
  }
  await typeCode(there, code);
  const locked = there.getByText(/Too many tries\. Wait (\d+) minutes, then send a new code\./);
  await expect(locked).toBeVisible();
  const minutes = Number(/Wait (\d+) minutes/.exec((await locked.textContent()) ?? '')?.[1]);
  expect(minutes).toBeGreaterThan(1);
  await expect(there.getByLabel('Code', { exact: true })).toBeFocused();
  // Nothing of the draft: the form is still hidden behind the code's screen.
  await expect(there.getByLabel('First name')).toBeHidden();
  await expect(there.locator('.drafts-notice')).toHaveCount(0);
});

/**
 * The page without JavaScript filled in and saved for `address`: reached by the campaign page's
 * link, or, where script runs (and the widget would take the link's place), by its address
 * with the campaign page as referrer.
 */
async function savedWithoutScript(page: Page, stack: Stack, address: string, from?: string) {
  if (from)
    await page.goto(`${stack.demo.proxyUrl}/form?case-type=conveyancing`, { referer: from });
  else {
    await page.goto(stack.demo.campaignUrl);
    await page.getByRole('link', { name: 'Send us your enquiry' }).click();
  }
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email address').fill(address);
  await page.getByLabel('Anything else we should know?').fill('Saved without script');
  await page.getByRole('button', { name: 'Save and continue later' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your answers are saved');
  await expect(page.getByText(`We have emailed a link to ${address}.`)).toBeVisible();
}

test.describe('without JavaScript', () => {
  test('the page saves, its emailed link opens with the code in the widget, answers back', async ({
    browser,
    mail,
    drafting,
  }, testInfo) => {
    const address = someone();
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    await savedWithoutScript(await noScript.newPage(), drafting, address);
    await noScript.close();
    // The same page, swept by axe (which needs script to run; the page has none of its own),
    // reached as a visitor from the campaign's page reaches it.
    const looking = await browser.newContext();
    const looked = await looking.newPage();
    await savedWithoutScript(looked, drafting, someone(), drafting.demo.campaignUrl);
    for (const scheme of ['light', 'dark'] as const)
      for (const width of [320, 1280]) {
        await looked.emulateMedia({ colorScheme: scheme });
        await looked.setViewportSize({ width, height: 900 });
        await sweep(looked, testInfo, `drafts-no-script-saved-${String(width)}-${scheme}`);
      }
    await looking.close();

    const link = linkIn(await emailTo(mail, address, 'Your saved enquiry'));
    expect(link).toContain(`${new URL(drafting.demo.siteUrl).origin}/`);
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await desktop.newPage();
    await page.goto(link);
    const there = page.locator('enquiry-form');
    await typeCode(there, await codeFor(there, mail, address));
    await expect(there.locator('.drafts-notice')).toContainText('Your saved answers are back.');
    await expect(there.getByLabel('First name')).toHaveValue('Ada');
    await expect(there.getByLabel('Email address')).toHaveValue(address);
    await desktop.close();
  });
});

test('in Welsh: saved on a phone, its emails in Welsh, opened on a desktop with the code, and sent', async ({
  browser,
  mail,
  welsh,
}) => {
  const address = `gwen.${randomBytes(4).toString('hex')}@example.com`;
  const before = (await welsh.stack.inbox()).length;
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const form = await welsh.open(await phone.newPage());
  await fillContact(form, '07700 900123');
  await form.getByLabel(WELSH.email).fill(address);
  await form.getByRole('radio', { name: 'Gwerthu', exact: true }).check();
  await form.getByRole('button', { name: WELSH_DRAFTS.draftSave }).click();
  await expect(form.getByLabel(WELSH_DRAFTS.draftEmail)).toHaveValue(address);
  await form.getByRole('button', { name: WELSH_DRAFTS.draftSaveButton }).click();
  await expect(form.locator('.drafts__outcome')).toContainText(
    `Wedi’i gadw. Rydym wedi anfon dolen i ${address}.`,
  );
  const link = linkIn(await emailTo(mail, address, WELSH_DRAFTS['draft.linkSubject']));
  await phone.close();

  const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await desktop.newPage();
  await page.goto(link);
  const there = page.locator('enquiry-form');
  await expect(there.getByRole('heading', { name: WELSH_DRAFTS.draftResumeHeading })).toBeFocused();
  await there.getByLabel(WELSH_DRAFTS.draftResumeEmail).fill(address);
  const code = await askCode(there, mail, address, WELSH_DRAFTS['draft.codeSubject']);
  await there.getByLabel(WELSH_DRAFTS.draftCode, { exact: true }).fill(code);
  await there.getByRole('button', { name: WELSH_DRAFTS.draftOpen, exact: true }).click();
  await expect(there.locator('.drafts-notice')).toContainText(WELSH_DRAFTS.draftRestored);
  await expect(there.getByRole('radio', { name: 'Gwerthu', exact: true })).toBeChecked();
  await expect(there.getByLabel(WELSH.forename)).toHaveValue('Gwenllian');
  await there.getByRole('checkbox', { name: CONSENT }).check();
  await there.getByRole('button', { name: WELSH.submit }).click();
  await expect(there.locator('[part=confirmation]')).toBeFocused();
  const [arrived] = await welsh.stack.arrivals(before);
  expect(arrived?.email).toBe(address);
  expect(arrived?.meta).toContainEqual(
    expect.objectContaining({ id: 'visitor_language', value: 'cy' }),
  );
  await desktop.close();
});
