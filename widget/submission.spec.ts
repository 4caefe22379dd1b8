import { expect, test } from '@playwright/test';
import callback from '../demo/forms/callback.json' with { type: 'json' };
import lawFirm from '../demo/forms/law-firm.json' with { type: 'json' };
import { formConfigSchema } from '../proxy/contract/schemas/form-config-schema.ts';
import { DELIVERED, FORM_TOKEN, QUEUED, held, openForm } from '../e2e/support/widget-harness.ts';
import {
  FILES,
  chooseFiles,
  fillCallback,
  fillConveyancing,
  send,
} from '../e2e/support/visitor.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('sends exactly the enquiry part the proxy expects', async ({ page }) => {
  const harness = await openForm(page, {
    config: lawFirm,
    attributes: {
      campaign: 'spring-2027',
      referer: 'google-ads',
      keywords: 'conveyancing solicitor',
      detail: 'hero banner B',
    },
  });
  const { form } = harness;
  await fillConveyancing(form);
  await form.getByLabel('Which lender is providing your mortgage? (optional)').fill('Nationwide');
  // The lender question disappears: its answer must not be sent.
  await form.getByRole('radio', { name: 'Selling', exact: true }).check();
  await form.getByLabel('Anything else we should know? (optional)').fill('  Chain of three.  ');
  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeVisible();

  expect(harness.submissions).toHaveLength(1);
  const [sent] = harness.submissions;
  expect(sent?.partNames).toEqual(['enquiry']);
  expect(sent?.idempotencyKey).toMatch(UUID_V4);
  expect(sent?.enquiry).toEqual({
    forename: 'Ada',
    surname: 'Lovelace',
    email: 'ada@example.com',
    case_type: 'conveyancing',
    answers: { transaction: 'Selling', property_value: 'Under £250,000', notes: 'Chain of three.' },
    marketing: {
      lead_referer: 'google-ads',
      campaign: 'spring-2027',
      keywords: 'conveyancing solicitor',
      detail: 'hero banner B',
    },
    form_token: FORM_TOKEN,
    website: '',
  });
});

test('sends a lone checkbox as "Yes", several ticked options as a list, and no hidden field', async ({
  page,
}) => {
  const harness = await openForm(page, { config: callback });
  await fillCallback(harness.form);
  await send(harness.form);
  await expect(harness.form.locator('[part=confirmation]')).toBeVisible();
  expect(harness.submissions[0]?.enquiry).toMatchObject({
    forename: 'Grace',
    telephone_mobile: '07700 900123',
    case_type: 'callback',
    answers: { topic: 'A new matter', consent: 'Yes' },
  });
  expect(harness.submissions[0]?.enquiry).not.toHaveProperty('email');
  expect(harness.submissions[0]?.enquiry).not.toHaveProperty('surname');

  const wills = await openForm(page, {
    config: lawFirm,
    attributes: { 'case-type': 'wills-probate' },
  });
  await wills.form.getByLabel('First name').fill('Ada');
  await wills.form.getByLabel('Last name').fill('Lovelace');
  await wills.form.getByLabel('Email address').fill('ada@example.com');
  await wills.form.getByRole('checkbox', { name: 'Make or update a will' }).check();
  await wills.form.getByRole('checkbox', { name: 'Lasting power of attorney' }).check();
  await send(wills.form);
  await expect(wills.form.locator('[part=confirmation]')).toBeVisible();
  expect(wills.submissions[0]?.enquiry.answers).toEqual({
    services: ['Make or update a will', 'Lasting power of attorney'],
  });
});

/** Legal ids that a plain object also holds, inherited from `Object.prototype`. */
const PROTOTYPE_NAMED = formConfigSchema.parse({
  contact: { surname: 'hidden', email: 'hidden', telephone_mobile: 'hidden' },
  files: { maxFiles: 0, maxFileBytes: 1048576 },
  caseTypes: [
    {
      id: 'building',
      label: 'Building work',
      questions: [
        {
          id: 'constructor',
          label: 'Are you a builder?',
          type: 'radio',
          options: ['Yes', 'No'],
          required: true,
        },
        {
          id: 'toString',
          label: 'What do you build?',
          type: 'text',
          showIf: { question: 'constructor', equals: 'Yes' },
        },
        { id: 'valueOf', label: 'Anything else?', type: 'textarea' },
      ],
    },
  ],
});

