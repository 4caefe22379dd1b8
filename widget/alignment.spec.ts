/**
 * How the choices and the case-type select look on a phone, whatever font size the page gives
 * the form: each radio and checkbox sits beside the first line of its label, its dot in its
 * middle, and a long case type is shown whole once chosen.
 */
import { expect, test } from '@playwright/test';
import lawFirm from '../demo/forms/law-firm.json' with { type: 'json' };
import { openForm } from '../e2e/support/widget-harness.ts';

test.use({ hasTouch: true, isMobile: true, viewport: { width: 320, height: 900 } });

/** For each choice: how far (px) its label's first line and its dot are from its box's middle. */
const offsetsOfChoices = (choices: Element[]) =>
  choices.map((choice) => {
    const label = choice.querySelector('.choice__label');
    if (!label) throw new Error('a choice without a label');
    const px = (value: string) => parseFloat(value) || 0;
    const top = choice.getBoundingClientRect().top;
    const middleOf = (pseudo: '::before' | '::after') => {
      const style = getComputedStyle(label, pseudo);
      const borders = px(style.borderTopWidth) + px(style.borderBottomWidth);
      const height = px(style.height) + (style.boxSizing === 'border-box' ? 0 : borders);
      return top + px(style.top) + height / 2;
    };
    const box = middleOf('::before');
    const text = document.createRange();
    text.selectNodeContents(label);
    const firstLine = text.getClientRects()[0];
    if (!firstLine) throw new Error('a label without text');
    return {
      label: label.textContent.trim(),
      line: Math.abs(firstLine.top + firstLine.height / 2 - box),
      dot: choice.classList.contains('choice--radio') ? Math.abs(middleOf('::after') - box) : 0,
    };
  });

for (const fontSize of [14, 19, 24])
  test(`lines each radio and checkbox up with its label's first line at ${String(fontSize)}px`, async ({
    page,
  }) => {
    const { form } = await openForm(page, {
      config: lawFirm,
      attributes: { 'case-type': 'family' },
    });
    await page.addStyleTag({ content: `enquiry-form { font-size: ${String(fontSize)}px }` });
    await expect(form.locator('.choice')).toHaveCount(5);
    const offsets = await form.locator('.choice').evaluateAll(offsetsOfChoices);
    for (const { label, line, dot } of offsets) {
      expect(line, `first line of "${label}"`).toBeLessThanOrEqual(1.5);
      expect(dot, `dot of "${label}"`).toBeLessThanOrEqual(0.5);
    }
  });
