/**
 * A submission from the form without JavaScript (`GET /form`): plain named fields instead of
 * the `enquiry` JSON part, turned into the same enquiry part the widget sends, so that the
 * same checks, outbox and limits apply. Field names:
 *
 * - `forename`, `surname`, `email`, `telephone_mobile`, `case_type`, `form_token`, `website`
 * - `answers.<question id>` (a checkbox question with options repeats it per ticked option;
 *   an appointment's, the start of the time ticked)
 * - `preferred.<question id>`: an appointment's "times that would suit", its answer when no
 *   time is ticked (a time ticked wins)
 * - `times_unseen` (the appointment question's id, from a page drawn before its times were
 *   known: `unseen-times.ts`)
 * - `consent.<statement id>` (`on` when ticked: any other value is not agreement)
 * - `marketing.<field>` (the attribution, carried in hidden inputs)
 * - `send_copy` (`on` when "Send me a copy" is ticked)
 * - `held` (a file kept from the post before, ticked: `<upload id>.<key>`, `held-files.ts`) and
 *   `held_drawn` (each one the page listed)
 * - `form_version` (the version of the form the page was drawn from)
 * - `unfinished.<field>` (the box of unfinished enquiries, `unfinished-box.ts`): not the
 *   enquiry's, and left out of it; what sends it takes the record over (`enquiry-route.ts`)
 */
import { MARKETING_FIELDS, PER_ATTEMPT_FIELDS } from '../../contract/fields.ts';
import { FILE_LIMIT_CEILINGS } from '../../contract/limits.ts';
import { visibleQuestions } from '../../contract/rules.ts';
import type { EnquiryPartInput } from '../../contract/schemas/enquiry-part.ts';
import type { FormConfig } from '../../contract/schemas/form-config.ts';

/** The text fields of a plain post, by name, in the order they came. */
export type PlainFields = ReadonlyMap<string, readonly string[]>;

/** Most text fields a plain post may have (answers, consents and the rest together). */
export const MAX_PLAIN_FIELDS = 200;

const CONTACT = ['forename', 'surname', 'email', 'telephone_mobile'] as const;

/** The page's box of a file kept from the post before: ticked, it goes with the enquiry. */
export const HELD_FIELD = 'held';
/** Every file kept that the page listed, so that one left unticked is removed. */
export const HELD_DRAWN_FIELD = 'held_drawn';

/** A file kept for the page, as the page names it: `<upload id>.<key>`. */
export const heldValue = (file: { id: string; key: string }) => `${file.id}.${file.key}`;

/** The files kept that a post names in `name`, as id and key: each once, well-formed, a form's worth. */
export function heldIn(fields: PlainFields, name = HELD_FIELD): { id: string; key: string }[] {
  const named = new Map<string, string>();
  for (const value of fields.get(name) ?? []) {
    const [, id, key] = /^([\w-]{1,64})\.([\w-]{1,64})$/.exec(value) ?? [];
    if (id && key && !named.has(id)) named.set(id, key);
  }
  return [...named].slice(0, FILE_LIMIT_CEILINGS.maxFiles).map(([id, key]) => ({ id, key }));
}

/** The name of the text area beside an appointment's times (`answers.call`: `preferred.call`). */
export const preferredName = (answerName: string) => answerName.replace(/^answers\./, 'preferred.');

/** The mark of a page drawn without its appointment's times, the question's id its value. */
export const TIMES_UNSEEN_FIELD = 'times_unseen';

/** What a ticked consent checkbox of the page sends (a checkbox's default value too). */
export const CONSENT_TICKED = 'on';

/**
 * The enquiry part a plain post stands for. Answers to questions its own answers hide (`showIf`)
 * are left out, as the widget leaves them out; names the form never has stay in and are
 * refused by the checks like any unknown key.
 *
 * @example enquiryFromFields(new Map([['forename', ['Ada']], ['answers.when', ['Soon']]]), config)
 */
