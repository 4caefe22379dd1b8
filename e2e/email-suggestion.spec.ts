/**
 * "Did you mean ada@gmail.com?" (issue #32) through the whole stack: the widget offers the
 * correction when the visitor leaves the email field, and what the platform receives is the
 * address the visitor chose.
 */
import { fillConveyancing, send } from './support/visitor.ts';
import { expect, test } from './support/stack.ts';

test('a mistyped provider is offered its correction; pressed, it is what the platform receives', async ({
  page,
  lawFirm,
}) => {
  const before = (await lawFirm.inbox()).length;
  await page.goto(lawFirm.demo.siteUrl);
  const form = page.locator('enquiry-form');
  await fillConveyancing(form);
  const email = form.getByLabel('Email address');
  await email.fill('ada@gmial.com');
  await email.press('Tab');
  const offer = form.getByRole('button', { name: 'Did you mean ada@gmail.com?' });
  await offer.click();

  await expect(email).toHaveValue('ada@gmail.com');
  await expect(email).toBeFocused();
  await expect(offer).toHaveCount(0);
  await expect(form.getByRole('status')).toHaveText('Email address changed to ada@gmail.com');
  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeFocused();
  const [enquiry] = await lawFirm.arrivals(before);
  expect(enquiry?.email).toBe('ada@gmail.com');
});
