/**
 * The accessibility sweep: axe-core with the WCAG 2.0 to 2.2 A and AA rules, where "incomplete"
 * (axe could not decide) counts as a failure, because a person would have to check it by hand
 * and nobody will. Each swept state is also kept as a screenshot.
 */
import { mkdirSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Stable names for the README's screenshots: `test-results/screenshots/<name>.png`. */
export const SCREENSHOTS_DIR = 'test-results/screenshots';

export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/${name}.png`, fullPage: true });
}

/** Screenshots the state, runs axe on it, and checks nothing scrolls sideways. */
export async function sweep(page: Page, testInfo: TestInfo, state: string): Promise<void> {
  await screenshot(page, testInfo, state);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const problems = [...results.violations, ...results.incomplete].flatMap((rule) =>
    rule.nodes.map((node) => {
      const why = [...node.any, ...node.all, ...node.none].map((check) => check.message);
      return `${state}: ${rule.id} on ${node.target.join(' ')}: ${why.join('; ')}`;
    }),
  );
  expect.soft(problems).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect.soft(overflow, `${state}: horizontal overflow`).toBeLessThanOrEqual(0);
}
