/**
 * The page's own way to send (`bundle/fallback.ts`), when the script loads but the form cannot
 * be: the element's notice shows the tag's fallback, with its link, telephone and email; on a
 * page in another language that fallback, in the page's language, is the whole notice.
 */
import { expect, type Page, test } from '@playwright/test';
import lawFirm from '../demo/forms/law-firm.json' with { type: 'json' };
import { fallbackContent } from '../bundle/fallback.ts';
import { openForm } from '../e2e/support/widget-harness.ts';

const FIRM = {
  name: 'Lovelace & Byron LLP',
  phone: '01632 960 001',
  email: 'help@lovelace.example',
};

test('when the form cannot be loaded, the notice shows the page’s link, telephone and email', async ({
  page,
}) => {
  const { form } = await openForm(page, {
    config: lawFirm,
    formReply: { status: 0, abort: true },
    fallback: fallbackContent('https://forms.example.com/form', FIRM),
  });
  const failure = form.locator('[part=failure]');
  await expect(failure).toContainText('the form could not be loaded');
  await expect(failure.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(form.getByRole('link', { name: 'Send us your enquiry' })).toBeVisible();
  await expect(form.getByRole('link', { name: 'Send us your enquiry' })).toHaveAttribute(
    'href',
    'https://forms.example.com/form',
  );
  await expect(form.getByRole('link', { name: FIRM.phone })).toHaveAttribute(
    'href',
    'tel:01632960001',
  );
  await expect(form.getByRole('link', { name: FIRM.email })).toBeVisible();
});

test('once the form is on screen, the page’s fallback is not shown', async ({ page }) => {
  const { form } = await openForm(page, {
    config: lawFirm,
    fallback: fallbackContent('https://forms.example.com/form', FIRM),
  });
  await expect(form.getByLabel('First name')).toBeVisible();
  await expect(form.getByRole('link', { name: 'Send us your enquiry' })).toBeHidden();
});

/** The fallback paragraph of the README's Welsh snippet, as a Welsh site owner pastes it. */
const WELSH_FALLBACK = `<p class="enquiry-form-fallback">Methu gweld y ffurflen?
  <a href="https://forms.example.com/form?lang=cy">Anfonwch eich ymholiad atom</a>.</p>`;

/** A Welsh page (`<html lang="cy">`) whose form cannot be loaded, with `fallback` in the tag. */
const failedOnAWelshPage = (page: Page, fallback?: string) =>
  openForm(page, {
    config: lawFirm,
    pageLang: 'cy',
    formReply: { status: 0, abort: true },
    ...(fallback ? { fallback } : {}),
  });

test('on a Welsh page the page’s own Welsh fallback is the whole notice, not English words', async ({
  page,
}) => {
  const { form } = await failedOnAWelshPage(page, WELSH_FALLBACK);
  const failure = form.locator('[part=failure]');
  await expect(form.getByRole('link', { name: 'Anfonwch eich ymholiad atom' })).toBeVisible();
  await expect(failure).not.toContainText('could not be loaded');
  await expect(failure.getByRole('button')).toHaveCount(0);
});

test('on a Welsh page with no fallback of its own, the notice still says what happened', async ({
  page,
}) => {
  const { form } = await failedOnAWelshPage(page);
  const failure = form.locator('[part=failure]');
  await expect(failure).toContainText('the form could not be loaded');
  await expect(failure.getByRole('button', { name: 'Try again' })).toBeVisible();
});
