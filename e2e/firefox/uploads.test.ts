/**
 * Files sent ahead in Firefox (Debian's firefox-esr over WebDriver BiDi), for one file: the
 * upload starts as the file is picked (PATCH requests), two of its PATCHes are cut (aborted by
 * request interception), it goes on each time from the offset the proxy gives, the row says it
 * was uploaded and checked before Send, and the enquiry reaches the stand-in with the file byte
 * for byte. Skipped, saying why, where Firefox is not installed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lawFirm } from '../../demo/forms/index.ts';
import { noFirefox, inForm, startFirefoxStack, type FirefoxStack } from './firefox-stack.ts';

let firefox: FirefoxStack;
let page: Page;

const shadowText = () =>
  page.evaluate(() => document.querySelector('enquiry-form')?.shadowRoot?.textContent ?? '');

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

  it('uploads a picked file before Send through cuts, and delivers it intact', async () => {
    const before = (await firefox.inbox()).length;
    // The second and the fourth PATCH are cut before they reach the proxy.
    const patches: { offset: number; bytes: number; cut: boolean }[] = [];
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
      return void (cut ? request.abort('connectionreset') : request.continue());
    });
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
    const deadline = Date.now() + 30_000;
    while (!(await shadowText()).includes('Uploaded and checked') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await shadowText()).toContain('Uploaded and checked');
    // Each cut chunk was sent again from its own offset; nothing went back to the start.
    const cuts = patches.filter((patch) => patch.cut);
    expect(cuts).toHaveLength(2);
    for (const cut of cuts)
      expect(patches.filter((patch) => !patch.cut && patch.offset === cut.offset)).toHaveLength(1);
    expect(patches.filter((patch) => patch.offset === 0 && !patch.cut)).toHaveLength(1);

    await page.click(inForm('button[type=submit]'));
    await page.waitForSelector(inForm('[part=confirmation]'), { timeout: 15_000 });
    const [enquiry] = await firefox.arrivals(before);
    expect(enquiry?.files.map((file) => [file.name, file.sha256])).toEqual([
      ['accident.png', createHash('sha256').update(png).digest('hex')],
    ]);
  });
});
