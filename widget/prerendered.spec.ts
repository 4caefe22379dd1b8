import { expect, test, type Page } from '@playwright/test';
import { drawnShadowRoot } from '../bundle/embed-code.ts';
import lawFirm from '../demo/forms/law-firm.json' with { type: 'json' };
import { publicConfig, type FormConfig } from '#contract';
import { openForm, type HarnessOptions } from '../e2e/support/widget-harness.ts';
import { gate } from '../e2e/support/gate.ts';

const config = publicConfig(lawFirm as FormConfig);
const attributes = { 'case-type': 'conveyancing' };

/** The declarative shadow root `npm run embed` puts in the tag. */
const drawn = () => drawnShadowRoot(config, 'conveyancing');

/** Where each control is on the page, to tell whether anything moved. */
const layout = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector('enquiry-form')?.shadowRoot;
    return [...(root?.querySelectorAll('input, select, textarea, button, label') ?? [])].map(
      (control) => {
        const box = control.getBoundingClientRect();
        return `${control.id || control.textContent.trim()}@${Math.round(box.top)},${Math.round(box.left)},${Math.round(box.width)}x${Math.round(box.height)}`;
      },
    );
  });

test('the drawn form takes typing before the script runs; the element keeps it and the caret', async ({
  page,
}) => {
  const script = gate();
  const harness = await openForm(page, {
    config,
    attributes,
    drawn: await drawn(),
    scriptHeld: script.until,
  });
  const { form } = harness;
  await form.getByLabel('Email address').fill('ada@example.com');
  await form.getByLabel('Buying').check();
  await form.getByLabel('First name').fill('Ada');
  await page.keyboard.press('ArrowLeft');
  expect(await page.evaluate(() => customElements.get('enquiry-form'))).toBeUndefined();

  script.open();
  await expect
    .poll(() => page.evaluate(() => customElements.get('enquiry-form') !== undefined))
    .toBe(true);
  // The element's own form, not the drawn one beside it: one of each control.
  await expect(form.locator('#forename')).toHaveCount(1);
  await expect(form.getByLabel('Buying')).toBeChecked();
  await expect(form.locator('#email')).toHaveValue('ada@example.com');
  await expect(form.locator('#forename')).toBeFocused();
  await page.keyboard.type('X');
  await expect(form.locator('#forename')).toHaveValue('AdXa');

  // What was typed before the element took over is in its draft, as if typed there.
  await page.reload();
  await expect(form.locator('#forename')).toHaveValue('AdXa');
  await expect(form.locator('#email')).toHaveValue('ada@example.com');
});

/**
 * Opens the page with the drawn form and its script held, measures the form, lets the script run:
 * the element's form is laid out where the drawn one was, control for control.
 */
async function takesOverInPlace(page: Page, options: Partial<HarnessOptions> = {}) {
  const script = gate();
  await openForm(page, {
    config,
    attributes,
    drawn: await drawn(),
    scriptHeld: script.until,
    ...options,
  });
  const drawnLayout = await layout(page);
  script.open();
  await expect
    .poll(() => page.evaluate(() => customElements.get('enquiry-form') !== undefined))
    .toBe(true);
  await expect.poll(() => layout(page)).toEqual(drawnLayout);
}

test('the drawn form is the one the element renders', ({ page }) => takesOverInPlace(page));

test('the drawn form is measured as the page styles it, however late its stylesheet arrives', ({
  page,
}) =>
  // Later than the drawn form: measured before it, the form sits at the browser's margins.
  takesOverInPlace(page, { stylesheetHeld: new Promise((resolve) => setTimeout(resolve, 500)) }));

test('the site owner’s words and locale on the tag reach the form the element takes over', async ({
  page,
}) => {
  const { form } = await openForm(page, {
    config,
    attributes: { ...attributes, locale: 'cy', i18n: JSON.stringify({ submit: 'Anfon' }) },
    drawn: await drawn(),
  });
  await expect(form.getByRole('button', { name: 'Anfon' })).toBeVisible();
  await expect(form.locator('.root')).toHaveAttribute('lang', 'cy');
});
