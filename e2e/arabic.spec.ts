/**
 * Right to left (issue #44): the Arabic example (`demo/forms/arabic.json`, its words in the
 * strings file `demo/strings/ar.json`) on an Arabic page of the firm's own, in Chromium against
 * the real proxy and the stand-in. The page itself says only `lang="ar"`, so what lays the form
 * out right to left is the widget's own `dir`: each label starts where its field starts, at the
 * right; the error summary reads from the right; axe finds nothing, empty or in error.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator } from '@playwright/test';
import type { FormConfigFile } from '../proxy/contract/schemas/form-config.ts';
import { sweep } from './support/axe.ts';
import { embedPage, openOwnPage, type OwnPage } from './support/own-page.ts';
import { expect, openStack, test, type Stack } from './support/stack.ts';

const AR = JSON.parse(readFileSync('demo/strings/ar.json', 'utf8')) as Record<string, string>;

/** The example as the site owner keeps it, its strings file named by its whole path here. */
const arabic = {
  ...(JSON.parse(readFileSync('demo/forms/arabic.json', 'utf8')) as FormConfigFile),
  strings: { ar: fileURLToPath(new URL('../demo/strings/ar.json', import.meta.url)) },
};

/** The left and right edges of a box on the page. */
async function edges(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not on the page`);
  return { left: box.x, right: box.x + box.width };
}

/** The left and right edges of an element's text (a label is a block as wide as the form). */
const textEdges = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const { left, right } = range.getBoundingClientRect();
    return { left, right };
  });

test.describe('the Arabic form in Chromium', () => {
  test.describe.configure({ mode: 'default' });
  let own: OwnPage;
  let stack: Stack;

  test.beforeAll(async () => {
    own = await openOwnPage();
    stack = await openStack('arabic-spec', {
      config: arabic,
      proxyEnv: { ALLOWED_ORIGINS: own.origin },
    });
    own.show(
      embedPage(stack.demo.proxyUrl, { lang: 'ar', title: 'الانتقال', heading: 'هل تنتقل؟' }),
    );
  });
  test.afterAll(async () => {
    await stack.demo.close();
    await own.close();
  });

  for (const width of [390, 1280])
    test(`is laid out right to left at ${String(width)} px, and axe finds nothing in it`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(own.origin);
      const form = page.locator('enquiry-form');
      const root = form.locator('.root');
      await expect(root).toHaveAttribute('dir', 'rtl');
      await expect(root).toHaveAttribute('lang', 'ar');
      const field = form.getByLabel(AR.forename ?? '');
      await expect(field).toBeVisible();

      // A field starts at the form's right edge; its label's words start where it does.
      const label = await textEdges(form.locator('label', { hasText: AR.forename ?? '' }));
      const input = await edges(field);
      const whole = await edges(root);
      expect(Math.abs(label.right - input.right)).toBeLessThanOrEqual(2);
      expect(label.left).toBeGreaterThan(input.left);
      expect(Math.abs(whole.right - input.right)).toBeLessThanOrEqual(2);
      await sweep(page, testInfo, `arabic-${String(width)}-empty`);

      await form.getByRole('button', { name: AR.submit ?? '' }).click();
      const summary = form.locator('.error-summary');
      const title = summary.getByRole('heading', { name: AR.errorSummaryTitle ?? '' });
      await expect(title).toBeVisible();
      const box = await edges(summary);
      const heading = await textEdges(title);
      // Aligned to the right: the title's gap on the right is the padding, on the left the rest.
      expect(box.right - heading.right).toBeLessThan(heading.left - box.left);
      await expect(summary.getByRole('link').first()).toHaveText(AR['forename.required'] ?? '');
      await sweep(page, testInfo, `arabic-${String(width)}-errors`);
    });

  test('the page without JavaScript is laid out right to left as the widget is, at 390 px', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    /**
     * What a visitor sees of the forename: the direction its label is read in (the field's own
     * is `dir="auto"`, decided by what is typed), the label's words and the field.
     */
    const forename = async (scope: Locator) => {
      const field = scope.getByLabel(AR.forename ?? '');
      await expect(field).toBeVisible();
      const label = scope.locator('label', { hasText: AR.forename ?? '' }).first();
      return {
        direction: await label.evaluate((element) => getComputedStyle(element).direction),
        label: await textEdges(label),
        field: await edges(field),
      };
    };
    await page.goto(own.origin);
    const widget = await forename(page.locator('enquiry-form'));
    await page.goto(`${stack.demo.proxyUrl}/form?lang=ar`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    const plain = await forename(page.locator('body'));

    for (const drawn of [widget, plain]) {
      expect(drawn.direction).toBe('rtl');
      // The label's words start at the field's right edge, and hang from the right of the page.
      expect(Math.abs(drawn.label.right - drawn.field.right)).toBeLessThanOrEqual(2);
      expect(390 - drawn.label.right).toBeLessThan(drawn.label.left);
    }
  });
});
