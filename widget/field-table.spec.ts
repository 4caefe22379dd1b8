/**
 * One field table, two renderers: every question type, the contact fields and the case-type
 * radios and select, drawn by the widget (lit-html, in its shadow root) and by the page without
 * JavaScript (hono/html), read back from Chromium's accessibility tree and compared. Both draw
 * from `contract/controls.ts`; a renderer that drops `required`, a hint, an error's tie or a
 * label shows here as a difference in what a screen reader is told.
 */
import { expect, test, type Page } from '@playwright/test';
import { describeIssue, shownContactFields, validateEnquiry } from '../proxy/contract/index.ts';
import { parseFormConfig, type FormConfig } from '../proxy/contract/schemas/form-config.ts';
import type { FieldIssue } from '../proxy/contract/issues.ts';
import { formPage } from '../proxy/intake/page/form-page.ts';
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

/** What a screen reader is told of one control or group. */
interface Told {
  role: string;
  name: string;
  description: string;
  required: boolean;
  invalid: boolean;
}

const FIELD_ROLES = new Set(['textbox', 'combobox', 'radio', 'checkbox', 'group', 'Date']);

interface AXValue {
  value?: string | boolean;
}
interface AXNode {
  nodeId: string;
  ignored: boolean;
  role?: AXValue;
  name?: AXValue;
  description?: AXValue;
  properties?: { name: string; value: AXValue }[];
  childIds?: string[];
  backendDOMNodeId?: number;
}

/**
 * The fields of the page in reading order, as Chromium's accessibility tree has them. The tree
 * names `required` on text boxes only, so for selects, radios and boxes it is read from the
 * element the node stands for (what the browser checks before a plain post).
 */
async function toldOf(page: Page): Promise<Told[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const inOrder = (node: AXNode): AXNode[] => [
    node,
    ...(node.childIds ?? []).flatMap((id) => {
      const child = byId.get(id);
      return child ? inOrder(child) : [];
    }),
  ];
  const property = (node: AXNode, name: string) =>
    node.properties?.find((p) => p.name === name)?.value.value;
  const requiredElement = async (node: AXNode) => {
    const { object } = await cdp.send('DOM.resolveNode', {
      backendNodeId: node.backendDOMNodeId ?? 0,
    });
    const { result } = await cdp.send('Runtime.callFunctionOn', {
      objectId: object.objectId ?? '',
      functionDeclaration: 'function () { return this.required === true; }',
      returnByValue: true,
    });
    return result.value === true;
  };
  const fields = inOrder(nodes[0] as AXNode).filter(
    (node) => !node.ignored && FIELD_ROLES.has(String(node.role?.value)),
  );
  const told: Told[] = [];
  for (const node of fields) {
    told.push({
      role: String(node.role?.value),
      name: String(node.name?.value ?? '').trim(),
      description: String(node.description?.value ?? '')
        .replace(/\s+/g, ' ')
        .trim(),
      required: property(node, 'required') === true || (await requiredElement(node)),
      invalid: ![undefined, 'false'].includes(property(node, 'invalid') as string | undefined),
    });
  }
  await cdp.detach();
  return told;
}

/** The widget's fields, with the errors a press of "Send" on the empty form shows. */
async function widgetTold(page: Page, form: FormConfig, attributes: Record<string, string>) {
  await openForm(page, { config: form, attributes });
  const fresh = await toldOf(page);
  await page.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(page.locator('enquiry-form').getByRole('alert').first()).toBeVisible();
  return { fresh, sent: await toldOf(page) };
}

/** The issues the shared rules find in an empty form of the given case type. */
const emptyFormIssues = (form: FormConfig, caseType: string): FieldIssue[] =>
  validateEnquiry(form, { forename: '', case_type: caseType, answers: {} }).map(describeIssue);

/** The page without JavaScript, as `GET /form` draws it, with or without those issues. */
async function pageTold(page: Page, form: FormConfig, caseType: string | undefined) {
  const told = async (issues: FieldIssue[]) => {
    const drawn = await formPage({
      config: form,
      caseType: form.caseTypes.find((c) => c.id === caseType),
      values: new Map(),
      issues,
      formToken: 'token',
      sendTo: '/api/enquiries',
    });
    await page.setContent(String(drawn));
    return toldOf(page);
  };
  return {
    fresh: await told([]),
    sent: await told(emptyFormIssues(form, caseType ?? '')),
  };
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
