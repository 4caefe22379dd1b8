import { expect, test } from '@playwright/test';
import lawFirm from '../demo/forms/law-firm.json' with { type: 'json' };
import { STRICT_CSP, openForm } from '../e2e/support/widget-harness.ts';
import { FILES, chooseFiles, fillConveyancing, send } from '../e2e/support/visitor.ts';

test(`renders styled and sends under "${STRICT_CSP}"`, async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const harness = await openForm(page, { config: lawFirm, csp: true });
  const { form } = harness;

  // Styled: the GOV.UK look arrives through a constructable stylesheet, not a <style> element.
  const sendButton = form.getByRole('button', { name: 'Send enquiry' });
  await expect(sendButton).toHaveCSS('background-color', 'rgb(0, 112, 60)');
  await expect(form.getByLabel('First name')).toHaveCSS('border-top-width', '2px');
  const styling = await form.evaluate((element) => ({
    adopted: element.shadowRoot?.adoptedStyleSheets.length ?? 0,
    styleElements: element.shadowRoot?.querySelectorAll('style').length ?? 0,
    styleAttributes: element.shadowRoot?.querySelectorAll('[style]').length ?? 0,
  }));
  expect(styling.adopted).toBeGreaterThan(0);
  expect(styling).toMatchObject({ styleElements: 0, styleAttributes: 0 });

  await fillConveyancing(form);
  await chooseFiles(page, form, FILES.jpeg);
  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeVisible();
  expect(harness.submissions).toHaveLength(1);
  expect(await harness.violations()).toEqual([]);
  expect(problems).toEqual([]);
});
