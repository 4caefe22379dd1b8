/**
 * Widget speed in Chromium: time from navigation to a form a visitor can type into, for the
 * page with `<enquiry-form>` and for a plain HTML form with the same fields, both served by
 * the same server, each run in a fresh browser context (cold HTTP cache, new connections).
 * The pages and one cold load are in `speed-pages.ts`, the section it writes in
 * `widget-speed-report.ts`.
 */
import { chromium } from '@playwright/test';
import { launchOptions } from '../support/browser.ts';
import { startPageServer } from './pages.ts';
import { freePort } from './processes.ts';
import { recordHeadline } from './headline.ts';
import { ratio } from './report.ts';
import { startProxyServer, startStandIn } from './servers.ts';
import { coldLoad, SPEED_PAGES, SPEED_PAGE_NAMES, type SpeedPage } from './speed-pages.ts';
import { ratiosToPlain, widgetSpeedReport, type RunsByPage } from './widget-speed-report.ts';
import { ORIGIN } from '../../proxy/test/fixtures/proxy-harness.ts';

const RUNS = 20;
/** Loads of each page on the throttled mobile profile (each takes seconds). */
const THROTTLED_RUNS = 10;

const noRuns = (): RunsByPage => ({ widget: [], drawn: [], plain: [], least: [] });

export async function widgetSpeed(): Promise<string> {
  const standIn = await startStandIn();
  // The proxy must allow the pages' origin before the page server, which names the proxy, starts.
  const pagePort = await freePort();
  const proxy = await startProxyServer(standIn, {
    env: { ALLOWED_ORIGINS: `${ORIGIN},http://127.0.0.1:${pagePort}` },
  });
  const server = await startPageServer(proxy.origin, pagePort);
  const browser = await chromium.launch(launchOptions);
  try {
    const url = (name: SpeedPage) => `${server.origin}${SPEED_PAGES[name].path}`;
    const names = SPEED_PAGE_NAMES;
    // One discarded load of each: the first navigation of a browser pays for its own start-up.
    for (const name of names) await coldLoad(browser, url(name));
    const fast = noRuns();
    for (let i = 0; i < RUNS; i += 1) {
      // Rotate which goes first, so drift on a shared machine falls on all alike.
      for (let k = 0; k < names.length; k += 1) {
        const name = names[(i + k) % names.length] ?? 'plain';
        fast[name].push(await coldLoad(browser, url(name)));
      }
    }
    const slow = noRuns();
    for (let i = 0; i < THROTTLED_RUNS; i += 1) {
      for (const name of names) slow[name].push(await coldLoad(browser, url(name), true));
    }
    const fastRatios = ratiosToPlain(fast);
    const slowRatios = ratiosToPlain(slow);
    recordHeadline('ready', `${ratio(fastRatios.widget)} / ${ratio(slowRatios.widget)}`);
    return widgetSpeedReport({
      chromium: browser.version(),
      runs: RUNS,
      throttledRuns: THROTTLED_RUNS,
      fast,
      slow,
      fastRatios,
      slowRatios,
    });
  } finally {
    await browser.close();
    await server.close();
  }
}
