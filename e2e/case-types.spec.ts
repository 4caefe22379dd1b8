/**
 * Each case type of the example configurations, filled in by a visitor on the demo site and
 * checked where it matters: at the stand-in platform. Expected ids, labels and values are
 * written out here, not derived from the configuration, so a proxy that mislabels fails.
 */
import type { Locator, Page } from '@playwright/test';
import { send } from './support/visitor.ts';
import { expect, test } from './support/stack.ts';

async function openLanding(page: Page, url: string): Promise<Locator> {
  await page.goto(url);
  const form = page.locator('enquiry-form');
  await expect(form.getByLabel('First name')).toBeVisible();
  return form;
}

async function fillContact(form: Locator) {
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Email address').fill('ada@example.com');
  await form.getByLabel('Telephone number').fill('07700 900123');
}

async function expectSent(form: Locator) {
  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeFocused();
  await expect(form.locator('[part=confirmation]')).toContainText(/EQ-[0-9A-Z]{4}-[0-9A-Z]{4}/);
}

test('conveyancing, buying: the lender question appears and is sent, in configuration order', async ({
  page,
  lawFirm,
}) => {
  const before = (await lawFirm.inbox()).length;
  const form = await openLanding(page, lawFirm.demo.siteUrl);
  await fillContact(form);
  await form.getByRole('radio', { name: 'Buying or selling a property' }).check();
  await expect(form.getByLabel('Which lender is providing your mortgage?')).toHaveCount(0);
  await form.getByRole('radio', { name: 'Buying', exact: true }).check();
  await form.getByLabel('Which lender is providing your mortgage?').fill('Nationwide');
  await form.getByLabel('Roughly what is the property worth?').selectOption('£250,000 to £500,000');
  await form.getByLabel('When would you like to complete?').fill('2027-06-30');
  await form
    .getByLabel('Anything else we should know?')
    .fill('A chain of three.\nWe need to move by July.');
  await expectSent(form);

  const [enquiry] = await lawFirm.arrivals(before);
  expect(enquiry).toMatchObject({
    forename: 'Ada',
    surname: 'Lovelace',
    email: 'ada@example.com',
    telephone_mobile: '07700 900123',
    case_type: 'conveyancing',
    meta: [
      { id: 'transaction', label: 'Are you buying or selling?', value: 'Buying' },
      {
        id: 'property_value',
        label: 'Roughly what is the property worth?',
        value: '£250,000 to £500,000',
      },
      { id: 'lender', label: 'Which lender is providing your mortgage?', value: 'Nationwide' },
      { id: 'completion_date', label: 'When would you like to complete?', value: '2027-06-30' },
      {
        id: 'notes',
        label: 'Anything else we should know?',
        value: 'A chain of three.\nWe need to move by July.',
      },
    ],
  });
});

test('conveyancing, selling: a lender typed before switching to selling is not sent', async ({
  page,
  lawFirm,
}) => {
  const before = (await lawFirm.inbox()).length;
  const form = await openLanding(page, lawFirm.demo.siteUrl);
  await fillContact(form);
  await form.getByRole('radio', { name: 'Buying or selling a property' }).check();
  await form.getByRole('radio', { name: 'Buying', exact: true }).check();
  await form.getByLabel('Which lender is providing your mortgage?').fill('Nationwide');
  await form.getByRole('radio', { name: 'Selling', exact: true }).check();
  await expect(form.getByLabel('Which lender is providing your mortgage?')).toHaveCount(0);
  await form.getByLabel('Roughly what is the property worth?').selectOption('Over £1 million');
  await expectSent(form);

  const [enquiry] = await lawFirm.arrivals(before);
  expect(enquiry?.meta).toEqual([
    { id: 'transaction', label: 'Are you buying or selling?', value: 'Selling' },
    {
      id: 'property_value',
      label: 'Roughly what is the property worth?',
      value: 'Over £1 million',
    },
  ]);
});

