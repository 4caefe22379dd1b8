/**
 * Moving between the steps of a form in steps (`"steps"`), in Chromium on a processor slowed
 * 4× (`Emulation.setCPUThrottlingRate`): from the press of Continue (its step's fields checked,
 * the next step drawn, focus on its heading) or of the browser's Back (`popstate`) to the next
 * frame painted with the new step on it. Target: under 50 ms (issue #31).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { lawFirmInSteps } from '../../proxy/test/fixtures/steps-config.ts';
import { launchOptions } from '../support/browser.ts';
import { startPageServer } from './pages.ts';
import { freePort, scratchDir } from './processes.ts';
import { median, num, quantile, table } from './report.ts';
import { startProxyServer, startStandIn } from './servers.ts';
import { ORIGIN } from '../../proxy/test/fixtures/proxy-harness.ts';

/** Round trips (Continue, then Back) timed on one page. */
const ROUND_TRIPS = 30;
const CPU_SLOWDOWN = 4;

/**
 * Runs `press` in the page and resolves with the milliseconds until the frame after the step
 * heading reads `wanted` has been produced (a task queued from that animation frame).
 */
const TIME_STEP = `(async ({ press, wanted }) => {
  const root = document.querySelector('enquiry-form').shadowRoot;
  const shown = () => {
    const title = root.querySelector('.step-title');
    return title && title.textContent.includes(wanted) && root.activeElement === title;
  };
  const arrived = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    // Focus moves after the render that changed the heading: caught at the next check.
    const poll = () => (shown() ? (observer.disconnect(), resolve()) : setTimeout(poll, 0));
    setTimeout(poll, 0);
  });
  const start = performance.now();
  if (press === 'continue') root.querySelector('button[type=submit]').click();
  else history.back();
  await arrived;
  await new Promise((resolve) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = resolve;
    channel.port2.postMessage(null);
  }));
  return performance.now() - start;
})`;

/** True once the history entry of a step after the first is in place. */
const HAS_STEP_ENTRY = `Object.values(history.state ?? {}).some(
  (entry) => typeof entry?.step === 'string' && entry.step !== 'contact',
)`;

const timeStep = (page: Page, press: 'continue' | 'back', wanted: string) =>
  page.evaluate<number>(`${TIME_STEP}(${JSON.stringify({ press, wanted })})`);

export async function stepSpeed(): Promise<string> {
  const config = join(scratchDir('steps-config'), 'form.json');
  writeFileSync(config, JSON.stringify(lawFirmInSteps));
  const standIn = await startStandIn();
  const pagePort = await freePort();
  const proxy = await startProxyServer(standIn, {
    env: { FORM_CONFIG: config, ALLOWED_ORIGINS: `${ORIGIN},http://127.0.0.1:${pagePort}` },
  });
  const server = await startPageServer(proxy.origin, pagePort);
  const browser = await chromium.launch(launchOptions);
  try {
    const page = await browser.newPage();
    await page.goto(`${server.origin}/widget`);
    const form = page.locator('enquiry-form');
    await form.getByLabel('First name').fill('Ada');
    await form.getByLabel('Last name').fill('Lovelace');
    await form.getByLabel('Email address').fill('ada@example.com');
    // The late bundle and its steps chunk (Continue's checks) are on the page before anything is
    // timed: the element's styles, then each one's.
    await page.waitForFunction(
      () =>
        (document.querySelector('enquiry-form')?.shadowRoot?.adoptedStyleSheets.length ?? 0) > 2,
    );
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const forward: number[] = [];
    const back: number[] = [];
    for (let i = 0; i < ROUND_TRIPS; i += 1) {
      forward.push(await timeStep(page, 'continue', 'The property'));
      // The step's history entry is added once the browser is idle after the step is painted:
      // Back is pressed once it is there, as any visitor's press would be.
      await page.waitForFunction(HAS_STEP_ENTRY);
      back.push(await timeStep(page, 'back', 'Your details'));
    }
    const row = (label: string, times: readonly number[]) => [
      label,
      `**${num(median(times))}**`,
      num(quantile(times, 0.9)),
      num(Math.max(...times)),
    ];
    return `## Step changes in Chromium

Moving between the steps of a form in steps (\`proxy/test/fixtures/steps-config.ts\`,
\`e2e/bench/step-speed.ts\`), in Chromium with the processor slowed ${String(CPU_SLOWDOWN)}×
(\`Emulation.setCPUThrottlingRate\`): from the press to the next frame painted once the new step's
heading is in place and focused (at 60 frames a second, up to 16 ms of that is waiting for the
frame), ${String(ROUND_TRIPS)} times each way on one page, the late bundle and its steps chunk loaded.
Continue checks the step's fields with the shared rules and keeps the step in the draft (its
history entry is added once the browser is idle after the frame, and Back waits for it); Back is
the browser's (\`history.back()\`, then \`popstate\`). Target: under 50 ms.

${table(
  ['move', 'median ms', 'p90 ms', 'max ms'],
  [row('Continue, step 1 → 2', forward), row('browser Back, step 2 → 1', back)],
)}`;
  } finally {
    await browser.close();
    await server.close();
  }
}
