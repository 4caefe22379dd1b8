/**
 * The demo landing page once the enquiry is sent, at a phone's width and a laptop's: the
 * heading's note in the page's text font on a line of its own, the card as tall as what it
 * holds, and the reference as large as its label. Screenshots in the test's output to look at.
 */
import { expect, test } from './support/stack.ts';
import { fillConveyancing, send } from './support/visitor.ts';

for (const width of [390, 1280])
  test(`at ${width}px the sent page reads as one: the note’s font, the card’s height, the reference’s size`, async ({
    page,
    lawFirm,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(lawFirm.demo.siteUrl);
    const form = page.locator('enquiry-form');
    await fillConveyancing(form);
    await send(form);
    const panel = form.locator('[part=confirmation]');
    await expect(panel).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`sent-${width}.png`), fullPage: true });

    const look = await page.evaluate(() => {
      const heading = document.querySelector('[data-next-steps] h2');
      const note = heading && getComputedStyle(heading, '::after');
      const card = document.querySelector('.card')?.getBoundingClientRect();
      const host = document.querySelector('enquiry-form')?.getBoundingClientRect();
      const root = document.querySelector('enquiry-form')?.shadowRoot;
      const reference = root?.querySelector('.panel__reference');
      const label = reference?.parentElement;
      const panelBox = root?.querySelector('.panel')?.getBoundingClientRect();
      const referenceBox = reference?.getBoundingClientRect();
      return {
        noteFont: note?.fontFamily,
        noteDisplay: note?.display,
        textFont: getComputedStyle(document.body).fontFamily,
        emptyBelowForm: (card?.bottom ?? 0) - (host?.bottom ?? 0),
        referenceSize: parseFloat(reference ? getComputedStyle(reference).fontSize : '0'),
        labelSize: parseFloat(label ? getComputedStyle(label).fontSize : '0'),
        referenceInPanel:
          (referenceBox?.left ?? 0) >= (panelBox?.left ?? 1) &&
          (referenceBox?.right ?? 1) <= (panelBox?.right ?? 0),
      };
    });
    expect(look.noteFont).toBe(look.textFont);
    expect(look.noteDisplay).toBe('block');
    // The card's own bottom padding, no more.
    expect(look.emptyBelowForm).toBeLessThanOrEqual(64);
    expect(look.referenceSize).toBeGreaterThanOrEqual(look.labelSize);
    expect(look.referenceInPanel).toBe(true);
  });