test('family: children, then divorce, each shows its own follow-up question', async ({
  page,
  lawFirm,
}) => {
  const before = (await lawFirm.inbox()).length;
  const form = await openLanding(page, lawFirm.demo.siteUrl);
  await fillContact(form);
  await form.getByRole('radio', { name: 'Divorce, separation and children' }).check();
  await form.getByRole('radio', { name: 'Arrangements for children' }).check();
  await form.getByLabel('How many children under 18 are involved?').fill('2');
  await expect(form.getByLabel('When did you marry or form your civil partnership?')).toHaveCount(
    0,
  );
  await form
    .getByRole('checkbox', { name: 'There is a court hearing in the next 14 days' })
    .check();
  await expectSent(form);

  const [children] = await lawFirm.arrivals(before);
  expect(children).toMatchObject({
    case_type: 'family',
    meta: [
      { id: 'matter', label: 'What do you need help with?', value: 'Arrangements for children' },
      { id: 'children', label: 'How many children under 18 are involved?', value: '2' },
      { id: 'urgent', label: 'There is a court hearing in the next 14 days', value: 'Yes' },
    ],
  });

  const again = await openLanding(page, lawFirm.demo.siteUrl);
  await fillContact(again);
  await again.getByRole('radio', { name: 'Divorce, separation and children' }).check();
  await again.getByRole('radio', { name: 'Divorce or dissolution' }).check();
  await expect(again.getByLabel('How many children under 18 are involved?')).toHaveCount(0);
  await again.getByLabel('When did you marry or form your civil partnership?').fill('2015-06-20');
  await expectSent(again);
  const [, divorce] = await lawFirm.arrivals(before, 2);
  expect(divorce?.meta).toEqual([
    { id: 'matter', label: 'What do you need help with?', value: 'Divorce or dissolution' },
    {
      id: 'marriage_date',
      label: 'When did you marry or form your civil partnership?',
      value: '2015-06-20',
    },
  ]);
});

test('wills and probate: ticked services are sent in configuration order with their follow-ups', async ({
  page,
  lawFirm,
}) => {
  const before = (await lawFirm.inbox()).length;
  const form = await openLanding(page, lawFirm.demo.siteUrl);
  await fillContact(form);
  await form.getByRole('radio', { name: 'Wills, probate and powers of attorney' }).check();
  await form.getByRole('checkbox', { name: 'Lasting power of attorney' }).check();
  await expect(form.getByLabel('Full name of the person who died')).toHaveCount(0);
  await form.getByRole('checkbox', { name: 'Probate (dealing with an estate)' }).check();
  await form.getByLabel('Full name of the person who died').fill('Charles Babbage');
  await form.getByLabel('Roughly what is the estate worth?').selectOption('£325,000 or more');
  await form.getByLabel('When is the best time to call you?').selectOption('Evening');
  await expectSent(form);

  const [enquiry] = await lawFirm.arrivals(before);
  expect(enquiry?.meta).toEqual([
    {
      id: 'services',
      label: 'Which services do you need?',
      value: 'Probate (dealing with an estate), Lasting power of attorney',
    },
    { id: 'deceased_name', label: 'Full name of the person who died', value: 'Charles Babbage' },
    { id: 'estate_value', label: 'Roughly what is the estate worth?', value: '£325,000 or more' },
    { id: 'call_time', label: 'When is the best time to call you?', value: 'Evening' },
  ]);
});

test('call-back form: email hidden, telephone required, a follow-up only for "Something else"', async ({
  page,
  callback,
}) => {
  const before = (await callback.inbox()).length;
  const form = await openLanding(page, callback.demo.siteUrl);
  await expect(form.getByLabel('Email address', { exact: true })).toHaveCount(0);
  await expect(form.getByLabel('Attach files')).toHaveCount(0);
  await form.getByLabel('First name').fill('Grace');
  await form.getByLabel('Telephone number').fill('+44 20 7946 0958');
  await form.getByLabel('What would you like to talk about?').selectOption('Something else');
  await form.getByLabel('Tell us briefly what it is about').fill('A boundary dispute');
  await form
    .getByLabel('Email address, if you would also like a written reply')
    .fill('grace@example.com');
  await form.getByRole('checkbox', { name: 'You may record the call for training' }).check();
  await expectSent(form);

  const [enquiry] = await callback.arrivals(before);
  expect(enquiry).toMatchObject({
    forename: 'Grace',
    surname: '',
    email: '',
    telephone_mobile: '+44 20 7946 0958',
    case_type: 'callback',
    meta: [
      { id: 'topic', label: 'What would you like to talk about?', value: 'Something else' },
      { id: 'other_topic', label: 'Tell us briefly what it is about', value: 'A boundary dispute' },
      {
        id: 'reply_email',
        label: 'Email address, if you would also like a written reply',
        value: 'grace@example.com',
      },
      { id: 'consent', label: 'You may record the call for training', value: 'Yes' },
    ],
  });
});
