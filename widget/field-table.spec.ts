/**
 * One field table, two renderers: every question type, the contact fields, the case-type radios
 * and select, the honeypot, the file field and the consent block, drawn by the widget (lit-html,
 * in its shadow root) and by the page without JavaScript (hono/html), read back from Chromium's
 * accessibility tree (`e2e/support/told.ts`) and compared. Both draw from
 * `contract/controls.ts`; a renderer that drops `required`, a hint, an error's tie or a label,
 * or draws the end of the form in another order, shows here as a difference in what a screen
 * reader is told.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  DEFAULT_STRINGS,
  describeIssue,
  formatBytes,
  shownContactFields,
  validateEnquiry,
} from '../proxy/contract/index.ts';
import { parseFormConfig, type FormConfig } from '../proxy/contract/schemas/form-config.ts';
import type { FieldIssue } from '../proxy/contract/issues.ts';
import { formPage } from '../proxy/intake/page/form-page.ts';
import { drawnOf, FIELD_ROLES, toldOf, type Told } from '../e2e/support/told.ts';
import { chooseFiles, FILES } from '../e2e/support/visitor.ts';
import { openForm } from '../e2e/support/widget-harness.ts';

const EVERY_TYPE = 'every-type';

/** A question of every type, with and without a hint, required and not. */
const config = parseFormConfig({
  contact: { surname: 'required', email: 'required', telephone_mobile: 'optional' },
  files: { maxFiles: 0 },
  caseTypes: [
    {
      id: EVERY_TYPE,
      label: 'Every question type',
      questions: [
        { id: 'town', label: 'Which town?', type: 'text', required: true, hint: 'Or village' },
        { id: 'story', label: 'What happened?', type: 'textarea', hint: 'In your own words' },
        { id: 'other_email', label: 'Your partner’s email', type: 'email' },
        { id: 'other_phone', label: 'Your partner’s telephone', type: 'tel', required: true },
        { id: 'value', label: 'How much?', type: 'number', required: true, hint: 'In pounds' },
        { id: 'since', label: 'Since when?', type: 'date' },
        {
          id: 'lender',
          label: 'Which lender?',
          type: 'select',
          required: true,
          hint: 'As on your offer',
          options: ['Nationwide', 'Halifax'],
        },
        {
          id: 'side',
          label: 'Are you buying or selling?',
          type: 'radio',
          required: true,
          hint: 'Pick one',
          options: ['Buying', 'Selling'],
        },
        {
          id: 'extras',
          label: 'Which apply?',
          type: 'checkbox',
          hint: 'Tick all that apply',
          options: ['Leasehold', 'Shared ownership'],
        },
        { id: 'agree', label: 'The survey is done', type: 'checkbox', required: true, hint: 'Yes' },
        { id: 'partner', label: 'Partner', type: 'hidden', from: { param: 'partner' } },
      ],
    },
    { id: 'family', label: 'Family matters', questions: [] },
    { id: 'wills', label: 'Wills and probate', questions: [] },
  ],
});

/** The widget's fields, with the errors a press of "Send" on the empty form shows. */
async function widgetTold(
  page: Page,
  form: FormConfig,
  attributes: Record<string, string>,
  roles = FIELD_ROLES,
) {
  await openForm(page, { config: form, attributes });
  const fresh = await toldOf(page, roles);
  const drawn = await drawnOf(page);
  await page.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(page.locator('enquiry-form').getByRole('alert').first()).toBeVisible();
  return { fresh, sent: await toldOf(page, roles), drawn };
}

/** The issues the shared rules find in an empty form of the given case type. */
const emptyFormIssues = (form: FormConfig, caseType: string): FieldIssue[] =>
  validateEnquiry(form, { forename: '', case_type: caseType, answers: {} }).map(describeIssue);

/** The page without JavaScript, as `GET /form` draws it, with or without those issues. */
async function pageTold(
  page: Page,
  form: FormConfig,
  caseType: string | undefined,
  roles = FIELD_ROLES,
) {
  const draw = async (issues: FieldIssue[]) => {
    const drawn = await formPage({
      config: form,
      caseType: form.caseTypes.find((c) => c.id === caseType),
      values: new Map(),
      issues,
      formToken: 'token',
      sendTo: '/api/enquiries',
    });
    await page.setContent(String(drawn));
  };
  await draw([]);
  const fresh = await toldOf(page, roles);
  const drawn = await drawnOf(page);
  await draw(emptyFormIssues(form, caseType ?? ''));
  return { fresh, sent: await toldOf(page, roles), drawn };
}

