import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import callback from '../demo/forms/callback.json' with { type: 'json' };
import lawFirm from '../demo/forms/law-firm.json' with { type: 'json' };
import { DELIVERED, held, openForm } from '../e2e/support/widget-harness.ts';
import {
  FILES,
  chooseFiles,
  fillCallback,
  fillConveyancing,
  send,
} from '../e2e/support/visitor.ts';

// Six states, each screenshotted and analysed: more than the default 15 s on a 2-core machine.
test.describe.configure({ timeout: 45_000 });

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDTHS = [320, 1280] as const;

/**
 * Runs axe on the page as it stands and keeps a full-page screenshot of the state. "Incomplete"
 * (axe could not decide) counts as a failure: a person would have to check it by hand, and nobody
 * will.
 */
async function sweep(page: Page, testInfo: TestInfo, state: string) {
  const path = testInfo.outputPath(`${state}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(state, { path, contentType: 'image/png' });
  // Legacy mode runs axe in the page itself instead of opening a blank page to merge frame
  // results: the harness has a single frame, and it saves about a second per state.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).withTags(WCAG_TAGS).analyze();
  const problems = [...results.violations, ...results.incomplete].flatMap((rule) =>
    rule.nodes.map((node) => {
      const why = [...node.any, ...node.all, ...node.none].map((check) => check.message);
      return `${state}: ${rule.id} on ${node.target.join(' ')}: ${why.join('; ')}`;
    }),
  );
  expect.soft(problems).toEqual([]);
  // No horizontal scrolling at any width, even at 320 px.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect.soft(overflow, `${state}: horizontal overflow`).toBeLessThanOrEqual(0);
}

/**
 * One walk through a form: empty, with errors, filled in (with files where the form takes them),
 * sending (the answer is held back meanwhile), failed (a 503), and sent after a retry.
 */
const WALKS = [
  {
    name: 'law-firm',
    config: lawFirm,
    async fill(page: Page, form: Locator, testInfo: TestInfo) {
      await fillConveyancing(form);
      await chooseFiles(page, form, FILES.pdf, FILES.audio);
      await sweep(page, testInfo, 'files-chosen');
      // The refused audio file is repeated in the summary once; the next send goes.
      await send(form);
      await expect(form.locator('[part=error-summary]')).toBeFocused();
    },
  },
  { name: 'call-back', config: callback, fill: (_page: Page, form: Locator) => fillCallback(form) },
];

for (const width of WIDTHS) {
  for (const walk of WALKS) {
    test(`${walk.name} form at ${width}px: every state passes axe and fits`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      const unavailable = held({ status: 503, body: { error: 'unavailable' } });
      const { form } = await openForm(page, {
        config: walk.config,
        replies: [unavailable.reply, DELIVERED],
      });
      await sweep(page, testInfo, 'empty');

      await send(form);
      await expect(form.locator('[part=error-summary]')).toBeFocused();
      await sweep(page, testInfo, 'error');

      await walk.fill(page, form, testInfo);
      await send(form);
      await expect(form.locator('[part=progress]')).toBeVisible();
      await sweep(page, testInfo, 'sending');
      unavailable.release();

      await expect(form.locator('[part=failure]')).toBeFocused();
      await sweep(page, testInfo, 'failed');

      await form.getByRole('button', { name: 'Try again' }).click();
      await expect(form.locator('[part=confirmation]')).toBeFocused();
      await sweep(page, testInfo, 'sent');
    });
  }
}
