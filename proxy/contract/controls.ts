/**
 * The facts of every control the form shows, written once and drawn by both renderers: the
 * widget (lit-html, `widget/templates/fields.ts`) and the page without JavaScript (hono/html,
 * `proxy/intake/page/form-fields.ts`). A renderer decides only its markup and the id a field's
 * ids start from (the widget's are the field names, the page's `field-…`); which control, its
 * input type, `autocomplete`, `inputmode`, the hint and error ids, `aria-describedby` and
 * `required` are decided here, and so is what the form shows after the questions (the consent
 * block, the honeypot, the file field) and in which order, so the two drawings cannot drift
 * apart (`widget/field-table.spec.ts` compares the accessible trees they produce).
 */
import { CONFIGURABLE_CONTACT_FIELDS, type ContactFieldName } from './fields.ts';
import type { ConvertedSentence, FilePicker } from './limits.ts';
import { formatBytes, type MessageParams } from './messages.ts';
import type { FormConfig, Question, QuestionType } from './schemas/form-config.ts';

/** A control a value is typed into. */
export interface TypedControl {
  control: 'input' | 'textarea';
  /** The input's `type`; numbers are text with a decimal keypad, as GOV.UK advises. */
  type?: 'text' | 'email' | 'tel' | 'date';
  inputmode?: 'decimal';
  /** Only on the visitor's own details: a question's email may be someone else's. */
  autocomplete?: string;
  /** False for addresses, numbers and dates, where a spell checker only underlines. */
  spellcheck: boolean;
}

/** What a field is drawn as. */
export type ControlFacts =
  | TypedControl
  | { control: 'select' }
  /** A fieldset of radios or checkboxes whose legend asks the question. */
  | { control: 'radios' }
  | { control: 'checkboxes' }
  /** One box whose label is the question; ticked means "Yes". */
  | { control: 'checkbox' }
  /** Never shown: the value comes from the page. */
  | { control: 'hidden' };

// The tables are plain literals, so a bundle that does not read them (the late one) drops them.
/** How each contact field is typed in, and what the browser may fill it with. */
export const CONTACT_CONTROLS: Readonly<Record<ContactFieldName, TypedControl>> = {
  forename: { control: 'input', type: 'text', autocomplete: 'given-name', spellcheck: true },
  surname: { control: 'input', type: 'text', autocomplete: 'family-name', spellcheck: true },
  email: { control: 'input', type: 'email', autocomplete: 'email', spellcheck: false },
  telephone_mobile: { control: 'input', type: 'tel', autocomplete: 'tel', spellcheck: false },
};

const QUESTION_CONTROLS: Readonly<Record<QuestionType, ControlFacts>> = {
  text: { control: 'input', type: 'text', spellcheck: true },
  textarea: { control: 'textarea', spellcheck: true },
  email: { control: 'input', type: 'email', spellcheck: false },
  tel: { control: 'input', type: 'tel', spellcheck: false },
  number: { control: 'input', type: 'text', inputmode: 'decimal', spellcheck: false },
  date: { control: 'input', type: 'date', spellcheck: false },
  select: { control: 'select' },
  radio: { control: 'radios' },
  checkbox: { control: 'checkboxes' },
  hidden: { control: 'hidden' },
  // The visitor's preferred times in words, where no time is offered (or none suits them): the
  // widget's picker (a late chunk) and the page's list of times come before it.
  appointment: { control: 'textarea', spellcheck: true },
};

/**
 * What a question is drawn as: by its type, a checkbox with options being a group and one
 * without a lone box.
 *
 * @example questionControl({ type: 'number' }) // { control: 'input', type: 'text', inputmode: 'decimal', … }
 */
export const questionControl = (question: Pick<Question, 'type' | 'options'>): ControlFacts =>
  question.type === 'checkbox' && !question.options
    ? { control: 'checkbox' }
    : QUESTION_CONTROLS[question.type];

/**
 * A question's options as `[value, label]`: the value is sent and compared in every language,
 * the label is what the visitor reads (the value itself for an option written as a string).
 *
 * @example optionPairs({ options: ['tenant'], optionLabels: ['Tenant'] }) // [['tenant', 'Tenant']]
 */
export const optionPairs = (
  question: Pick<Question, 'options' | 'optionLabels'>,
): (readonly [string, string])[] =>
  (question.options ?? []).map((value, i) => [value, question.optionLabels?.[i] ?? value]);

/**
 * An answer in words: the labels of the options chosen, in the configuration's order, or the
 * answer as typed.
 *
 * @example answerInWords({ options: ['a', 'b'], optionLabels: ['A', 'B'] }, ['b', 'a']) // 'A, B'
 */
export function answerInWords(
  question: Pick<Question, 'options' | 'optionLabels'>,
  answer: string | readonly string[],
): string {
  const chosen = [answer].flat();
  const pairs = optionPairs(question).filter(([value]) => chosen.includes(value));
  return pairs.length > 0 ? pairs.map(([, label]) => label).join(', ') : chosen.join(', ');
}

