/**
 * The ground of the Firefox suites (`npm run test:firefox`): Debian's firefox-esr driven by
 * puppeteer-core over WebDriver BiDi (Playwright cannot fetch its own browsers here), and the
 * whole demo stack on free ports with a form configuration, seen through one page at a given
 * viewport. Each suite is skipped, saying why, where Firefox is not installed.
 */
import puppeteer, { type Browser, type Page, type Viewport } from 'puppeteer-core';
import { fetchInbox, type InboxEnquiry } from '../../demo/enquiry-api/inbox.ts';
import type { RunningDemo } from '../../demo/stack.ts';
import { lacking, toolPath } from '../../proxy/test/fixtures/system-tools.ts';
import { startDemoWithForm, type DemoWithFormOptions } from '../support/demo-with-form.ts';

/** Why the suites cannot run here (`FIREFOX_PATH`, or firefox-esr on the PATH), or undefined. */
export const noFirefox = lacking('the Firefox suites', 'firefox-esr');

/** A headless Firefox, with `prefs` set (`javascript.enabled: false` for the page without it). */
export const launchFirefox = (prefs: Record<string, unknown> = {}): Promise<Browser> =>
  puppeteer.launch({
    browser: 'firefox',
    executablePath: toolPath('firefox-esr'),
    headless: true,
    extraPrefsFirefox: prefs,
  });

/** The element inside the form's shadow root that `selector` names. */
export const inForm = (selector: string) => `enquiry-form >>> ${selector}`;

export interface FirefoxStackOptions extends DemoWithFormOptions {
  viewport: Viewport;
}

export interface FirefoxStack {
  demo: RunningDemo;
  browser: Browser;
  page: Page;
  /** Everything the stand-in platform has received, oldest first. */
  inbox(): Promise<InboxEnquiry[]>;
  /** Waits up to ten seconds for enquiries past the first `before`, and returns them. */
  arrivals(before: number): Promise<InboxEnquiry[]>;
  close(): Promise<void>;
}

/** Starts the stack, then Firefox with one page at the viewport; `close` stops both. */
export async function startFirefoxStack(options: FirefoxStackOptions): Promise<FirefoxStack> {
  const demo = await startDemoWithForm(options);
  const browser = await launchFirefox();
  const page = await browser.newPage();
  await page.setViewport(options.viewport);
  const inbox = () => fetchInbox(demo.api?.origin ?? '');
  return {
    demo,
    browser,
    page,
    inbox,
    async arrivals(before) {
      const deadline = Date.now() + 10_000;
      let arrived = await inbox();
      while (arrived.length <= before && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        arrived = await inbox();
      }
      return arrived.slice(before);
    },
    async close() {
      await browser.close();
      await demo.close();
    },
  };
}