export function enquiryFromFields(fields: PlainFields, config: FormConfig): EnquiryPartInput {
  const one = (name: string) => fields.get(name)?.[0];
  const caseTypeId = one('case_type') ?? '';
  const caseType = config.caseTypes.find((c) => c.id === caseTypeId);
  const appointment = caseType?.questions.find((question) => question.type === 'appointment');
  // Without a prototype, an answer named "__proto__" is kept as the key it is, and refused by
  // the checks as the JSON path refuses it, instead of vanishing into the object's prototype.
  const answers = Object.create(null) as Record<string, string | string[]>;
  const consent: Record<string, boolean> = {};
  const marketing: Record<string, string> = {};
  const unknown: Record<string, string> = {};
  const preferred = new Map<string, string>();
  for (const [name, values] of fields) {
    const [prefix, key = ''] = splitName(name);
    if (prefix === 'answers') {
      const question = caseType?.questions.find((q) => q.id === key);
      answers[key] =
        question?.type === 'checkbox' && question.options ? [...values] : (values[0] ?? '');
    } else if (prefix === 'consent')
      consent[key] = values.length > 0 && values.every((value) => value === CONSENT_TICKED);
    else if (prefix === 'preferred' && appointment?.id === key) preferred.set(key, values[0] ?? '');
    else if (prefix === 'marketing' && (MARKETING_FIELDS as readonly string[]).includes(key))
      marketing[key] = values[0] ?? '';
    else if (prefix === 'unfinished' && key !== '') continue;
    else if (!isKnownTopLevel(name)) unknown[name] = values[0] ?? '';
  }
  // A time ticked wins; the times typed are the answer when none is.
  for (const [id, text] of preferred) if (!answers[id]) answers[id] = text;
  const shown = caseType
    ? new Set(visibleQuestions(caseType, answers).map((question) => question.id))
    : undefined;
  for (const id of Object.keys(answers)) {
    const known = caseType?.questions.some((question) => question.id === id);
    if (shown && known && !shown.has(id)) Reflect.deleteProperty(answers, id);
  }
  // An empty field of the page is the same as a field left out.
  for (const [id, answer] of Object.entries(answers))
    if (answer === '' || (Array.isArray(answer) && answer.length === 0))
      Reflect.deleteProperty(answers, id);
  const part: Record<string, unknown> = { case_type: caseTypeId, answers, consent, marketing };
  for (const name of [...CONTACT, ...PER_ATTEMPT_FIELDS]) {
    const value = one(name);
    if (value !== undefined && (name === 'forename' || value !== '')) part[name] = value;
  }
  part.forename ??= '';
  if (fields.has('send_copy')) part.send_copy = one('send_copy') === CONSENT_TICKED;
  if (fields.has('lang')) part.lang = one('lang');
  // Files kept from the post before are taken as uploads, each by its id and its key.
  const held = heldIn(fields);
  if (held.length > 0) {
    part.uploads = held.map((file) => file.id);
    part.upload_keys = held.map((file) => file.key);
  }
  // A number, or left for the checks to refuse as the JSON part's would be.
  const version = one('form_version');
  if (version !== undefined)
    part.form_version = /^\d{1,9}$/.test(version) ? Number(version) : version;
  return { ...(part as EnquiryPartInput), ...unknown };
}

const splitName = (name: string): [string, string?] => {
  const dot = name.indexOf('.');
  return dot < 0 ? [name] : [name.slice(0, dot), name.slice(dot + 1)];
};

const isKnownTopLevel = (name: string) =>
  (CONTACT as readonly string[]).includes(name) ||
  (PER_ATTEMPT_FIELDS as readonly string[]).includes(name) ||
  name === 'case_type' ||
  name === 'send_copy' ||
  name === 'lang' ||
  name === HELD_FIELD ||
  name === HELD_DRAWN_FIELD ||
  name === TIMES_UNSEEN_FIELD ||
  name === 'form_version';
