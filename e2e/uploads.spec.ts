/**
 * Files sent ahead, end to end on a phone-sized Chromium: the two files a visitor picks upload
 * before Send (PATCH requests to `/api/uploads`), go on from where they were after a connection
 * cut mid-upload (a request aborted, then the browser offline), a renamed text file is refused
 * beside its name at once and a damaged picture as soon as the proxy has checked it; Send then
 * names the uploads, is answered within a second, and the stand-in receives both files intact.
 * A reload keeps the uploaded files listed, and Send delivers them.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { EXAMPLE_CONFIGS } from '../demo/forms/index.ts';
import { openStack, expect, test as stacks, type Stack } from './support/stack.ts';
import {
  chooseFiles,
  fillConveyancing,
  send,
  slowUplink,
  type FixtureFile,
} from './support/visitor.ts';

/** A stack of its own, for these specs' workers, on the law firm's form taking `kinds`. */
function lawFirmTaking(
  name: `${string}-spec`,
  kinds: ('pdf' | 'png' | 'gif' | 'jpeg' | 'webp')[],
): [(args: object, use: (stack: Stack) => Promise<void>) => Promise<void>, { scope: 'worker' }] {
  const lawFirm = EXAMPLE_CONFIGS['law-firm'];
  return [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's first argument's pattern
    async ({}, use) => {
      const stack = await openStack(name, {
        config: { ...lawFirm, files: { ...lawFirm.files, kinds } },
      });
      await use(stack);
      await stack.demo.close();
    },
    { scope: 'worker' },
  ];
}

const test = stacks.extend<object, { uploading: Stack; converting: Stack }>({
  // The law firm's form taking the platform's own kinds only, whatever converters this machine has.
  uploading: lawFirmTaking('uploads-spec', ['pdf', 'png', 'gif', 'jpeg']),
  // The same taking WebP screenshots too, which the proxy converts to JPEG (sharp).
  converting: lawFirmTaking('uploads-convert-spec', ['pdf', 'png', 'jpeg', 'webp']),
});

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 60_000 });

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A photo of noise (so it does not compress): about 1.4 MB, three chunks. */
const photo = async (): Promise<FixtureFile> => ({
  name: 'accident.png',
  mimeType: 'image/png',
  buffer: await sharp(randomBytes(700 * 700 * 3), { raw: { width: 700, height: 700, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer(),
});
/** A scanned letter: a PDF of about 700 KB, two chunks. */
const letter: FixtureFile = {
  name: 'payslip.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(700 * 1024, 0x20)]),
};
/** Notes typed in a text editor, renamed to look like a PDF. */
const renamedText: FixtureFile = {
  name: 'notes.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('Dear Sir,\nthese are my notes about the purchase.\n'),
};
/** A PNG whose header is right and whose pixels are not there: only decoding finds it out. */
const damagedPng = async (): Promise<FixtureFile> => {
  const whole = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  return { name: 'plan.png', mimeType: 'image/png', buffer: whole.subarray(0, 60) };
};

/** The PATCHes the page sends: the offset each starts at and its bytes. */
function watchPatches(page: Page) {
  const patches: { offset: number; bytes: number }[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'PATCH') return;
    patches.push({
      offset: Number(request.headers()['upload-offset']),
      bytes: request.postDataBuffer()?.byteLength ?? 0,
    });
  });
  return patches;
}

test('files upload as they are picked, go on after two cuts, and Send names them', async ({
  page,
  uploading,
}) => {
  const before = (await uploading.inbox()).length;
  const patches = watchPatches(page);
  // A phone's uplink: 300 KB/s, so the cuts come while the files are on their way.
  await slowUplink(page, 300 * 1024);
  // The first cut: the second PATCH never reaches the proxy.
  let cut = false;
  await page.route('**/api/uploads/*', (route) => {
    if (cut || route.request().method() !== 'PATCH' || patches.length < 2) return route.fallback();
    cut = true;
    return route.abort('connectionreset');
  });
  await page.goto(uploading.demo.siteUrl);
  const form = page.locator('enquiry-form');
  await fillConveyancing(form);
  const files = [await photo(), letter];
  await chooseFiles(page, form, ...files, renamedText);
  const rows = form.locator('[part=file-list] li');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2)).toContainText('“notes.pdf” is not a PDF, PNG, GIF or JPEG file');

  // The second cut: the browser goes offline mid-upload, and the rows say so.
  await expect.poll(() => patches.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
  expect(cut).toBe(true);
  await page.unroute('**/api/uploads/*');
  await page.context().setOffline(true);
  await expect(form.getByText('Paused until you are back online').first()).toBeVisible();
  await page.waitForTimeout(500);
  await page.context().setOffline(false);

  await expect(rows.nth(0)).toContainText('Uploaded and checked', { timeout: 20_000 });
  await expect(rows.nth(1)).toContainText('Uploaded and checked', { timeout: 20_000 });
  // Each file went on from where it was: at most the two cut chunks were sent twice.
  const sent = patches.reduce((total, patch) => total + patch.bytes, 0);
  const size = files.reduce((total, file) => total + file.buffer.byteLength, 0);
  expect(sent).toBeLessThanOrEqual(size + 2 * 512 * 1024);

  // A picture the proxy cannot decode is refused beside its name before Send.
  await chooseFiles(page, form, await damagedPng());
  await expect(form.locator('[part=file-list] li', { hasText: 'plan.png' })).toContainText(
    'Not attached:',
    { timeout: 10_000 },
  );
  for (const name of ['plan.png', 'notes.pdf'])
    await form.getByRole('button', { name: `Remove ${name}` }).click();

  const enquiry = page.waitForRequest('**/api/enquiries');
  const pressed = Date.now();
  const answered = page.waitForResponse('**/api/enquiries');
  await send(form);
  await answered;
  expect(Date.now() - pressed).toBeLessThan(1000);
  const body = (await enquiry).postData() ?? '';
  expect(body).toContain('"uploads":[');
  expect(body).not.toContain('filename=');
  await expect(form.locator('[part=confirmation]')).toBeFocused();

  const [arrived] = await uploading.arrivals(before);
  expect(arrived?.files.map((file) => [file.name, file.sha256])).toEqual(
    files.map((file) => [file.name, sha(file.buffer)]),
  );
});

