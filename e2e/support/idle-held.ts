/**
 * A page busy after its first frame: what waits for the browser to be idle (the rest of a form
 * drawn at once, the tab's draft, the late bundle) waits for the test, which lets it run with
 * `releaseIdle`.
 */
import type { Page } from '@playwright/test';

/** Holds the page's idle callbacks from its next load on. */
export const holdIdle = (page: Page) =>
  page.addInitScript(() => {
    const held: (() => void)[] = [];
    Object.assign(window, {
      requestIdleCallback: (work: () => void) => held.push(work),
      releaseIdle: () => {
        for (const work of held.splice(0)) work();
      },
    });
  });

/** Runs the idle callbacks held so far. */
export const releaseIdle = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { releaseIdle: () => void }).releaseIdle();
  });
