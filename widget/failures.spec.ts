import { expect, test } from '@playwright/test';
import callback from '../demo/forms/callback.json' with { type: 'json' };
import lawFirm from '../demo/forms/law-firm.json' with { type: 'json' };
import { DELIVERED, openForm, type Reply } from '../e2e/support/widget-harness.ts';
import { lawFirmWithConsent } from '../proxy/test/fixtures/consent-config.ts';
import {
  FILES,
  chooseFiles,
  fillCallback,
  fillConveyancing,
  send,
} from '../e2e/support/visitor.ts';

const UNAVAILABLE: Reply = {
  status: 503,
  body: { error: 'unavailable', message: 'Try again later' },
};

for (const [what, reply, reason, message] of [
  ['a 503', UNAVAILABLE, 'server', 'Sorry, there is a problem with our system.'],
  ['a network error', { status: 0, abort: true }, 'network', 'Our system could not be reached.'],
] as const) {
  test(`after ${what}, a retry keeps everything typed and chosen and reuses the key`, async ({
    page,
  }) => {
    const harness = await openForm(page, { config: lawFirm, replies: [reply] });
    const { form } = harness;
    await fillConveyancing(form);
    await chooseFiles(page, form, FILES.pdf);
    await send(form);

    const failure = form.locator('[part=failure]');
    await expect(failure).toBeFocused();
    await expect(failure).toContainText('Your enquiry has not been sent yet');
    await expect(failure).toContainText(message);
    await expect(failure).toContainText('Everything you entered is still here.');
    const [event] = await harness.events();
    expect(event?.type).toBe('enquiry-failed');
    expect(event?.detail).toMatchObject({ reason, message: expect.stringContaining(message) });
    await expect(form.getByLabel('First name')).toHaveValue('Ada');
    await expect(form.getByRole('radio', { name: 'Buying', exact: true })).toBeChecked();
    await expect(form.locator('[part=file-list]')).toContainText('tenancy-agreement.pdf');

    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect(form.locator('[part=confirmation]')).toBeFocused();
    const [first, second] = harness.submissions;
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(second?.enquiry).toEqual(first?.enquiry);
    expect(second?.files).toEqual(first?.files);
  });
}

test('a visitor who is offline is told to check their connection, and the firm’s other ways in', async ({
  page,
}) => {
  const { firm } = lawFirmWithConsent;
  const harness = await openForm(page, {
    config: { ...lawFirm, firm },
    replies: [{ status: 0, abort: true }],
  });
  await fillConveyancing(harness.form);
  await page.context().setOffline(true);
  await send(harness.form);
  const failure = harness.form.locator('[part=failure]');
  await expect(failure).toContainText('The connection was lost. Check you are online');
  await expect(failure.getByRole('link', { name: firm?.phone })).toBeVisible();
});

test('a changed enquiry after a failure is a new submission with a new key', async ({ page }) => {
  const harness = await openForm(page, { config: callback, replies: [UNAVAILABLE] });
  await fillCallback(harness.form);
  await send(harness.form);
  await expect(harness.form.locator('[part=failure]')).toBeVisible();
  await harness.form.getByLabel('First name').fill('Grace Brewster');
  await send(harness.form);
  await expect(harness.form.locator('[part=confirmation]')).toBeVisible();
  const [first, second] = harness.submissions;
  expect(second?.idempotencyKey).not.toBe(first?.idempotencyKey);
});

test('waits out a 409; a 422 is a failure, not a second lead, and its retry takes a new key', async ({
  page,
}) => {
  const harness = await openForm(page, {
    config: callback,
    replies: [
      { status: 409, headers: { 'Retry-After': '0' }, body: { error: 'in_progress', message: '' } },
      { status: 422, body: { error: 'key_reused', message: '' } },
      DELIVERED,
    ],
  });
  const { form } = harness;
  await fillCallback(form);
  await send(form);
  const failure = form.locator('[part=failure]');
  await expect(failure).toBeFocused();
  await expect(failure).toContainText('Sorry, there is a problem with our system.');
  expect(harness.submissions).toHaveLength(2);
  expect((await harness.events()).map((event) => event.detail)).toEqual([
    { reason: 'server', status: 422, message: expect.stringContaining('problem with our system') },
  ]);

  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(form.locator('[part=confirmation]')).toBeVisible();
  const keys = harness.submissions.map((s) => s.idempotencyKey);
  expect(keys).toHaveLength(3);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[2]).not.toBe(keys[1]);
});

for (const [form, retryAfter, when] of [
  ['seconds', '90', 'in 2 minutes'],
  // An IMF-fixdate 150 s ahead: however long the filling-in takes, between 2 and 3 minutes are left.
  ['a date', new Date(Date.now() + 150_000).toUTCString(), 'in 3 minutes'],
] as const) {
  test(`says when to try again after a 429, from Retry-After in ${form}`, async ({ page }) => {
    const harness = await openForm(page, {
      config: callback,
      replies: [
        { status: 429, headers: { 'Retry-After': retryAfter }, body: { error: 'rate_limited' } },
      ],
    });
    await fillCallback(harness.form);
    await send(harness.form);
    await expect(harness.form.locator('[part=failure]')).toContainText(
      `Too many enquiries have been sent from your connection. Try again ${when}.`,
    );
    expect((await harness.events())[0]?.detail).toMatchObject({
      reason: 'rate-limited',
      status: 429,
    });
  });
}

test('explains a body too large, a site not allowed, and a refusal to quote', async ({ page }) => {
  const harness = await openForm(page, {
    config: callback,
    replies: [
      { status: 413, body: { error: 'too_large', message: 'Payload too large' } },
      { status: 403, body: { error: 'origin', message: 'Origin not allowed' } },
      { status: 502, body: { error: 'rejected', message: 'Refused', reference: 'ENQ-3F8D-1A' } },
    ],
  });
  const { form } = harness;
  const failure = form.locator('[part=failure]');
  await fillCallback(form);
  await send(form);
  await expect(failure).toContainText('Your files are too large to send together.');
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(failure).toContainText('This website is not set up to send enquiries yet.');
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(failure).toContainText('Contact us another way and quote your reference.');
  await expect(failure.locator('.reference')).toHaveText('ENQ-3F8D-1A');
  expect((await harness.events()).map((event) => event.detail)).toEqual([
    { reason: 'too-large', status: 413, message: expect.stringContaining('too large') },
    { reason: 'forbidden', status: 403, message: expect.stringContaining('not set up') },
    {
      reason: 'rejected',
      status: 502,
      message: expect.stringContaining('it has not reached our team'),
      reference: 'ENQ-3F8D-1A',
    },
  ]);
});

test('makes an idempotency key without crypto.randomUUID (plain http pages)', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Crypto.prototype, 'randomUUID', { value: undefined });
  });
  const harness = await openForm(page, { config: callback });
  await fillCallback(harness.form);
  await send(harness.form);
  await expect(harness.form.locator('[part=confirmation]')).toBeVisible();
  expect(harness.submissions[0]?.idempotencyKey).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );
});