test('sends answers to questions whose ids are Object.prototype names', async ({ page }) => {
  const harness = await openForm(page, { config: PROTOTYPE_NAMED });
  const { form } = harness;
  await form.getByLabel('First name').fill('Ada');
  await expect(form.getByLabel('What do you build? (optional)')).toHaveCount(0);
  await send(form);
  await expect(form.locator('[part=error-summary]').getByRole('link')).toHaveText([
    'Select your answer to “Are you a builder?”',
  ]);

  await form.getByRole('radio', { name: 'Yes' }).check();
  await form.getByLabel('What do you build? (optional)').fill('Houses');
  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeVisible();
  expect(harness.submissions[0]?.enquiry.answers).toEqual({
    constructor: 'Yes',
    toString: 'Houses',
  });
});

test('keeps the honeypot out of sight, out of reach and empty for a person', async ({ page }) => {
  const harness = await openForm(page, { config: callback });
  const honeypot = harness.form.locator('input[name=website]');
  await expect(honeypot).toHaveAttribute('tabindex', '-1');
  await expect(honeypot).toHaveAttribute('autocomplete', 'off');
  await expect(harness.form.locator('.honeypot')).toHaveAttribute('aria-hidden', 'true');
  expect((await honeypot.boundingBox())?.x).toBeLessThan(-1000);
  await fillCallback(harness.form);
  await send(harness.form);
  await expect(harness.form.locator('[part=confirmation]')).toBeVisible();
  expect(harness.submissions[0]?.enquiry.website).toBe('');
});

test('shows progress while sending and sends once however often the button is pressed', async ({
  page,
}) => {
  const answer = held(DELIVERED);
  const harness = await openForm(page, { config: lawFirm, replies: [answer.reply] });
  const { form } = harness;
  await fillConveyancing(form);
  await chooseFiles(page, form, FILES.pdf);
  const button = form.getByRole('button', { name: 'Send enquiry' });
  await button.dblclick();
  // A third press, and Enter in a field, while the first send is still under way.
  await button.click({ force: true });
  await form.getByLabel('First name').press('Enter');
  await expect(form.locator('[part=progress] progress')).toBeVisible();
  await expect(form.locator('[part=progress]')).toContainText('Sending your enquiry…');
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  answer.release();
  await expect(form.locator('[part=confirmation]')).toBeVisible();
  expect(harness.submissions).toHaveLength(1);
});

const RECEIPTS = [
  {
    reply: DELIVERED,
    title: 'Enquiry sent',
    says: 'Our team has received your enquiry.',
    detail: { reference: 'ENQ-7Q4M-2K', status: 'delivered', enquiryId: 4711 },
  },
  {
    reply: QUEUED,
    title: 'Enquiry received',
    says: 'Your enquiry is safely received. It will reach our team shortly.',
    detail: { reference: 'ENQ-9X2B-7P', status: 'queued' },
  },
];

for (const { reply, title, says, detail } of RECEIPTS) {
  test(`confirms a ${detail.status} enquiry honestly, with its reference, in focus, and tells the page`, async ({
    page,
  }) => {
    const harness = await openForm(page, { config: callback, replies: [reply] });
    await fillCallback(harness.form);
    await send(harness.form);
    const panel = harness.form.locator('[part=confirmation]');
    await expect(panel).toBeFocused();
    await expect(panel.getByRole('heading')).toHaveText(title);
    await expect(panel).toContainText(`Your reference is ${detail.reference}`);
    await expect(panel).toContainText(says);
    expect(await harness.events()).toEqual([{ type: 'enquiry-submitted', detail }]);
  });
}
