/**
 * `npm run test:firefox`: the whole stack in Firefox (Debian's firefox-esr, driven by
 * puppeteer-core over WebDriver BiDi; Playwright cannot fetch its own browsers here). A smoke
 * walk, as a visitor: the form loads, an empty send focuses the error summary and brings it
 * into view, every case type is shown whole on a 320 px phone, the form drawn in the page is taken over, what was typed survives a reload, a file
 * is attached, and the enquiry arrives with the file's bytes. Chromium stays the main browser of
 * the e2e suite. Skipped, saying why, where Firefox is not installed.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lawFirm } from '../../demo/forms/index.ts';
import type { RunningDemo } from '../../demo/stack.ts';
import { noFirefox, inForm, startFirefoxStack, type FirefoxStack } from './firefox-stack.ts';

let firefox: FirefoxStack;
let demo: RunningDemo;
let page: Page;

/** The value of the control `selector` names, in the form's shadow root. */
const valueOf = (selector: string) =>
  page.$eval(inForm(selector), (input) => (input as HTMLInputElement).value);

describe.skipIf(noFirefox)('the form in Firefox', () => {
  beforeAll(async () => {
    // A phone: the send button is far below the error summary's place.
    firefox = await startFirefoxStack({
      form: lawFirm,
      viewport: { width: 390, height: 640 },
      dataDirPrefix: 'firefox-',
    });
    ({ demo, page } = firefox);
  }, 60_000);
  afterAll(() => firefox.close());

  it('loads, and an empty send focuses the error summary in view', async () => {
    await page.goto(demo.siteUrl);
    await page.waitForSelector(inForm('form'));
    await page.click(inForm('button[type=submit]'));
    await page.waitForSelector(inForm('.error-summary'));
    const summary = await page.evaluate(() => {
      const root = document.querySelector('enquiry-form')?.shadowRoot;
      const box = root?.querySelector('.error-summary')?.getBoundingClientRect();
      return {
        focused: root?.activeElement?.classList.contains('error-summary') ?? false,
        top: box?.top ?? -1,
        height: window.innerHeight,
      };
    });
    expect(summary.focused).toBe(true);
    // Scrolled to the top of the view: Firefox may land a fraction of a pixel above it.
    expect(summary.top).toBeGreaterThan(-1);
    expect(summary.top).toBeLessThan(summary.height);
  });

  it('shows every case type whole at 320 px: radios, each label within its box and the screen', async () => {
    await page.setViewport({ width: 320, height: 640 });
    try {
      await page.goto(demo.siteUrl);
      await page.waitForSelector(inForm('input[name=case_type]'));
      const labels = await page.evaluate(() => {
        const root = document.querySelector('enquiry-form')?.shadowRoot;
        return [...(root?.querySelectorAll('input[name=case_type] + label') ?? [])].map((label) => {
          const box = label.getBoundingClientRect();
          const text = document.createRange();
          text.selectNodeContents(label);
          const right = Math.max(...[...text.getClientRects()].map((line) => line.right));
          return {
            label: label.textContent.trim(),
            clipped: label.scrollWidth > label.clientWidth,
            beyond: right - Math.min(box.right, window.innerWidth),
          };
        });
      });
      expect(labels.map(({ label }) => label)).toEqual([
        'Buying or selling a property',
        'Divorce, separation and children',
        'Wills, probate and powers of attorney',
      ]);
      for (const { label, clipped, beyond } of labels) {
        expect(clipped, `"${label}" clipped`).toBe(false);
        expect(beyond, `"${label}" past its box or the screen`).toBeLessThanOrEqual(0.5);
      }
    } finally {
      await page.setViewport({ width: 390, height: 640 });
    }
  });

  it('shows the form drawn in the page, and the element takes it over: one form, taking typing', async () => {
    await page.goto(`${demo.campaignUrl}-drawn`);
    // The drawn form is in the page's HTML: there as soon as the page is.
    const drawn = await page.evaluate(
      () =>
        document.querySelector('enquiry-form')?.shadowRoot?.querySelectorAll('#forename').length,
    );
    expect(drawn).toBe(1);
    await page.waitForFunction(() => customElements.get('enquiry-form') !== undefined);
    await page.waitForSelector(inForm('#forename'));
    await page.type(inForm('#forename'), 'Grace');
    const controls = await page.evaluate(
      () =>
        document.querySelector('enquiry-form')?.shadowRoot?.querySelectorAll('#forename').length,
    );
    expect(controls).toBe(1);
    expect(await valueOf('#forename')).toBe('Grace');
    // The next walk starts from an empty form on the landing page.
    await page.evaluate(() => {
      sessionStorage.clear();
    });
  });

  it('keeps what was typed across a reload, and delivers the enquiry with its file', async () => {
    const before = (await firefox.inbox()).length;
    await page.goto(demo.siteUrl);
    await page.waitForSelector(inForm('form'));
    await page.type(inForm('#forename'), 'Ada');
    await page.type(inForm('#surname'), 'Lovelace');
    await page.type(inForm('#email'), 'ada@example.com');
    await page.click(inForm('input[type=radio][name=case_type][value=conveyancing]'));
    await page.reload();
    await page.waitForSelector(inForm('form'));
    expect(await valueOf('#forename')).toBe('Ada');

    await page.click(inForm('input[type=radio][value="Buying"]'));
    await page.select(inForm('[name="answers.property_value"]'), 'Under £250,000');
    const pdf = Buffer.from(`%PDF-1.7\n${'firefox smoke '.repeat(200)}`);
    const path = join(mkdtempSync(join(tmpdir(), 'firefox-file-')), 'survey.pdf');
    writeFileSync(path, pdf);
    const picker = (await page.$(
      inForm('input[type=file]'),
    )) as ElementHandle<HTMLInputElement> | null;
    await picker?.uploadFile(path);
    await page.waitForFunction(() =>
      document.querySelector('enquiry-form')?.shadowRoot?.textContent.includes('survey.pdf'),
    );
    await page.click(inForm('button[type=submit]'));
    await page.waitForSelector(inForm('[part=confirmation]'), { timeout: 15_000 });

    const [enquiry] = await firefox.arrivals(before);
    expect(enquiry).toMatchObject({
      forename: 'Ada',
      surname: 'Lovelace',
      case_type: 'conveyancing',
    });
    expect(enquiry?.files.map((file) => [file.name, file.sha256])).toEqual([
      ['survey.pdf', createHash('sha256').update(pdf).digest('hex')],
    ]);
  });
});
