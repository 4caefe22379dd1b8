/**
 * What the visitor and the site owner are told when the form cannot do its job (issue "Every
 * visitor, every browser"): a page the proxy does not serve, a case type the configuration does
 * not have, a refusal by the platform, and two forms on one page each keeping their own draft.
 */
import { expect, test, type Page } from '@playwright/test';
import callback from '../demo/forms/callback.json' with { type: 'json' };
import lawFirm from '../demo/forms/law-firm.json' with { type: 'json' };
import { openForm, ORIGIN } from '../e2e/support/widget-harness.ts';
import { fillCallback, send } from '../e2e/support/visitor.ts';

const consoleOf = (page: Page) => {
  const lines: { type: string; text: string }[] = [];
  page.on('console', (message) => lines.push({ type: message.type(), text: message.text() }));
  return lines;
};

test('a page the proxy does not serve says the form is not available, and tells the owner why', async ({
  page,
}) => {
  const lines = consoleOf(page);
  const { form } = await openForm(page, {
    config: callback,
    formReply: { status: 403, body: { error: 'origin_not_allowed', message: 'Not accepted' } },
  });
  await expect(form.getByRole('alert')).toHaveText('This form is not available on this page.');
  await expect(form.getByRole('button')).toHaveCount(0);
  expect(lines).toContainEqual({
    type: 'error',
    text: expect.stringContaining(`${ORIGIN} is not in ALLOWED_ORIGINS`),
  });
});

test('a case type the configuration lacks is named in a warning, with the ones it has', async ({
  page,
}) => {
  const lines = consoleOf(page);
  const { form } = await openForm(page, {
    config: lawFirm,
    attributes: { 'case-type': 'probate' },
  });
  await expect(form.getByRole('group', { name: 'What is your enquiry about?' })).toBeVisible();
  expect(lines).toContainEqual({
    type: 'warning',
    text: expect.stringContaining('case-type "probate" is unknown; known: conveyancing, family'),
  });
});

test('a refusal by the platform: the reference unbroken, the firm’s other ways in, and a new key on retry', async ({
  page,
}) => {
  const config = {
    ...callback,
    firm: {
      name: 'Lovelace & Byron LLP',
      phone: '01632 960 001',
      email: 'help@lovelace-law.example',
    },
  };
  const harness = await openForm(page, {
    config,
    replies: [
      { status: 502, body: { error: 'rejected', message: 'Refused', reference: 'ENQ-3F8D-1A' } },
    ],
  });
  const { form } = harness;
  await fillCallback(form);
  await send(form);
  const failure = form.locator('[part=failure]');
  await expect(failure).toContainText('it has not reached our team');
  const reference = failure.locator('.reference');
  await expect(reference).toHaveText('ENQ-3F8D-1A');
  await expect(reference).toHaveCSS('white-space', 'nowrap');
  await expect(failure.getByRole('link', { name: '01632 960 001' })).toHaveAttribute(
    'href',
    'tel:01632960001',
  );
  await expect(failure.getByRole('link', { name: 'help@lovelace-law.example' })).toHaveAttribute(
    'href',
    'mailto:help@lovelace-law.example',
  );

  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(form.locator('[part=confirmation]')).toBeVisible();
  const [first, second] = harness.submissions;
  expect(second?.idempotencyKey).toBeDefined();
  expect(second?.idempotencyKey).not.toBe(first?.idempotencyKey);
});

test('two forms with one case type on a page keep a draft each, across a reload', async ({
  page,
}) => {
  const harness = await openForm(page, {
    config: callback,
    forms: [{ 'case-type': 'callback' }, { 'case-type': 'callback', id: 'footer-form' }],
  });
  const [top, footer] = [harness.form.nth(0), harness.form.nth(1)];
  await top.getByLabel('First name').fill('Ada');
  await footer.getByLabel('First name').fill('Grace');
  await page.reload();
  await expect(harness.form.nth(0).getByLabel('First name')).toHaveValue('Ada');
  await expect(harness.form.nth(1).getByLabel('First name')).toHaveValue('Grace');
});

test('the status region is emptied once the form moves on', async ({ page }) => {
  const { form } = await openForm(page, { config: callback });
  await fillCallback(form);
  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeVisible();
  await expect(form.getByRole('status')).toHaveText('');
});
