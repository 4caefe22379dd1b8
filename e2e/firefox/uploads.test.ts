/**
 * Files sent ahead in Firefox (Debian's firefox-esr over WebDriver BiDi), for one file, as in
 * Chromium (`e2e/uploads.spec.ts`): the upload starts as the file is picked (PATCH requests), the
 * connection is cut twice mid-upload (a PATCH aborted by request interception, then Firefox
 * offline by its own network emulation, `emulation.setNetworkConditions`), it goes on each time
 * from the offset the proxy gives, the row says it was uploaded and checked before Send, Send is
 * answered within a second carrying no file bytes (it names the upload), and the enquiry reaches the stand-in with the
 * file byte for byte. Skipped, saying why, where Firefox is not installed.
 *
 * What it does not prove: BiDi has no throttling, so "mid-upload" is made by holding the fourth
 * PATCH back at interception while Firefox goes offline, not by a slow uplink; and neither cut
 * breaks a body half sent over a socket (`proxy/test/tus-relay.test.ts` does that, for tus-js-client).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle, HTTPRequest, Page } from 'puppeteer-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lawFirm } from '../../demo/forms/index.ts';
import { noFirefox, inForm, startFirefoxStack, type FirefoxStack } from './firefox-stack.ts';

let firefox: FirefoxStack;
let page: Page;

const shadowText = () =>
  page.evaluate(() => document.querySelector('enquiry-form')?.shadowRoot?.textContent ?? '');

type SentParts = Window & { sentParts?: [string, string][] };

/** In the page: the parts of the last form data an XHR sent (Send's), a file as its size. */
function recordSentParts() {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- wrapped, `this` passed on by call
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (body) {
    if (body instanceof FormData)
      (window as SentParts).sentParts = [...body.entries()].map(([name, value]) => [
        name,
        typeof value === 'string' ? value : `a file of ${String(value.size)} bytes`,
      ]);
    send.call(this, body);
  };
}

/** Waits up to 30 s for the form to say `text`. */
async function waitForText(text: string) {
  const deadline = Date.now() + 30_000;
  while (!(await shadowText()).includes(text) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(await shadowText()).toContain(text);
}

describe.skipIf(noFirefox)('files sent ahead in Firefox', () => {
  beforeAll(async () => {
    firefox = await startFirefoxStack({
      form: lawFirm,
      viewport: { width: 390, height: 640 },
      dataDirPrefix: 'firefox-uploads-',
    });
    ({ page } = firefox);
  }, 60_000);
  afterAll(() => firefox.close());

  it('uploads a picked file before Send through a cut and going offline, and delivers it intact', async () => {
    const before = (await firefox.inbox()).length;
    // The second PATCH is cut before it reaches the proxy (the first cut). The fourth is held
    // back while Firefox goes offline (the second): its own network emulation over BiDi, which
    // says navigator.onLine false, fires `offline` and fails every request until it is online.
    const patches: { offset: number; bytes: number; cut: boolean }[] = [];
    let held: HTTPRequest | undefined;
    let heldBack = () => {};
    const fourthHeld = new Promise<void>((resolve) => (heldBack = resolve));
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (request.isInterceptResolutionHandled()) return;
      if (request.method() !== 'PATCH') return void request.continue();
      const cut = patches.length === 1 || patches.length === 3;
      patches.push({
        offset: Number(request.headers()['upload-offset']),
        bytes: Number(request.headers()['content-length'] ?? 0),
        cut,
      });
      if (patches.length === 2) return void request.abort('connectionreset');
      if (patches.length !== 4) return void request.continue();
      held = request;
      heldBack();
    });
    await page.evaluateOnNewDocument(recordSentParts);
    await page.goto(firefox.demo.siteUrl);
    await page.waitForSelector(inForm('form'));
    await page.type(inForm('#forename'), 'Ada');
    await page.type(inForm('#surname'), 'Lovelace');
    await page.type(inForm('#email'), 'ada@example.com');
    await page.click(inForm('input[type=radio][name=case_type][value=conveyancing]'));
    await page.click(inForm('input[type=radio][value="Buying"]'));
    await page.select(inForm('[name="answers.property_value"]'), 'Under £250,000');
    const png = await sharp(randomBytes(800 * 800 * 3), {
      raw: { width: 800, height: 800, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const path = join(mkdtempSync(join(tmpdir(), 'firefox-upload-')), 'accident.png');
    writeFileSync(path, png);
    const picker = (await page.$(inForm('input[type=file]'))) as ElementHandle<HTMLInputElement>;
    await picker.uploadFile(path);

    await fourthHeld;
    await page.setOfflineMode(true);
    await waitForText('Paused until you are back online');
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    // The widget gave the held PATCH up as Firefox went offline; the network fails it too.
    await held?.abort('internetdisconnected').catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await page.setOfflineMode(false);

    await waitForText('Uploaded and checked');
    // Each cut chunk was sent again from its own offset; nothing went back to the start, and at
    // most the two cut chunks were sent twice.
    const cuts = patches.filter((patch) => patch.cut);
    expect(cuts).toHaveLength(2);
    for (const cut of cuts)
      expect(patches.filter((patch) => !patch.cut && patch.offset === cut.offset)).toHaveLength(1);
    expect(patches.filter((patch) => patch.offset === 0 && !patch.cut)).toHaveLength(1);
    const sent = patches.reduce((total, patch) => total + (patch.cut ? 0 : patch.bytes), 0);
    expect(sent).toBe(png.byteLength);

    const answered = page.waitForResponse((response) => response.url().endsWith('/api/enquiries'));
    const pressed = Date.now();
    await page.click(inForm('button[type=submit]'));
    await answered;
    expect(Date.now() - pressed).toBeLessThan(1000);
    // Send named the upload and carried no file (BiDi gives a request's headers, not its body).
    const parts = await page.evaluate(() => (window as SentParts).sentParts ?? []);
    expect(parts.map(([name]) => name)).toEqual(['enquiry']);
    expect(parts[0]?.[1]).toContain('"uploads":[');
    await page.waitForSelector(inForm('[part=confirmation]'), { timeout: 15_000 });
    const [enquiry] = await firefox.arrivals(before);
    expect(enquiry?.files.map((file) => [file.name, file.sha256])).toEqual([
      ['accident.png', createHash('sha256').update(png).digest('hex')],
    ]);
  });
});
