/**
 * "Save and continue later" through the whole stack, on two devices (two browser contexts): a
 * visitor on a phone fills the form in steps as far as Files and uploads a photo, saves; a real SMTP
 * conversation carries the link, which ten plain GETs (a mail scanner) leave as it was; on a
 * desktop, the link's page shows nothing of the draft until the code sent to the same address is
 * typed; then the form is back on its step with every answer and the photo attached, and Send
 * delivers the photo byte for byte.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Locator } from '@playwright/test';
import sharp from 'sharp';
import { sweep } from './support/axe.ts';
import { mailServer, type RunningMailServer } from './support/mail.ts';
import {
  codeIn,
  draftingStack,
  emailTo,
  fillToProperty,
  linkIn,
  openWithCode,
  saveFor,
} from './support/drafting-stack.ts';
import { expect, test as stacks, type Stack } from './support/stack.ts';
import { chooseFiles, type FixtureFile } from './support/visitor.ts';

const test = stacks.extend<object, { mail: RunningMailServer; drafting: Stack }>({
  mail: mailServer,
  drafting: [
    async ({ mail }, use) => {
      const stack = await draftingStack('drafts-spec', mail);
      await use(stack);
      await stack.demo.close();
    },
    { scope: 'worker' },
  ],
});

test.describe.configure({ timeout: 90_000 });

const NOTES = 'Rear-ended at the Holloway Road lights by a blue van';
const proceed = (form: Locator) =>
  form.getByRole('button', { name: 'Continue', exact: true }).click();
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A photo of noise (so it does not compress): about 400 KB. */
const photo = async (): Promise<FixtureFile> => ({
  name: 'dashboard.png',
  mimeType: 'image/png',
  buffer: await sharp(randomBytes(360 * 360 * 3), { raw: { width: 360, height: 360, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer(),
});

test('a draft saved on a phone opens on a desktop only with the emailed code, on its step, photo attached, and Send delivers it', async ({
  browser,
  request,
  mail,
  drafting,
}, testInfo) => {
  const address = `ada.${randomBytes(3).toString('hex')}@example.com`;
  const before = (await drafting.inbox()).length;
  const picture = await photo();

  // The phone: every step before Files filled, a photo uploaded, then saved on Files.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const onPhone = await phone.newPage();
  await onPhone.goto(drafting.demo.siteUrl);
  const form = onPhone.locator('enquiry-form');
  await fillToProperty(form, address);
  await proceed(form);
  await expect(form.locator('.step-title')).toHaveText(/Completion/);
  await form.getByLabel('Anything else we should know?').fill(NOTES);
  await proceed(form);
  await expect(form.locator('.step-title')).toHaveText(/Files/);
  await chooseFiles(onPhone, form, picture);
  await expect(form.getByText('Uploaded and checked')).toBeVisible({ timeout: 20_000 });
  await saveFor(form);
  const saved = form.locator('.drafts__outcome');
  await expect(saved).toBeFocused();
  await expect(saved).toContainText(`Saved. We have emailed a link to ${address}.`);
  await sweep(onPhone, testInfo, 'draft-saved-390');

  const link = linkIn(await emailTo(mail, address, 'Your saved enquiry'));
  expect(link).toContain(`${new URL(drafting.demo.siteUrl).origin}/`);

  // A mail scanner: ten plain GETs of the link get the page and nothing of the draft, spend
  // nothing, and the person's code still works below.
  for (let i = 0; i < 10; i++) {
    const scanned = await request.get(link);
    expect(scanned.status()).toBe(200);
    expect(await scanned.text()).not.toContain(NOTES);
  }

  // The desktop: the link's page, and nothing of the draft until the code.
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const onDesktop = await desktop.newPage();
  await onDesktop.goto(link);
  const there = onDesktop.locator('enquiry-form');
  await expect(there.getByRole('heading', { name: 'Continue your saved enquiry' })).toBeFocused();
  await expect(there.getByLabel('First name')).toBeHidden();
  const shown = await there.evaluate((element) => {
    const root = element.shadowRoot;
    const fields = [...(root?.querySelectorAll('input, textarea, select') ?? [])];
    return `${root?.textContent ?? ''} ${fields.map((field) => (field as HTMLInputElement).value).join(' ')}`;
  });
  expect(shown).not.toContain(NOTES);
  expect(shown).not.toContain('Ada');
  await sweep(onDesktop, testInfo, 'draft-resume-1280');
  const codesBefore = mail.received.length;
  await openWithCode(there, address, async () => {
    await expect.poll(() => mail.received.length, { timeout: 20_000 }).toBeGreaterThan(codesBefore);
    return codeIn(await emailTo(mail, address, 'Your code to continue your enquiry'));
  });

  // Back on its step, with every answer and the photo listed as attached.
  await expect(there.locator('.drafts-notice')).toContainText('Your saved answers are back.');
  await expect(there.locator('.step-title')).toHaveText(/Files/);
  await expect(there.locator('[part=file-list]')).toContainText(picture.name);
  await expect(onDesktop).not.toHaveURL(/enquiry-draft/);
  await there.getByRole('button', { name: 'Back' }).click();
  await expect(there.getByLabel('Anything else we should know?')).toHaveValue(NOTES);
  await proceed(there);
  await proceed(there);
  await there.getByRole('checkbox', { name: /I agree that the firm may contact me/ }).check();
  await proceed(there);
  await expect(there.locator('.check-answers')).toContainText('Lovelace');
  await there.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(there.locator('[part=confirmation]')).toBeFocused();
  const [arrived] = await drafting.arrivals(before);
  expect(arrived?.files.map((file) => [file.name, file.sha256])).toEqual([
    [picture.name, sha(picture.buffer)],
  ]);
  expect(JSON.stringify(arrived)).toContain(NOTES);
  await phone.close();
  await desktop.close();
});
