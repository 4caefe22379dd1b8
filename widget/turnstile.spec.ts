import { expect, test } from '@playwright/test';
import callback from '../demo/forms/callback.json' with { type: 'json' };
import { ORIGIN, openForm } from '../e2e/support/widget-harness.ts';
import { fillCallback, send } from '../e2e/support/visitor.ts';

/** Stands in for Cloudflare's api.js: a button that passes the check, and a log of calls. */
const FAKE_TURNSTILE = `
window.__turnstile = { renders: [], resets: [] };
let passes = 0;
window.turnstile = {
  render(container, options) {
    window.__turnstile.renders.push({ sitekey: options.sitekey, slot: container.slot });
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Verify you are human';
    button.addEventListener('click', () => options.callback('turnstile-token-' + ++passes));
    container.append(button);
    return 'widget-1';
  },
  reset(id) {
    window.__turnstile.resets.push(id);
  },
};
`;

const withTurnstile = {
  ...callback,
  turnstile: { siteKey: 'site-key-123', scriptUrl: `${ORIGIN}/turnstile.js?render=explicit` },
};

test('renders the Turnstile check in a slotted light-DOM container and sends its token', async ({
  page,
}) => {
  const harness = await openForm(page, {
    config: withTurnstile,
    turnstileScript: FAKE_TURNSTILE,
    replies: [{ status: 503, body: { error: 'unavailable', message: '' } }],
  });
  const { form } = harness;
  const verify = page.getByRole('button', { name: 'Verify you are human' });
  await expect(verify).toBeVisible();
  const script = page.locator('head script[src$="/turnstile.js?render=explicit"]');
  await expect(script).toHaveCount(1);
  await expect(script).toHaveJSProperty('async', true);
  expect(
    await page.evaluate(() => (window as unknown as { __turnstile: object }).__turnstile),
  ).toEqual({
    renders: [{ sitekey: 'site-key-123', slot: 'challenge' }],
    resets: [],
  });

  await fillCallback(form);
  await send(form);
  const link = form.getByRole('link', { name: 'Complete the security check' });
  await expect(link).toBeVisible();
  await link.click();
  await expect(form.locator('[slot=challenge]')).toBeFocused();
  expect(harness.submissions).toHaveLength(0);

  await verify.click();
  await send(form);
  await expect(form.locator('[part=failure]')).toBeVisible();
  expect(harness.submissions[0]?.enquiry.turnstile_token).toBe('turnstile-token-1');
  // A token is good once: after a failed send the check starts again.
  expect(
    await page.evaluate(
      () => (window as unknown as { __turnstile: { resets: string[] } }).__turnstile.resets,
    ),
  ).toEqual(['widget-1']);
  await form.getByRole('button', { name: 'Try again' }).click();
  await expect(form.getByRole('link', { name: 'Complete the security check' })).toBeVisible();

  await verify.click();
  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeVisible();
  const [first, second] = harness.submissions;
  expect(second?.enquiry.turnstile_token).toBe('turnstile-token-2');
  expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
});

test('says when the check’s script cannot load, and loads it again on request', async ({
  page,
}) => {
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  const harness = await openForm(page, {
    config: withTurnstile,
    turnstileScript: FAKE_TURNSTILE,
    turnstileFailures: 1,
  });
  const { form } = harness;
  await expect(form.getByRole('alert')).toHaveText(
    'The security check could not be loaded. Check your connection or turn off any content blocker for this site, then try again.',
  );
  const retry = form.getByRole('button', { name: 'Try again' });
  await fillCallback(form);
  await send(form);
  await form.getByRole('link', { name: 'Complete the security check' }).click();
  await expect(retry).toBeFocused();
  expect(harness.submissions).toHaveLength(0);

  await retry.click();
  await expect(form.locator('[slot=challenge]')).toBeFocused();
  await page.getByRole('button', { name: 'Verify you are human' }).click();
  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeVisible();
  expect(harness.turnstileRequests).toBe(2);
  expect(harness.submissions[0]?.enquiry.turnstile_token).toBe('turnstile-token-1');
  expect(pageErrors).toEqual([]);
});
