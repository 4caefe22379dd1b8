/**
 * The form's first frame holds its top (the contact fields) and the rest comes once the browser
 * is idle after it: a visitor can type at once, and what they type stays when the case type's
 * questions appear, with nothing below the form coming up and going down again.
 */
import { expect, test } from '@playwright/test';
import lawFirm from '../demo/forms/law-firm.json' with { type: 'json' };
import { holdIdle, releaseIdle } from '../e2e/support/idle-held.ts';
import { openForm } from '../e2e/support/widget-harness.ts';

test('the first field takes typing at once, and every question of the case type then appears with the typed text kept and nothing below moved', async ({
  page,
}) => {
  // A page busy after its first frame: the rest of the form waits for the test.
  await holdIdle(page);
  await page.addInitScript(() => {
    // The page as the README's snippet makes it: a screen's height kept for the form while its
    // script loads, and a footer below it.
    document.addEventListener('DOMContentLoaded', () => {
      const reservation = document.createElement('style');
      reservation.textContent = 'enquiry-form:not(:defined) { display: block; min-height: 100vh; }';
      document.head.append(reservation);
      const footer = document.createElement('footer');
      footer.textContent = 'Solicitors regulated by the SRA';
      document.body.append(footer);
    });
  });
  const { form } = await openForm(page, {
    config: lawFirm,
    attributes: { 'case-type': 'conveyancing' },
  });
  const firstName = form.getByLabel('First name');
  const worth = form.getByLabel('Roughly what is the property worth?');
  const footerTop = () =>
    page.evaluate(() => document.querySelector('footer')!.getBoundingClientRect().top);
  const viewport = page.viewportSize()!.height;

  await expect(firstName).toBeEditable();
  await expect(worth).toHaveCount(0);
  const firstFrameFooter = await footerTop();
  expect(firstFrameFooter).toBeGreaterThanOrEqual(viewport);
  const firstNameBox = await firstName.boundingBox();
  await firstName.pressSequentially('Ada');

  await releaseIdle(page);
  await expect(worth).toBeVisible();
  for (const question of lawFirm.caseTypes[0]!.questions.filter((q) => !q.showIf)) {
    await expect(form.locator(`[name="answers.${question.id}"]`).first()).toBeAttached();
  }
  await expect(form.getByRole('button', { name: 'Send enquiry' })).toBeAttached();
  await expect(firstName).toHaveValue('Ada');
  await expect(firstName).toBeFocused();
  await firstName.press('End');
  await firstName.pressSequentially(' L');
  await expect(firstName).toHaveValue('Ada L');
  // Nothing moved: the field where it was, the footer never above where it was kept.
  expect(await firstName.boundingBox()).toEqual(firstNameBox);
  expect(await footerTop()).toBeGreaterThanOrEqual(firstFrameFooter);
});
