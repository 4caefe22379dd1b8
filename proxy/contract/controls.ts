/**
 * The facts of every control the form shows, written once and drawn by both renderers: the
 * widget (lit-html, `widget/templates/fields.ts`) and the page without JavaScript (hono/html,
 * `proxy/intake/page/form-fields.ts`). A renderer decides only its markup and the id a field's
 * ids start from (the widget's are the field names, the page's `field-…`); which control, its
 * input type, `autocomplete`, `inputmode`, the hint and error ids, `aria-describedby` and
 * `required` are decided here, so the two drawings cannot drift apart
 * (`widget/field-table.spec.ts` compares the accessible trees they produce).
 */
import { CONFIGURABLE_CONTACT_FIELDS, type ContactFieldName } from './fields.ts';
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