/** True when the configuration asks for this contact field (`forename` always). */
export const contactRequired = (
  config: Pick<FormConfig, 'contact'>,
  field: ContactFieldName,
): boolean => field === 'forename' || config.contact[field] === 'required';

/** The contact fields the form shows: `forename`, then those the configuration does not hide. */
export const shownContactFields = (config: Pick<FormConfig, 'contact'>): ContactFieldName[] => [
  'forename',
  ...CONFIGURABLE_CONTACT_FIELDS.filter((field) => config.contact[field] !== 'hidden'),
];

/**
 * The ids around a control, from the control's own: its label, its hint and its error message.
 *
 * @example fieldIds('forename') // { control: 'forename', label: 'forename-label', hint: 'forename-hint', error: 'forename-error' }
 */
export const fieldIds = (id: string) => ({
  control: id,
  label: `${id}-label`,
  hint: `${id}-hint`,
  error: `${id}-error`,
});

/**
 * `aria-describedby` of a control (or a group's fieldset): the hint first, then the error, as
 * GOV.UK orders them; undefined when it has neither.
 */
export function describedBy(id: string, shows: { hint: boolean; error: boolean }) {
  const ids = fieldIds(id);
  return (
    [shows.hint ? ids.hint : '', shows.error ? ids.error : ''].filter(Boolean).join(' ') ||
    undefined
  );
}

/**
 * The id of a group's n-th radio or checkbox: the first takes the field's own, so the error
 * summary's link lands on it.
 */
export const choiceId = (id: string, index: number) => (index === 0 ? id : `${id}-${index}`);

/**
 * Whether a group's n-th choice carries `required`: a required group of radios says so on its
 * first (a browser then asks for the whole group); a group of checkboxes never does (any one of
 * them would then have to be ticked).
 */
export const choiceRequired = (kind: 'radio' | 'checkbox', required: boolean, index: number) =>
  kind === 'radio' && required && index === 0;

/**
 * What the form shows after the questions, in the order both renderers draw it. The privacy
 * notice comes before the statements, so a visitor can read how their details are used before
 * agreeing to anything. The file field comes last because a browser without script posts the
 * fields in the order they are drawn: a file refused as it arrives (over the size limit) still
 * leaves every field before it to draw the form again with. The widget sends a body of its own
 * (the fields first, whatever the order on screen) and draws the same order, so the two forms
 * read alike.
 */
export const FORM_END = [
  'privacyNotice',
  'consentStatements',
  'sendCopy',
  'honeypot',
  'files',
] as const;

/**
 * The honeypot, a field people never see or reach, which form-filling bots fill in: its
 * wrapper is `aria-hidden` (out of screen readers), the input is out of the keyboard's order
 * (`tabindex` -1) and the browser's autofill (`autocomplete` off), so a person always sends it
 * empty. Its name is the enquiry's `website`; its label, which only a bot reads, the strings'
 * `honeypot`.
 */
export const HONEYPOT = { name: 'website', tabindex: '-1', autocomplete: 'off' } as const;

/**
 * How a link in the consent block (the privacy notice, a statement's) opens: in a new tab, so
 * the form and what was typed into it stay where they are (the page without script keeps no
 * draft); `noopener noreferrer`, so the page opened gets no hold on the form's, nor its address.
 */
export const LINK_OPENS = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The name of a consent statement's box, and the field its issues are about. */
export const consentFieldName = (statementId: string) => `consent.${statementId}`;

/**
 * The file field: `files` (the multipart parts' name and the field its issues are about),
 * several at once, never required and marked "(optional)", offering the kinds the proxy takes
 * (`accept`, from `filePicker`).
 */
export const FILES_FIELD = 'files';

/** What the file field's hint is written with: the strings in the visitor's language, and it. */
interface HintWords {
  text(key: 'filesHint' | ConvertedSentence, params?: MessageParams): string;
  locale: string;
}

/**
 * The file field's hint: which kinds, how large, how many, and that some kinds are converted.
 *
 * @example filesHint(filePicker(['pdf']), { maxFileBytes: 5242880, maxFiles: 3 }, words)
 *   // 'PDF files, each up to 5 MB. You can attach up to 3.'
 */
export const filesHint = (
  picker: Pick<FilePicker, 'kinds' | 'converts'>,
  limits: Pick<FormConfig['files'], 'maxFileBytes' | 'maxFiles'>,
  words: HintWords,
) =>
  [
    words.text('filesHint', {
      kinds: picker.kinds,
      max: formatBytes(limits.maxFileBytes, words.locale),
      count: limits.maxFiles,
    }),
    ...(picker.converts ? [words.text(picker.converts)] : []),
  ].join(' ');
