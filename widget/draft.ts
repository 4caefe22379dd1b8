/**
 * What the visitor typed, kept in sessionStorage so a reload (or a slip of the back button) loses
 * nothing. Files cannot be stored and are not. The draft also keeps two things the proxy cares
 * about across a reload: the earliest form token and when it came (so a visitor whose draft is
 * restored and who sends at once does not look like a fast bot) and the idempotency key of the
 * last attempt (so a retry after a reload is still recognised as the same submission).
 */
import { CONTACT_FIELDS, type Answer, type ContactFieldName } from '#contract';
import { asRecord, asString, readSession, removeSession, writeSession } from './session-store.ts';

/** The values that are one line of text: the contact fields and the chosen case type. */
export type TextValue = ContactFieldName | 'case_type';

/** Every text value's name, in the form's order. */
export const TEXT_VALUES: readonly TextValue[] = [...CONTACT_FIELDS, 'case_type'];

/** Everything the visitor can type or choose, except files and the honeypot. */
export type Values = Record<TextValue, string> & {
  /** Question id → answer; an array only for a checkbox question with options. */
  answers: Record<string, Answer>;
  /** Consent statement id → ticked. */
  consent: Record<string, boolean>;
  /** "Send me a copy" ticked (`confirmation.optIn`). */
  sendCopy?: boolean;
};

/** The idempotency key of a submission, with a fingerprint of what it sent. */
export interface SubmissionKey {
  key: string;
  fingerprint: string;
}

/** A form token from the proxy, and when this browser received it (`Date.now()`). */
export interface FormToken {
  token: string;
  receivedAt: number;
}

/** What one form keeps in sessionStorage. */
export interface Draft {
  values: Values;
  formToken?: FormToken | undefined;
  submission?: SubmissionKey | undefined;
  /** The names of the files chosen: the files themselves do not survive a reload. */
  fileNames?: string[] | undefined;
  /** The step shown, in a form in steps (`#contract`'s `StepKey`), so a reload returns to it. */
  step?: string | undefined;
}

/** Values with nothing typed yet. */
export const emptyValues = (): Values => textValues(() => '');

const textValues = (
  read: (name: TextValue) => string,
  answers: Record<string, Answer> = {},
  consent: Record<string, boolean> = {},
) =>
  ({
    ...Object.fromEntries(TEXT_VALUES.map((name) => [name, read(name)])),
    answers,
    consent,
  }) as Values;

/**
 * One draft per page, per fixed case type and per form: two forms on a site never share what
 * was typed. A form is told apart by its `id`, else by its position among the page's forms; the
 * first has the plain key (no instance), the key a page's only form has always had.
 */
export const draftKey = (path: string, caseType: string | undefined, instance = '') =>
  `enquiry-form:draft:${path}:${caseType ?? ''}${instance ? `:${instance}` : ''}`;

/** What tells this form apart from the page's others: `#id`, else `@position` (none for the first). */
export function formInstance(element: Element): string {
  if (element.id) return `#${element.id}`;
  const position = [...element.ownerDocument.querySelectorAll(element.localName)].indexOf(element);
  return position > 0 ? `@${String(position)}` : '';
}

/** The draft stored under `key`, every value checked (stored data is never trusted). */
export function loadDraft(key: string): Draft {
  const stored = asRecord(readSession(key));
  const values = asRecord(stored.values);
  const submission = asRecord(stored.submission);
  const formToken = asRecord(stored.formToken);
  const restored = textValues(
    (name) => asString(values[name]),
    reviveAnswers(values.answers),
    Object.fromEntries(
      Object.entries(asRecord(values.consent)).filter(([, ticked]) => typeof ticked === 'boolean'),
    ) as Record<string, boolean>,
  );
  if (values.sendCopy === true) restored.sendCopy = true;
  return {
    values: restored,
    formToken: formToken.token
      ? { token: asString(formToken.token), receivedAt: Number(formToken.receivedAt) || 0 }
      : undefined,
    submission:
      submission.key && submission.fingerprint
        ? { key: asString(submission.key), fingerprint: asString(submission.fingerprint) }
        : undefined,
    fileNames: Array.isArray(stored.fileNames) ? stored.fileNames.slice(0, 20).map(asString) : [],
    step: asString(stored.step),
  };
}

function reviveAnswers(stored: unknown): Record<string, Answer> {
  const answers: Record<string, Answer> = {};
  for (const [id, answer] of Object.entries(asRecord(stored))) {
    if (typeof answer === 'string') answers[id] = answer;
    else if (Array.isArray(answer)) answers[id] = answer.filter((v) => typeof v === 'string');
  }
  return answers;
}

/** Stores the draft (quietly does nothing where storage is unavailable). */
export const saveDraft = (key: string, draft: Draft) => {
  writeSession(key, draft);
};

/** Forgets the draft. */
export const clearDraft = (key: string) => {
  removeSession(key);
};
