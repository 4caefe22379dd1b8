/**
 * The four pages the speed benchmark measures (served by `pages.ts`) and one cold load of any
 * of them: a fresh browser context, the probe that stamps when the form can be typed into, and
 * typing to prove it takes text. `widget-speed.ts` runs the loads; `first-render.ts` uses the
 * same probe and context to trace a load.
 */
import type { Browser, Request } from '@playwright/test';

/** The pages, in the order they take turns, with the row label each has in the report. */
export const SPEED_PAGES = {
  widget: { path: '/widget', label: '`<enquiry-form>`, script tag' },
  drawn: { path: '/widget-drawn', label: '`<enquiry-form>`, drawn in the page' },
  plain: { path: '/plain', label: 'plain `<form>`' },
  least: { path: '/least-script', label: 'plain `<form>` written by a script' },
} as const;
export type SpeedPage = keyof typeof SPEED_PAGES;
export const SPEED_PAGE_NAMES = Object.keys(SPEED_PAGES) as SpeedPage[];

/** A slow phone's processor: Chromium runs the page this many times slower. */
export const MOBILE_CPU_SLOWDOWN = 4;

/**
 * A slow phone's network, applied by Chromium to every request of the page: 400 ms round trip,
 * 400 kbit/s each way (the profile the widget-speed issue was measured on).
 */
export const MOBILE = {
  offline: false,
  latency: 400,
  downloadThroughput: (400 * 1000) / 8,
  uploadThroughput: (400 * 1000) / 8,
};

/**
 * Runs in every page before its own scripts. "Interactive" is the first frame painted after the
 * first name input (`#forename`, in the element's shadow root or in the document) is connected,
 * enabled and not read-only: a MutationObserver watches the document and every shadow root as
 * it is attached, and the time is taken in a task queued from the next animation frame, i.e.
 * once that frame has been produced. Kept as text so no build step rewrites it.
 */
export const PROBE = `(() => {
  let found = false;
  const interactive = new Promise((resolve) => {
    const check = () => {
      if (found) return;
      const host = document.querySelector('enquiry-form');
      const root = host ? host.shadowRoot : document;
      const input = root && root.querySelector('#forename');
      if (!input || !input.isConnected || input.disabled || input.readOnly) return;
      found = true;
      const inDom = performance.now();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve({ inDom, painted: performance.now() });
        channel.port2.postMessage(null);
      });
    };
    const watch = (root) =>
      new MutationObserver(check).observe(root, { childList: true, subtree: true });
    const attachShadow = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (init) {
      const root = attachShadow.call(this, init);
      watch(root);
      return root;
    };
    watch(document);
  });
  Object.defineProperty(window, '__benchInteractive', { value: interactive });
  // Cumulative layout shift as Chromium reports it (shifts right after input do not count).
  let cls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  Object.defineProperty(window, '__benchCls', { get: () => cls });
})();`;

const NAVIGATION = `(() => {
  const n = performance.getEntriesByType('navigation')[0];
  return { domContentLoaded: n.domContentLoadedEventEnd, load: n.loadEventEnd };
})()`;

export interface Run {
  painted: number;
  inDom: number;
  domContentLoaded: number;
  load: number;
  /** Cumulative layout shift up to the load event, before any typing. */
  cls: number;
  /** Bytes the page's requests received (bodies as sent, and headers), up to the typing. */
  bytes: number;
}

/** A new page in a new context (empty cache, new connections), on the slow phone if asked. */
export async function coldPage(browser: Browser, throttled: boolean) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (throttled) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', MOBILE);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_CPU_SLOWDOWN });
  }
  return { context, page };
}

/** One cold load: a new context, the probe, navigation, then typing to prove it takes text. */
export async function coldLoad(browser: Browser, url: string, throttled = false): Promise<Run> {
  const { context, page } = await coldPage(browser, throttled);
  try {
    const sizes: Promise<number>[] = [];
    const count = (request: Request) => {
      // A request still finishing as the context closes is not counted.
      sizes.push(
        request.sizes().then(
          (s) => s.responseBodySize + s.responseHeadersSize,
          () => 0,
        ),
      );
    };
    page.on('requestfinished', count);
    await page.addInitScript({ content: PROBE });
    await page.goto(url, { waitUntil: 'commit' });
    const timing = (await Promise.race([
      page.evaluate('window.__benchInteractive'),
      new Promise((_, reject) =>
        setTimeout(() => {
          reject(new Error(`${url}: no #forename after 15 s`));
        }, 30_000),
      ),
    ])) as { inDom: number; painted: number };
    await page.waitForLoadState('load');
    const navigation = await page.evaluate<Omit<Run, 'painted' | 'inDom' | 'cls'>>(NAVIGATION);
    const cls = await page.evaluate<number>('window.__benchCls');
    const input = page.locator('#forename');
    await input.click();
    await page.keyboard.type('Ada');
    const typed = await input.inputValue();
    if (typed !== 'Ada') throw new Error(`${url}: typed "Ada" but the input holds "${typed}"`);
    page.off('requestfinished', count);
    const bytes = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
    return { ...timing, ...navigation, cls, bytes };
  } finally {
    await context.close();
  }
}
