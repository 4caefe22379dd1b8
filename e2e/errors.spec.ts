/**
 * When things go wrong: the visitor's own mistakes, the proxy's refusal, the platform down,
 * the proxy unreachable, an impatient double click. Nothing typed is lost, nothing is sent twice.
 */
import { fillConveyancing, send } from './support/visitor.ts';
import { expect, test } from './support/stack.ts';

test('an empty send focuses the error summary, and its links move focus to the fields', async ({
  page,
  lawFirm,
}) => {
  await page.goto(lawFirm.demo.siteUrl);
  const form = page.locator('enquiry-form');
  await send(form);
  const summary = form.locator('[part=error-summary]');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Enter your first name',
    'Enter your last name',
    'Enter your email address',
    'Select what your enquiry is about',
  ]);
  await summary.getByRole('link', { name: 'Enter your email address' }).click();
  await expect(form.getByLabel('Email address')).toBeFocused();
  await expect(form.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
  await summary.getByRole('link', { name: 'Select what your enquiry is about' }).click();
  await expect(form.getByRole('radio', { name: 'Buying or selling a property' })).toBeFocused();
});

test('the proxy’s refusal is shown like the widget’s own checks', async ({ page, lawFirm }) => {
  const before = (await lawFirm.inbox()).length;
  // Tamper with the request on its way out, as a stale page or a script might: only the proxy can catch it.
  await page.route('**/api/enquiries', async (route) => {
    const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
    await route.continue({
      postData: Buffer.from(
        body.replace('"transaction":"Buying"', '"transaction":"Renting"'),
        'latin1',
      ),
    });
  });
  await page.goto(lawFirm.demo.siteUrl);
  const form = page.locator('enquiry-form');
  await fillConveyancing(form);
  await send(form);
  const summary = form.locator('[part=error-summary]');
  await expect(summary).toBeFocused();
  await expect(summary).toContainText(
    'Select one of the listed answers to “Are you buying or selling?”',
  );
  await expect(form.getByRole('radio', { name: 'Buying', exact: true })).toBeChecked();
  expect(await lawFirm.inbox()).toHaveLength(before);
});

test('with the platform down the visitor is told it is safely received, and it arrives later', async ({
  page,
  lawFirm,
}) => {
  const before = (await lawFirm.inbox()).length;
  lawFirm.demo.api?.faults.set({ failRate: 1, failStatus: 503 });
  try {
    await page.goto(lawFirm.demo.siteUrl);
    const form = page.locator('enquiry-form');
    await fillConveyancing(form);
    await send(form);
    const confirmation = form.locator('[part=confirmation]');
    await expect(confirmation).toBeFocused();
    await expect(confirmation).toContainText(
      'Your enquiry is safely received. It will reach our team shortly.',
    );
    expect(await lawFirm.inbox()).toHaveLength(before);
  } finally {
    lawFirm.demo.api?.faults.reset();
  }
  const [arrived] = await lawFirm.arrivals(before);
  expect(arrived).toMatchObject({ forename: 'Ada', case_type: 'conveyancing' });
});

test('with the proxy unreachable the visitor sees why, keeps everything typed, and can send again', async ({
  page,
  lawFirm,
}) => {
  const before = (await lawFirm.inbox()).length;
  await page.route('**/api/enquiries', (route) => route.abort('connectionrefused'), { times: 1 });
  await page.goto(lawFirm.demo.siteUrl);
  const form = page.locator('enquiry-form');
  await fillConveyancing(form);
  await send(form);
  const failure = form.locator('[part=failure]');
  await expect(failure).toBeFocused();
  await expect(failure).toContainText('Your enquiry has not been sent yet');
  await expect(form.getByLabel('First name')).toHaveValue('Ada');
  await expect(form.getByRole('radio', { name: 'Buying', exact: true })).toBeChecked();
  await form.getByRole('button', { name: 'Try again' }).click();
  await expect(form.locator('[part=confirmation]')).toBeFocused();
  expect(await lawFirm.arrivals(before)).toHaveLength(1);
});

test('a double click sends one enquiry', async ({ page, lawFirm }) => {
  const before = (await lawFirm.inbox()).length;
  await page.goto(lawFirm.demo.siteUrl);
  const form = page.locator('enquiry-form');
  await fillConveyancing(form);
  await form.getByRole('button', { name: 'Send enquiry' }).dblclick();
  await expect(form.locator('[part=confirmation]')).toBeFocused();
  await page.waitForTimeout(500);
  expect(await lawFirm.inbox()).toHaveLength(before + 1);
});
