/**
 * How the choices and the case types look on a phone, whatever font size the page gives the
 * form: each radio and checkbox sits beside the first line of its label, its dot in its middle,
 * and every case type is shown whole, as a radio or, in a long list, once chosen in the select.
 * Text is measured in a font the repository ships (`useShippedFont`), not the machine's.
 */
import { expect, test } from '@playwright/test';
import lawFirm from '../demo/forms/law-firm.json' with { type: 'json' };
import { useShippedFont } from '../e2e/support/shipped-font.ts';
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
    await useShippedFont(page);
    await page.addStyleTag({ content: `enquiry-form { font-size: ${String(fontSize)}px }` });
    await expect(form.locator('.choice')).toHaveCount(5);
    const offsets = await form.locator('.choice').evaluateAll(offsetsOfChoices);
    for (const { label, line, dot } of offsets) {
      expect(line, `first line of "${label}"`).toBeLessThanOrEqual(1.5);
      expect(dot, `dot of "${label}"`).toBeLessThanOrEqual(0.5);
    }
  });

test('shows every case type whole as a radio, each label within the form', async ({ page }) => {
  const { form } = await openForm(page, { config: lawFirm });
  await useShippedFont(page);
  const caseTypes = form.getByRole('group', { name: 'What is your enquiry about?' });
  const labels = caseTypes.locator('.choice__label');
  await expect(labels).toHaveCount(3);
  const fits = await labels.evaluateAll((elements) =>
    elements.map((label) => {
      const box = label.getBoundingClientRect();
      const text = document.createRange();
      text.selectNodeContents(label);
      const lines = [...text.getClientRects()];
      return {
        label: label.textContent.trim(),
        clipped: label.scrollWidth > label.clientWidth,
        beyond: Math.max(...lines.map((line) => line.right)) - Math.min(box.right, innerWidth),
      };
    }),
  );
  for (const { label, clipped, beyond } of fits) {
    expect(clipped, `"${label}" clipped`).toBe(false);
    expect(beyond, `"${label}" past its box or the screen`).toBeLessThanOrEqual(0.5);
  }
});

test('shows a case type too long for one line whole in the select of a long list, on two lines', async ({
  page,
}) => {
  // More case types than the configuration shows as radios (a select), one with a long name.
  const long = 'Wills, probate, lasting powers of attorney and the Court of Protection';
  const caseTypes = lawFirm.caseTypes.map((c) =>
    c.id === 'wills-probate' ? { ...c, label: long } : c,
  );
  const { form } = await openForm(page, {
    config: { ...lawFirm, caseTypes, caseTypeRadiosUpTo: 0 },
  });
  await useShippedFont(page);
  const select = form.getByLabel('What is your enquiry about?');
  await select.selectOption({ label: long });
  const { textWidth, room, lines } = await select.evaluate((element) => {
    const box = element as HTMLSelectElement;
    const style = getComputedStyle(box);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    context.font = style.font;
    const px = (value: string) => parseFloat(value) || 0;
    const inner = box.clientHeight - px(style.paddingTop) - px(style.paddingBottom);
    return {
      textWidth: context.measureText(box.selectedOptions[0]?.text ?? '').width,
      room: box.clientWidth - px(style.paddingLeft) - px(style.paddingRight),
      lines: inner / px(style.lineHeight),
    };
  });
  // Too wide for the box on one line: so it must take two, not be cut off.
  expect(textWidth).toBeGreaterThan(room);
  expect(lines).toBeGreaterThanOrEqual(1.9);
});