test('every contact field and question type tells a screen reader the same on both renderers', async ({
  page,
  context,
}) => {
  const widget = await widgetTold(page, config, { 'case-type': EVERY_TYPE });
  const plain = await pageTold(await context.newPage(), config, EVERY_TYPE);
  // Every shown type is there: the comparison below is not of two empty lists.
  expect(widget.fresh.map((told) => told.role)).toEqual(
    expect.arrayContaining(['textbox', 'combobox', 'radio', 'checkbox', 'group']),
  );
  expect(plain.fresh).toEqual(widget.fresh);
  expect(plain.sent).toEqual(widget.sent);
  expect(plain.sent.filter((told) => told.invalid).length).toBeGreaterThan(3);
});

const caseTypeForms: [string, FormConfig][] = [
  ['radios', config],
  ['select', { ...config, caseTypeRadiosUpTo: 0 }],
];
for (const [kind, form] of caseTypeForms) {
  test(`the case types as ${kind} tell a screen reader the same on both renderers`, async ({
    page,
    context,
  }) => {
    const widget = await widgetTold(page, form, {});
    const plain = await pageTold(await context.newPage(), form, undefined);
    // The widget asks for the contact details above the case type; the page asks for it alone.
    const caseTypeOnly = (told: Told[]) => told.slice(shownContactFields(form).length);
    expect(plain.fresh).toEqual(caseTypeOnly(widget.fresh));
    expect(plain.sent).toEqual(caseTypeOnly(widget.sent));
    expect(plain.sent.some((told) => told.invalid)).toBe(true);
  });
}

/** The end of the form: a privacy notice, statements with a link, "Send me a copy" and files. */
const withEnd = parseFormConfig({
  ...structuredClone(config),
  files: { maxFiles: 3, maxFileBytes: 5 * 1024 * 1024 },
  consent: {
    privacyNotice: { text: 'How we use your details', url: 'https://firm.example/privacy' },
    statements: [
      {
        id: 'contact',
        label:
          'You may contact me, as the [privacy notice](https://firm.example/privacy#contact) says.',
        required: true,
      },
      { id: 'news', label: 'Send me occasional news by email.' },
    ],
  },
  confirmation: { subject: 'Your enquiry', intro: 'Thank you.', optIn: true },
});

/**
 * The widget draws a button of its own for the file picker, named by the field's label and the
 * words it shows ("Choose files"); the page's is the browser's own control, which shows its
 * words beside the label. Everything else they tell is compared as it is.
 */
const asBrowsersPicker = (told: Told[]) =>
  told.map((one) =>
    one.role === 'button' && one.name.endsWith(` ${DEFAULT_STRINGS.chooseFiles}`)
      ? { ...one, name: one.name.slice(0, -DEFAULT_STRINGS.chooseFiles.length - 1) }
      : one,
  );

test('the honeypot, the file field and the consent block are drawn alike and in the same order on both renderers', async ({
  page,
  context,
}) => {
  // Links and buttons too: the privacy notice, a statement's link, the file picker, Send.
  const roles = new Set([...FIELD_ROLES, 'link', 'button']);
  const widget = await widgetTold(page, withEnd, { 'case-type': 'family' }, roles);
  const plain = await pageTold(await context.newPage(), withEnd, 'family', roles);
  expect(plain.fresh).toEqual(asBrowsersPicker(widget.fresh));
  expect(plain.sent).toEqual(asBrowsersPicker(widget.sent));
  expect(plain.drawn).toEqual(widget.drawn);
  // What is compared is all there: the privacy notice before the statements, the honeypot
  // before the files, the files last (a plain post sends its fields before them).
  expect(widget.drawn.map((piece) => Object.keys(piece)[0])).toEqual([
    'link',
    'box',
    'link',
    'box',
    'box',
    'honeypot',
    'files',
  ]);
});

test('a refused file is told the same on both renderers: its message tied to the picker', async ({
  page,
  context,
}) => {
  const { maxFileBytes } = withEnd.files;
  const big = { ...FILES.jpeg, name: 'huge-scan.jpg', buffer: Buffer.alloc(maxFileBytes + 1) };
  const roles = new Set(['button']);
  const picker = (told: Told[]) =>
    asBrowsersPicker(told).filter((one) => one.name.startsWith(DEFAULT_STRINGS.files));
  const { form } = await openForm(page, { config: withEnd, attributes: { 'case-type': 'family' } });
  await chooseFiles(page, form, big);
  await expect(form.locator('#files-error')).toBeVisible();
  const widget = picker(await toldOf(page, roles));

  const plain = await context.newPage();
  const refused = describeIssue({
    field: 'files[0]',
    code: 'file_too_big',
    messageKey: 'file.file_too_big',
    params: { name: big.name, max: formatBytes(maxFileBytes) },
  });
  const drawn = await formPage({
    config: withEnd,
    caseType: withEnd.caseTypes.find((c) => c.id === 'family'),
    values: new Map(),
    issues: [refused],
    formToken: 'token',
    sendTo: '/api/enquiries',
  });
  await plain.setContent(String(drawn));
  expect(widget).toHaveLength(1);
  expect(widget[0]?.invalid).toBe(true);
  expect(picker(await toldOf(plain, roles))).toEqual(widget);
});
