/**
 * The form's own settings, each page a few of the configuration's blocks: the contact fields and
 * telephone numbers, the files visitors may attach, consent and the privacy notice, and the rest
 * (the firm's details, the thank-you page, the case-type choice, the funnel); the emails to the
 * visitor are `part-emails.ts`'s, the teams `part-routing.ts`'s. Where the file's shape is not a page's (a block that is there or not),
 * the page reads a view of it (`view`) and writes the file's shape back (`stored`).
 */
import { CONFIGURABLE_CONTACT_FIELDS } from '../../contract/fields.ts';
import { ACCEPTED_KINDS, type AcceptedKind } from '../../contract/limits.ts';
import type { Choice, Field } from './fields.ts';
import { labelOf } from './part-question.ts';
import { fixedBecause, type Published } from './published.ts';
import { at, isRecord, listAt, textIn, type JsonObject, shownAt } from './raw-config.ts';

const CONTACT_WORDS: Record<string, string> = {
  surname: 'Last name',
  email: 'Email address',
  telephone_mobile: 'Telephone number',
};

/** The contact fields and how telephone numbers are read. */
export const contactFields = (): Field[] => [
  ...CONFIGURABLE_CONTACT_FIELDS.map((field): Field => ({
    kind: 'choice',
    path: ['contact', field],
    label: CONTACT_WORDS[field] ?? field,
    choices: [
      { value: 'required', label: 'Asked, and must be given' },
      { value: 'optional', label: 'Asked, optional' },
      { value: 'hidden', label: 'Not asked' },
    ],
  })),
  {
    kind: 'text',
    path: ['phone', 'defaultCountry'],
    label: 'Country of a number given without its code',
    hint: 'Two letters, like GB. Left empty, numbers are not checked against a country’s plan.',
    code: true,
  },
  {
    kind: 'choice',
    path: ['phone', 'upstreamFormat'],
    label: 'Numbers sent to the platform',
    none: 'As the visitor typed them',
    choices: [{ value: 'e164', label: 'In the international format (+447700900982)' }],
  },
];

/** The contact page's blocks as the file holds them: no `phone` without its country. */
export function contactStored(view: unknown): JsonObject {
  const root = isRecord(view) ? { ...view } : {};
  if (at(root, ['phone', 'defaultCountry']) === undefined) delete root.phone;
  if (isRecord(root.contact) && Object.keys(root.contact).length === 0) delete root.contact;
  return root;
}

/** The files visitors may attach. */
export const filesFields = (): Field[] => [
  {
    kind: 'number',
    path: ['maxFiles'],
    label: 'Most files with one enquiry',
    hint: '0 hides the file field. Up to 20.',
  },
  {
    kind: 'number',
    path: ['maxFileBytes'],
    label: 'Largest file',
    unit: 'MB',
    scale: 1024 * 1024,
    hint: 'Up to 25 MB.',
  },
  {
    kind: 'checks',
    path: ['kinds'],
    label: 'Kinds of file',
    hint: 'None ticked: every kind this proxy can deliver, converted where the platform needs it.',
    choices: (Object.keys(ACCEPTED_KINDS) as AcceptedKind[]).map((kind) => ({
      value: kind,
      label: ACCEPTED_KINDS[kind].label,
    })),
  },
];

/** Consent: the privacy notice and the statements a visitor ticks. */
export function consentFields(published: Published, languages: readonly string[]): Field[] {
  return [
    {
      kind: 'text',
      path: ['privacyNotice', 'text'],
      label: 'Privacy notice: the link’s words',
      translated: true,
    },
    {
      kind: 'text',
      path: ['privacyNotice', 'url'],
      label: 'Privacy notice: its address',
      type: 'url',
      code: true,
    },
    {
      kind: 'list',
      path: ['statements'],
      label: 'Statements to agree to',
      hint: 'Each with a box to tick, above the send button. The words may hold one link, written [words](https://…).',
      noun: 'statement',
      name: (row) => {
        const words = textIn(at(row, ['label']), languages[0]).trim();
        return words ? `“${words.length > 40 ? `${words.slice(0, 40)}…` : words}”` : '';
      },
      fields: (row): Field[] => {
        const fixed = published.statement(at(row, ['id']));
        return [
          {
            kind: 'text',
            path: ['label'],
            label: 'Words',
            translated: true,
            required: true,
            lines: 2,
          },
          {
            kind: 'id',
            path: ['id'],
            label: 'Id',
            fixed,
            hint: fixed
              ? fixedBecause(published, 'this id')
              : 'What the platform records the answer under, like consent_contact.',
          },
          {
            kind: 'flag',
            path: ['required'],
            label: 'Must be agreed to before the enquiry is sent',
          },
        ];
      },
    },
  ];
}

