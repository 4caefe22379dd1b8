/**
 * The form on the pages it lands on (issue "Every visitor, every browser"): strings given by a
 * framework before the element is defined, right-to-left text, a sticky header above the form,
 * and consent statements that are ticked or not, never "(optional)".
 */
import { expect, test, type Page } from '@playwright/test';
import callback from '../demo/forms/callback.json' with { type: 'json' };
import lawFirm from '../demo/forms/law-firm.json' with { type: 'json' };
import { lawFirmWithConsent } from '../proxy/test/fixtures/consent-config.ts';
import { sweep } from '../e2e/support/axe.ts';
import { openForm } from '../e2e/support/widget-harness.ts';
import { chooseFiles, fillCallback, FILES, send } from '../e2e/support/visitor.ts';

/** What the page warns of in the console, as it comes. */
const warningsOf = (page: Page) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  return warnings;
};

test('takes strings as a JSON attribute, as React 19 sets them on an element it does not know yet', async ({
  page,
}) => {
  const warnings = warningsOf(page);
  const { form } = await openForm(page, {
    config: callback,
    attributes: { i18n: JSON.stringify({ submit: 'Senden', forename: 'Vorname' }) },
  });
  await expect(form.getByRole('button', { name: 'Senden' })).toBeVisible();
  await expect(form.getByLabel('Vorname')).toBeVisible();
  expect(warnings).toEqual([]);
});

test('names an i18n attribute that is not JSON, and keeps the English strings', async ({
  page,
}) => {
  const warnings = warningsOf(page);
  const { form } = await openForm(page, {
    config: callback,
    attributes: { i18n: '[object Object]' },
  });
  await expect(form.getByRole('button', { name: 'Send enquiry' })).toBeVisible();
  expect(warnings).toContainEqual(expect.stringContaining('the i18n attribute must be JSON'));
});

test('keeps strings set as a property before the element was defined', async ({ page }) => {
  // Set while the page is parsed, before the module script defines the element.
  await page.addInitScript(() => {
    new MutationObserver((_changes, observer) => {
      const element = document.querySelector('enquiry-form');
      if (!element) return;
      Object.assign(element, { i18n: { submit: 'Anfrage senden' } });
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  const { form } = await openForm(page, { config: callback });
  await expect(form.getByRole('button', { name: 'Anfrage senden' })).toBeVisible();
});

test('text fields follow the direction of what is typed in them', async ({ page }) => {
  const { form } = await openForm(page, {
    config: lawFirm,
    attributes: { 'case-type': 'conveyancing' },
  });
  await expect(form.getByLabel('First name')).toHaveAttribute('dir', 'auto');
  await expect(form.getByLabel('Anything else we should know? (optional)')).toHaveAttribute(
    'dir',
    'auto',
  );
});

test('brings the error summary to the top, below a sticky header', async ({ page }) => {
  const { form } = await openForm(page, { config: callback });
  await page.addStyleTag({
    content: `enquiry-form { --enquiry-form-scroll-margin: 120px; margin-top: 1500px; }
      body { padding-bottom: 3000px; }`,
  });
  await send(form);
  const summary = form.locator('[part=error-summary]');
  await expect(summary).toBeFocused();
  await expect
    .poll(async () => Math.round((await summary.boundingBox())?.y ?? -1))
    .toBeGreaterThanOrEqual(118);
  expect((await summary.boundingBox())?.y).toBeLessThanOrEqual(125);
});

test('never marks a consent statement "(optional)"', async ({ page }) => {
  const { form } = await openForm(page, {
    config: lawFirmWithConsent,
    attributes: { 'case-type': 'conveyancing' },
  });
  await expect(
    form.getByRole('checkbox', { name: 'Send me occasional news by email.' }),
  ).toBeVisible();
  await expect(form.getByText('Send me occasional news by email. (optional)')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 320, height: 700 } });

  test('gives fingers 44 px targets, no drag-and-drop hint, and boxes of one width', async ({
    page,
  }) => {
    const { form } = await openForm(page, {
      config: lawFirm,
      attributes: { 'case-type': 'conveyancing' },
    });
    await expect(form.getByText('or drop files here')).toBeHidden();
    await chooseFiles(page, form, FILES.pdf);
    const remove = form.getByRole('button', { name: /Remove/ });
    const box = await remove.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect(box?.width).toBeGreaterThanOrEqual(44);
    const widths = await Promise.all(
      [
        'First name',
        'Roughly what is the property worth?',
        'When would you like to complete? (optional)',
      ].map(async (label) => Math.round((await form.getByLabel(label).boundingBox())?.width ?? 0)),
    );
    expect(new Set(widths).size).toBe(1);
  });

  test('keeps the widest reference the proxy makes whole, inside its panel', async ({ page }) => {
    // W and M are the widest letters of the proxy's alphabet (proxy/intake/reference.ts).
    const reference = 'EQ-WMWM-WMWMWMWM';
    const { form } = await openForm(page, {
      config: callback,
      replies: [{ status: 201, body: { status: 'delivered', reference, enquiryId: 1, files: [] } }],
    });
    await fillCallback(form);
    await send(form);
    await expect(form.locator('[part=confirmation]')).toBeFocused();
    const panel = await form.locator('[part=confirmation]').boundingBox();
    const quoted = form.getByText(reference, { exact: true });
    const box = await quoted.boundingBox();
    expect(box?.height).toBeLessThan(60); // one line
    expect(box?.x).toBeGreaterThanOrEqual(panel?.x ?? Infinity);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(
      (panel?.x ?? 0) + (panel?.width ?? 0),
    );
  });
});

for (const width of [320, 1280])
  test(`works right to left at ${String(width)}px: errors, choices and files`, async ({
    page,
  }, testInfo) => {
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        document.documentElement.dir = 'rtl';
      });
    });
    await page.setViewportSize({ width, height: 900 });
    const { form } = await openForm(page, {
      config: lawFirm,
      attributes: { 'case-type': 'conveyancing' },
    });
    await chooseFiles(page, form, FILES.pdf);
    await send(form);
    await expect(form.locator('[part=error-summary]')).toBeFocused();
    await sweep(page, testInfo, `rtl-${String(width)}-errors`);
    const summary = await form.locator('[part=error-summary]').boundingBox();
    const label = await form.getByText('First name', { exact: true }).boundingBox();
    // Right to left: the label starts at the right edge of the form, as the summary does.
    expect(
      Math.abs((label?.x ?? 0) + (label?.width ?? 0) - ((summary?.x ?? 0) + (summary?.width ?? 0))),
    ).toBeLessThan(40);
  });

test('keeps an emoji whole, and counts it as one character against the limit', async ({ page }) => {
  const { form } = await openForm(page, { config: callback });
  const family = '\u{1F469}\u200D\u{1F469}\u200D\u{1F467}';
  const firstName = form.getByLabel('First name');
  await firstName.fill(`Ada ${family}`);
  await expect(firstName).toHaveValue(`Ada ${family}`);
  // 100 characters is the limit: 100 families fit, 101 do not.
  await firstName.fill(family.repeat(101));
  await send(form);
  await expect(form.locator('[part=error-summary]')).toContainText('100 characters or fewer');
  await firstName.fill(family.repeat(100));
  await send(form);
  await expect(form.locator('[part=error-summary]')).not.toContainText('First name');
});