test('a reload keeps the uploaded files listed, and Send delivers them', async ({
  page,
  uploading,
}) => {
  const { before, form } = await letterSentAhead(page, uploading);
  const row = form.locator('[part=file-list] li');

  await page.reload();
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('payslip.pdf');
  await expect(row).toContainText('Uploaded and checked');
  const enquiry = page.waitForRequest('**/api/enquiries');
  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeFocused();
  expect((await enquiry).postData()).not.toContain('filename=');
  await expectLetterArrived(uploading, before);
});

test('a form token renewed at Send keeps the files sent ahead: the enquiry names them by their keys', async ({
  page,
  uploading,
}) => {
  const { before, form } = await letterSentAhead(page, uploading);
  // By Send, the token the upload was made with is one the proxy no longer takes (a day old, or
  // a secret changed): the first enquiry carries one such, so the proxy itself refuses it, and
  // the widget fetches a fresh token and sends again.
  const sentTokens: string[] = [];
  await page.route('**/api/enquiries', async (route) => {
    const body = route.request().postData() ?? '';
    const token = /"form_token":"([^"]+)"/.exec(body)?.[1] ?? '';
    sentTokens.push(token);
    if (sentTokens.length > 1) return route.fallback();
    return route.fallback({ postData: body.replace(token, 'v2.0.an-old-one.signature') });
  });
  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeFocused();
  expect(sentTokens).toHaveLength(2);
  expect(sentTokens[1]).not.toBe(sentTokens[0]);
  await expectLetterArrived(uploading, before);
});

/** The form filled in with the letter picked and sent ahead; the stand-in's count before. */
async function letterSentAhead(page: Page, uploading: Stack) {
  const before = (await uploading.inbox()).length;
  await page.goto(uploading.demo.siteUrl);
  const form = page.locator('enquiry-form');
  await fillConveyancing(form);
  await chooseFiles(page, form, letter);
  await expect(form.locator('[part=file-list] li')).toContainText('Uploaded and checked');
  return { before, form };
}

/** The stand-in received the letter, intact, as the next enquiry's one file. */
async function expectLetterArrived(uploading: Stack, before: number) {
  const [arrived] = await uploading.arrivals(before);
  expect(arrived?.files.map((file) => [file.name, file.sha256])).toEqual([
    ['payslip.pdf', sha(letter.buffer)],
  ]);
}

test('a WebP screenshot is converted as it arrives: its row says so, and the stand-in receives the JPEG', async ({
  page,
  converting,
}) => {
  const before = (await converting.inbox()).length;
  await page.goto(converting.demo.siteUrl);
  const form = page.locator('enquiry-form');
  await fillConveyancing(form);
  const screenshot = await sharp({
    create: { width: 800, height: 600, channels: 3, background: '#3a7' },
  })
    .webp()
    .toBuffer();
  // One PATCH carries it all: from its start to the row's verdict is the upload and conversion.
  const patch = page.waitForRequest((request) => request.method() === 'PATCH');
  await chooseFiles(page, form, {
    name: 'screenshot.webp',
    mimeType: 'image/webp',
    buffer: screenshot,
  });
  await patch;
  const sent = Date.now();
  await expect(form.locator('[part=file-list] li')).toContainText('Converted to JPEG');
  expect(Date.now() - sent).toBeLessThan(2000);
  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeFocused();
  const [arrived] = await converting.arrivals(before);
  expect(arrived?.files.map((file) => [file.name, file.mime])).toEqual([
    ['screenshot.jpg', 'image/jpeg'],
  ]);
});

test('Send pressed offline while a file uploads says it goes when the connection is back, then sends', async ({
  page,
  uploading,
}) => {
  const before = (await uploading.inbox()).length;
  const patches = watchPatches(page);
  // A slow uplink, so that the photo is still on its way when the connection goes.
  await slowUplink(page, 200 * 1024);
  await page.goto(uploading.demo.siteUrl);
  const form = page.locator('enquiry-form');
  await fillConveyancing(form);
  const file = await photo();
  await chooseFiles(page, form, file);
  await expect.poll(() => patches.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);

  await page.context().setOffline(true);
  await send(form);
  const status = form.locator('[part=progress]');
  await expect(status).toHaveText(
    'You are offline. Your enquiry will be sent when the connection is back: keep this page open.',
  );
  // Nothing pretends to move while nothing can.
  await expect(status.locator('progress')).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Send enquiry' })).toBeDisabled();

  await page.context().setOffline(false);
  await expect(form.locator('[part=confirmation]')).toBeFocused({ timeout: 30_000 });
  const [arrived] = await uploading.arrivals(before);
  expect(arrived?.files.map((sent) => [sent.name, sent.sha256])).toEqual([
    [file.name, sha(file.buffer)],
  ]);
});
