/**
 * What a visitor does with the example forms, in words a spec can read: fill in a valid
 * conveyancing enquiry, a valid call-back request, attach files. Built from the example
 * configurations in `demo/forms/`, so specs and the demo cannot drift apart.
 */
import type { Locator, Page } from '@playwright/test';
import { picture } from '../../proxy/test/fixtures/sample-pictures.ts';

/** A complete conveyancing enquiry on the law-firm form. */
export async function fillConveyancing(form: Locator): Promise<void> {
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Email address').fill('ada@example.com');
  await form.getByRole('radio', { name: 'Buying or selling a property' }).check();
  await form.getByRole('radio', { name: 'Buying', exact: true }).check();
  await form.getByLabel('Roughly what is the property worth?').selectOption('Under £250,000');
}

/** A complete call-back request on the call-back form. */
export async function fillCallback(form: Locator): Promise<void> {
  await form.getByLabel('First name').fill('Grace');
  await form.getByLabel('Telephone number').fill('07700 900123');
  await form.getByLabel('What would you like to talk about?').selectOption('A new matter');
  await form.getByRole('checkbox', { name: 'You may record the call for training' }).check();
}

export const send = (form: Locator) => form.getByRole('button', { name: 'Send enquiry' }).click();

/**
 * Presses Tab until `target` has focus, `most` presses at most (past fields whose stops a spec
 * need not count, such as a date's parts or the file picker); the spec then asserts the focus.
 */
export async function tabTo(page: Page, target: Locator, most: number): Promise<void> {
  for (let i = 0; i < most && !(await target.evaluate((el) => el.matches(':focus'))); i += 1)
    await page.keyboard.press('Tab');
}

/** A file as the browser's picker would hand it over. */
export interface FixtureFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const file = (name: string, mimeType: string, ...head: (string | number[])[]): FixtureFile => ({
  name,
  mimeType,
  buffer: Buffer.concat([
    ...head.map((part) =>
      typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part),
    ),
    Buffer.from(' fixture content to give the file some size\n'),
  ]),
});

export const FILES = Object.freeze({
  pdf: file('tenancy-agreement.pdf', 'application/pdf', '%PDF-1.7\n'),
  // Real pictures: the proxy decodes the pictures it takes.
  png: file('floor-plan.png', 'image/png', [...picture('png')]),
  jpeg: file('front-door.jpg', 'image/jpeg', [...picture('jpeg')]),
  /** A Windows program renamed to look like a PDF. */
  renamedExe: file('invoice.pdf', 'application/pdf', 'MZ', [0x90, 0x00]),
  /** A voice memo, which the platform cannot take. */
  audio: file('voice-memo.mp3', 'audio/mpeg', 'ID3', [4, 0]),
});

/** Chooses files the way a visitor does: the "Choose files" button, then the browser's picker. */
export async function chooseFiles(page: Page, form: Locator, ...files: FixtureFile[]) {
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: /Choose files/ }).click();
  await (await chooser).setFiles(files);
}

/** A phone's uplink, in Chromium: uploads at `bytesPerSecond`, 40 ms away, downloads as they are. */
export async function slowUplink(page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}
