/**
 * A file still uploading when the page reloads goes on from the proxy's offset without being
 * picked again (its bytes kept in IndexedDB for the tab's life), as tus clients do: on a phone's
 * uplink (Chromium's network throttling), a 5 MB photo is cut off by a reload at about a third,
 * is listed again at once, and arrives whole, its PATCHes' bodies together at most 1.2 times the
 * file. Once it is sent, nothing of it is left in the browser's IndexedDB.
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

const test = stacks.extend<object, { uploading: Stack }>({
  uploading: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's first argument's pattern
    async ({}, use) => {
      const lawFirm = EXAMPLE_CONFIGS['law-firm'];
      const stack = await openStack('upload-reload-spec', {
        config: { ...lawFirm, files: { ...lawFirm.files, kinds: ['pdf', 'png', 'jpeg'] } },
      });
      await use(stack);
      await stack.demo.close();
    },
    { scope: 'worker' },
  ],
});

test.describe.configure({ timeout: 120_000 });

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A photo of noise, which does not compress: about 5 MB. */
const bigPhoto = async (): Promise<FixtureFile> => ({
  name: 'scene.png',
  mimeType: 'image/png',
  buffer: await sharp(randomBytes(1290 * 1290 * 3), {
    raw: { width: 1290, height: 1290, channels: 3 },
  })
    .png({ compressionLevel: 0 })
    .toBuffer(),
});

/** The widget's chunk: what one PATCH carries at most (`widget/late/uploads/upload-task.ts`). */
const CHUNK_BYTES = 512 * 1024;

/**
 * The bytes the page's PATCHes carry, across reloads, each counted whole from its offset as if
 * it had been sent to its end (a cut one was not): at least what was sent. Chromium does not
 * show a test a request body read from a file, so each is reckoned from its `Upload-Offset`.
 * Nor does it always show a PATCH the page sent as it unloaded (one such reached the proxy whole
 * in a CI run, unseen): once the file has arrived whole, the bytes no PATCH shown covers were
 * carried by unseen ones, and are counted once.
 */
function patchBytes(page: Page, size: number) {
  const shown: { from: number; to: number }[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'PATCH') return;
    const from = Number(request.headers()['upload-offset']);
    shown.push({ from, to: Math.min(size, from + CHUNK_BYTES) });
  });
  /** What was sent, once the proxy holds the whole file. */
  return () => {
    // The bytes the PATCHes shown cover, each once however often it was sent.
    let reach = 0;
    let coveredBytes = 0;
    for (const { from, to } of [...shown].sort((x, y) => x.from - y.from)) {
      if (to > reach) coveredBytes += to - Math.max(from, reach);
      reach = Math.max(reach, to);
    }
    return {
      bytes: shown.reduce((sum, { from, to }) => sum + to - from, 0) + (size - coveredBytes),
      unseen: size - coveredBytes,
      patches: shown.length,
    };
  };
}

/** How many files the browser keeps on their way (IndexedDB). */
const kept = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const opening = indexedDB.open('enquiry-form', 1);
        opening.onupgradeneeded = () =>
          opening.result.createObjectStore('sending', { keyPath: 'id' });
        opening.onsuccess = () => {
          const count = opening.result.transaction('sending').objectStore('sending').count();
          count.onsuccess = () => {
            resolve(count.result);
          };
        };
      }),
  );

test('a reload mid-upload goes on from the proxy’s offset without a new pick, and sends at most 1.2 times the file', async ({
  page,
  uploading,
}) => {
  const before = (await uploading.inbox()).length;
  const file = await bigPhoto();
  expect(file.buffer.byteLength).toBeGreaterThan(5_000_000);
  const sentSoFar = patchBytes(page, file.buffer.byteLength);
  // A phone's uplink: 400 KB/s, so the 5 MB take some thirteen seconds.
  await slowUplink(page, 400 * 1024);
  await page.goto(uploading.demo.siteUrl);
  const form = page.locator('enquiry-form');
  await fillConveyancing(form);
  await chooseFiles(page, form, file);
  const row = form.locator('[part=file-list] li');
  await expect(row).toContainText(/Uploading: (3\d|4\d)\s?%/, { timeout: 30_000 });
  expect(await kept(page)).toBe(1);

  await page.reload();
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(file.name);
  await expect(row).toContainText('Uploaded and checked', { timeout: 60_000 });
  const sent = sentSoFar();
  test.info().annotations.push({
    type: 'bytes sent',
    description: `${String(sent.bytes)} of ${String(file.buffer.byteLength)} in ${String(sent.patches)} PATCHes shown, ${String(sent.unseen)} in PATCHes not shown`,
  });
  // At most the PATCH on its way as the page unloaded goes unseen.
  expect(sent.unseen).toBeLessThanOrEqual(CHUNK_BYTES);
  expect(sent.bytes).toBeLessThanOrEqual(1.2 * file.buffer.byteLength);
  expect(await kept(page)).toBe(0);

  await send(form);
  // The 5 MB photo is delivered to the platform while the visitor waits (5.2 s once under the
  // shared machine's load): the wait of a person sending a big file, not the default 3 s.
  await expect(form.locator('[part=confirmation]')).toBeFocused({ timeout: 30_000 });
  const [arrived] = await uploading.arrivals(before);
  expect(arrived?.files.map((one) => [one.name, one.sha256])).toEqual([
    [file.name, sha(file.buffer)],
  ]);
});
