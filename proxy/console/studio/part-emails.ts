/**
 * What the form emails the visitor, each a block that is there or not: the confirmation email
 * (its subject, the firm's words, its own words overriding the product's, how often it may be
 * sent) and "Save and continue later" (`drafts`: the link and code it emails, and how often).
 * Both need this proxy's mailer (`SMTP_URL`, `CONFIRMATION_FROM`); the page says so where they
 * are turned on (`mailerNotice`), as the start's log does. Each page reads whether its block is
 * on beside the block (`view`) and writes the file's shape back (`stored`). The limits' defaults
 * are the schemas' own, read from them, so the hints cannot drift from what a file left empty gets.
 */
import { confirmationSchema } from '../../contract/schemas/confirmation.ts';
import { draftsSchema } from '../../contract/schemas/drafts.ts';
import { EMAIL_STRINGS } from '../../contract/strings/proxy-words.ts';
import type { Field } from './fields.ts';
import { isRecord, type JsonObject } from './raw-config.ts';

/** What a window of emails is called. */
const LIMIT_WORDS: Readonly<Record<string, string>> = {
  perAddressPerDay: 'Most emails to one address a day',
  perClientPerHour: 'Most emails asked for by one client an hour',
  perHour: 'Most emails an hour, for everybody',
};

/** A number box for each limit of `defaults`, its default named in its hint. */
const limitFields = (defaults: Readonly<Record<string, number>>, extra = ''): Field[] =>
  Object.entries(defaults).map(([key, fallback]) => ({
    kind: 'number',
    path: ['limits', key],
    label: LIMIT_WORDS[key] ?? key,
    hint: `Left empty: ${String(fallback)}.${extra}`,
  }));

/** The yes/no that turns a block on or off, read beside the block as `key`. */
export const turnedOn = (key: string, label: string, hint?: string): Field => ({
  kind: 'choice',
  path: [key],
  label,
  ...(hint ? { hint } : {}),
  choices: [
    { value: 'yes', label: 'Yes' },
    { value: 'no', label: 'No' },
  ],
});

/** A block as its page reads it: with whether it is on (`key`). */
export const switchedView = (key: string) => (block: unknown) => ({
  ...(isRecord(block) ? block : {}),
  [key]: block === undefined ? 'no' : 'yes',
});

/** The block without its switch, and without the keys left empty; undefined when off. */
export function switchedOff(view: unknown, key: string): JsonObject | undefined {
  const { [key]: on, ...block } = isRecord(view) ? view : {};
  if (on === 'no') return undefined;
  const empty = (inner: unknown) => isRecord(inner) && Object.keys(inner).length === 0;
  return Object.fromEntries(Object.entries(block).filter(([, inner]) => !empty(inner)));
}

const CONFIRMATION_LIMITS = confirmationSchema.parse({ subject: '-', intro: '-' }).limits;

/** The confirmation email's own words, by their key in `confirmation.strings`. */
const EMAIL_WORDS = Object.entries(EMAIL_STRINGS).map(([key, english]) => ({
  key: key.replace(/^confirmation\./, ''),
  english,
}));

/** The confirmation email, and whether it is sent at all (`docs/confirmation-email.md`). */
export const confirmationFields = (): Field[] => [
  turnedOn('send', 'Send each visitor a copy of their enquiry by email'),
  { kind: 'text', path: ['subject'], label: 'Subject', translated: true, required: true },
  {
    kind: 'text',
    path: ['intro'],
    label: 'The firm’s words at the top',
    translated: true,
    required: true,
    lines: 5,
  },
  { kind: 'flag', path: ['includeAnswers'], label: 'Include each answer (never a file)' },
  { kind: 'flag', path: ['optIn'], label: 'Only to visitors who tick “Send me a copy”' },
  ...limitFields(CONFIRMATION_LIMITS, ' 0 sends none.'),
  {
    kind: 'text',
    path: ['lang'],
    label: 'Language of the email',
    hint: 'A language tag; left empty: en-GB.',
    code: true,
  },
  {
    kind: 'text',
    path: ['timeZone'],
    label: 'Time zone of its times',
    hint: 'Left empty: Europe/London.',
    code: true,
  },
  ...EMAIL_WORDS.map(({ key, english }): Field => ({
    kind: 'text',
    path: ['strings', key],
    label: `The email’s words “${english}”`,
    hint: 'Optional: your own words in their place. Left empty, the product’s, in the visitor’s language.',
    translated: true,
  })),
];

/** The confirmation as the page reads it: with whether it is sent. */
export const confirmationView = switchedView('send');

/** The confirmation as the file holds it: none when not sent. */
export const confirmationStored = (view: unknown): unknown => switchedOff(view, 'send');

const DRAFT_LIMITS = draftsSchema.parse(true).limits;

/** "Save and continue later" (`docs/saved-enquiries.md`): on or off, and its emails' limits. */
export const draftsFields = (): Field[] => [
  turnedOn(
    'offer',
    'Offer “Save and continue later” on the form',
    'The visitor gives an email address and is sent a link to finish on another device or another day; opening it asks for a code sent to the same address.',
  ),
  ...limitFields(DRAFT_LIMITS, ' Saves and codes count together.'),
];

/** Saving as the page reads it: with whether it is offered. */
export const draftsView = (block: unknown) => switchedView('offer')(block === true ? {} : block);

/** Saving as the file holds it: `true` with the schema's limits, else the limits given. */
export function draftsStored(view: unknown): unknown {
  const block = switchedOff(view, 'offer');
  if (!block) return undefined;
  return Object.keys(block).length === 0 ? true : block;
}

/** What a block the mailer carries says on its page when this proxy has none. */
export const mailerNotice = (what: string) =>
  `This proxy has no mailer for visitors’ emails: SMTP_URL and CONFIRMATION_FROM are not set (docs/production.md). Until they are, ${what}, whatever this page says; the proxy’s log says so at each start.`;