/** The consent block as the file holds it: left out when it holds nothing. */
export function consentStored(view: unknown): unknown {
  const consent: JsonObject = isRecord(view) ? { ...view } : {};
  const notice = consent.privacyNotice;
  if (isRecord(notice) && Object.keys(notice).length === 0) delete consent.privacyNotice;
  if (Array.isArray(consent.statements) && consent.statements.length === 0)
    delete consent.statements;
  return Object.keys(consent).length === 0 ? undefined : consent;
}

/** The rest of the settings: the firm, the thank-you page, the case-type choice, the funnel. */
export function otherFields(config: unknown, languages: readonly string[]): Field[] {
  const hidden: Choice[] = listAt(config, ['caseTypes']).flatMap((caseType) =>
    listAt(caseType, ['questions'])
      .filter((q) => at(q, ['type']) === 'hidden')
      .map((q) => ({
        value: shownAt(q, ['id']),
        label: labelOf(q, languages) || shownAt(q, ['id']),
      })),
  );
  return [
    {
      kind: 'text',
      path: ['firm', 'name'],
      label: 'The firm’s name',
      translated: true,
      hint: 'Shown with another way to reach you when sending fails.',
    },
    { kind: 'text', path: ['firm', 'phone'], label: 'The firm’s telephone number', type: 'tel' },
    {
      kind: 'text',
      path: ['firm', 'email'],
      label: 'The firm’s email address',
      type: 'email',
      code: true,
    },
    {
      kind: 'text',
      path: ['thankYouUrl'],
      label: 'Thank-you page',
      type: 'url',
      code: true,
      hint: 'Where the form without JavaScript sends the visitor once their enquiry is taken. Left empty: the proxy’s own confirmation page.',
    },
    {
      kind: 'number',
      path: ['caseTypeRadiosUpTo'],
      label: 'Case types shown as radios, up to',
      hint: 'More are a drop-down list. Left empty: 7; 0: always a list.',
    },
    {
      kind: 'choice',
      path: ['analytics', 'funnel'],
      label: 'The funnel',
      choices: [
        { value: 'on', label: 'Counted', hint: '(ids and counts only, never an answer)' },
        { value: 'off', label: 'Not counted' },
      ],
    },
    {
      kind: 'choice',
      path: ['analytics', 'variant'],
      label: 'A/B test: the hidden question that names each visitor’s variant',
      none: 'No A/B test',
      choices: hidden,
    },
  ];
}

/** The settings as the page reads them: the funnel on or off beside the variant. */
export function otherView(root: unknown): JsonObject {
  const analytics = at(root, ['analytics']);
  return {
    ...(isRecord(root) ? root : {}),
    analytics: {
      funnel: analytics === false ? 'off' : 'on',
      ...(isRecord(analytics) && analytics.variant !== undefined
        ? { variant: analytics.variant }
        : {}),
    },
  };
}

/** The settings as the file holds them. */
export function otherStored(view: unknown): JsonObject {
  const root: JsonObject = isRecord(view) ? { ...view } : {};
  const { funnel, variant } = isRecord(root.analytics) ? root.analytics : {};
  if (funnel === 'off') root.analytics = false;
  else if (variant !== undefined) root.analytics = { variant };
  else delete root.analytics;
  if (isRecord(root.firm) && Object.keys(root.firm).length === 0) delete root.firm;
  return root;
}
