/**
 * The id rules, against every version ever published: the platform files each answer under its
 * question's id within its case type (`docs/enquiry-api.md`), so an id must never come to
 * mean something else.
 *
 * - A retired id (published once, absent from the latest version) is never given to a new
 *   question of its case type, nor a retired case type's id to a new case type. The same
 *   question may come back (a rollback republishes an old version's own questions; a question
 *   removed by mistake is written back): it comes back under a label it was published with.
 * - A published question keeps its kind of answer: a short text may become a long one and a
 *   list of choices radios (the platform reads the same answers), never a number, a date or a
 *   tick box.
 * - A published option's stored value is fixed; its label may change. In a file, an option is
 *   its value (`"Buying"`, or `{"value": "Buying", "label": "Purchasing"}` to change only what
 *   the visitor reads); changing its value is writing, beside a question's label it had in any
 *   version it was in (its last value for that label), another value in place of the one that
 *   label had: refused, naming the value to keep. So a question retired and brought back is held
 *   to the values it last had, and two publishes change no value one would not. Removing an
 *   option and adding another with a new label is allowed (retired and new).
 *
 * Ids, labels and values are compared as the platform and a reader tell them apart
 * (`readerKey`): `Transaction` is the retired `transaction` (the platform's meta keys ignore
 * case), and a label differing only by a zero-width space or a compatibility form ("Ｂuying") is
 * the same label. An id or a value written differently from its published self, but the same to
 * a reader, is refused, naming how it was published.
 *
 * A question's id cannot change in place: once published it is the question (the studio shows
 * it fixed); a file that writes another id retires the old one and adds a new question.
 * Pure: the studio, the start's check of `FORM_CONFIG` and the CLI's import all call it.
 */
import type { StudioIssue } from './form-studio.ts';
import type { FormOutline, OptionOutline, QuestionOutline } from './form-outline.ts';
import { readerKey } from '../contract/schemas/common.ts';
import { proposeId } from './propose-id.ts';

/** One published version's outline. */
export interface PublishedOutline {
  version: number;
  outline: FormOutline;
}

/** What the history says of one id: its spelling, every label it had, its last, when last there. */
interface Seen {
  /** The id as it was last published (a reader takes `Lender` for `lender`: one id). */
  id: string;
  /** Every label it had, by `readerKey`. */
  labels: Set<string>;
  label: string;
  last: number;
  type: string;
}

/** A question's history, with its options' over every version it was in. */
interface QuestionSeen extends Seen {
  /** Every value its options stored, as written. */
  stored: Set<string>;
  /** Each stored value by its `readerKey`, as it was last written. */
  storedAs: Map<string, string>;
  /** Each option's label (by `readerKey`) and the value it had the last time it was there. */
  valueOf: Map<string, string>;
  /** Its options in the latest version read so far. */
  options: readonly OptionOutline[];
}

/** True when two versions of a question have the same options, in the same order. */
const sameOptions = (a: readonly OptionOutline[], b: readonly OptionOutline[]) =>
  a.length === b.length &&
  a.every((option, i) => {
    const other = b[i];
    return option.value === other?.value && option.label === other.label;
  });

/** Every id the history holds, by `readerKey`: case types by id, questions by case type and id. */
interface History {
  latest: number;
  caseTypes: Map<string, Seen>;
  questions: Map<string, QuestionSeen>;
}

/** How the rules read a text (`readerKey`), each text worked out once per check. */
type Read = (text: string) => string;

/** A `Read` that remembers: a history repeats the same labels and values in every version. */
function reading(): Read {
  const known = new Map<string, string>();
  return (text) => {
    let read = known.get(text);
    if (read === undefined) known.set(text, (read = readerKey(text)));
    return read;
  };
}

const key = (read: Read, caseType: string, question: string) =>
  `${read(caseType)}\u0000${read(question)}`;

/** What `seen` learns from one version (read oldest first) of the id `at`, written as `now`. */
function note<T extends Seen>(read: Read, seen: Map<string, T>, at: string, now: T): T {
  const was = seen.get(at) ?? now;
  seen.set(at, was);
  was.labels.add(read(now.label));
  if (now.last >= was.last)
    Object.assign(was, {
      id: now.id,
      label: now.label,
      last: now.last,
      type: now.type || was.type,
    });
  return was;
}

function historyOf(published: readonly PublishedOutline[], read: Read): History {
  const history: History = {
    latest: Math.max(0, ...published.map((p) => p.version)),
    caseTypes: new Map(),
    questions: new Map(),
  };
  const oldestFirst = [...published].sort((a, b) => a.version - b.version);
  for (const { version: last, outline } of oldestFirst)
    for (const caseType of outline.caseTypes) {
      const { id, label } = caseType;
      note(read, history.caseTypes, read(id), { id, label, last, type: '', labels: new Set() });
      for (const question of caseType.questions) {
        const was = note<QuestionSeen>(read, history.questions, key(read, id, question.id), {
          id: question.id,
          label: question.label,
          type: question.type,
          last,
          labels: new Set(),
          stored: new Set(),
          storedAs: new Map(),
          valueOf: new Map(),
          options: [],
        });
        // Most versions keep a question's options as they were: learnt once, not each time.
        if (!sameOptions(was.options, question.options))
          for (const option of question.options) {
            was.stored.add(option.value);
            was.storedAs.set(read(option.value), option.value);
            was.valueOf.set(read(option.label), option.value);
          }
        was.options = question.options;
      }
    }
  return history;
}

/** Answers the platform reads alike: a question may move within its family. */
const FAMILIES: readonly (readonly string[])[] = [
  ['text', 'textarea'],
  ['select', 'radio'],
];
const familyOf = (type: string) => FAMILIES.find((family) => family.includes(type)) ?? [type];

/** A question type as a firm says it. */
const TYPE_WORDS: Readonly<Record<string, string>> = {
  text: 'a short text',
  textarea: 'a long text',
  email: 'an email address',
  tel: 'a telephone number',
  number: 'a number',
  date: 'a date',
  select: 'a choice from a list',
  radio: 'a choice of one',
  checkbox: 'tick boxes',
  hidden: 'a hidden value',
};
const typeWords = (type: string) => TYPE_WORDS[type] ?? `a ${type}`;

/**
 * Every way `next` breaks the id rules against the versions in `published` (in any order),
 * each naming the question or case type in words, with its JSON path.
 *
 * @example idIssues([{ version: 1, outline: outlineOf(v1) }], outlineOf(draft))
 */
export function idIssues(published: readonly PublishedOutline[], next: FormOutline): StudioIssue[] {
  const read = reading();
  const history = historyOf(published, read);
  const issues: StudioIssue[] = [];
  const issue = (path: StudioIssue['path'], message: string) =>
    issues.push({ path, message, rule: 'ids' });
  for (const caseType of next.caseTypes) {
    const at = ['caseTypes', caseType.at] as const;
    const seen = history.caseTypes.get(read(caseType.id));
    if (seen && seen.id !== caseType.id)
      issue([...at, 'id'], spelling(`The case type "${caseType.label}"`, caseType.id, seen));
    if (seen && seen.last < history.latest && !seen.labels.has(read(caseType.label))) {
      const taken = new Set([...history.caseTypes.values()].map((each) => each.id));
      issue(
        [...at, 'id'],
        `The case type "${caseType.label}" cannot have the id "${caseType.id}": that was the case type "${seen.label}" until version ${String(seen.last)}, and a retired id is never given to another case type, so the platform never files two kinds of enquiry as one. Give it a new id, such as "${proposeId(caseType.label, taken, 'case_type')}".`,
      );
    }
    for (const question of caseType.questions) {
      const where = [...at, 'questions', question.at] as const;
      const named = `"${question.label}" (${question.id}) in "${caseType.label}"`;
      const was = history.questions.get(key(read, caseType.id, question.id));
      if (!was) continue;
      if (was.id !== question.id) issue([...where, 'id'], spelling(named, question.id, was));
      if (!familyOf(was.type).includes(question.type) && question.type !== '') {
        const allowed = familyOf(was.type).map(typeWords).join(' or ');
        const why = `${named} was published as ${typeWords(was.type)}: a published question keeps its kind of answer, so the platform never files another kind under its id.`;
        issues.push({
          path: [...where, 'type'],
          rule: 'ids',
          message: `${why} Make it ${allowed} again, or retire it and add a new question.`,
          studio: `${why} Choose ${allowed} as its type of answer again, or remove this question and add a new one.`,
        });
      }
      if (was.last < history.latest && !was.labels.has(read(question.label))) {
        const ofCaseType = key(read, caseType.id, '');
        const taken = new Set(
          [...history.questions.entries()]
            .filter(([k]) => k.startsWith(ofCaseType))
            .map(([, each]) => each.id),
        );
        for (const other of caseType.questions) taken.add(other.id);
        issue(
          [...where, 'id'],
          `"${question.label}" in "${caseType.label}" cannot have the id "${question.id}": that was the question "${was.label}" until version ${String(was.last)}, and a retired id is never given to another question, so the platform never mixes their answers. Give it a new id, such as "${proposeId(question.label, taken)}".`,
        );
      }
      issues.push(...valueChanges(read, was, question, named, where));
    }
  }
  return issues;
}

/** Why `id` must be written as it was published: the same id to the platform and to a reader. */
const spelling = (named: string, id: string, was: Seen) =>
  `${named} has the id "${id}", which the platform and a reader take for "${was.id}", published until version ${String(was.last)}: write it "${was.id}", as it was published, so its answers are filed under one id.`;

/**
 * Options of `next` that store another value in place of one its question stored in any version
 * it was in: a label it had (as a reader reads it) written with a new value, or a value that
 * reads as a stored one but is not it (`Buying` with a zero-width space). A question that comes
 * back after it was retired is held to the values it last had.
 */
function valueChanges(
  read: Read,
  was: QuestionSeen,
  next: QuestionOutline,
  named: string,
  where: readonly (string | number)[],
): StudioIssue[] {
  const values = new Set(next.options.map((option) => option.value));
  return next.options.flatMap((option, k): StudioIssue[] => {
    if (was.stored.has(option.value)) return [];
    const path = [...where, 'options', k];
    const lookalike = was.storedAs.get(read(option.value));
    if (lookalike !== undefined)
      return [
        {
          path,
          rule: 'ids',
          message: `The option "${option.label}" of ${named} stores "${option.value}", which reads as "${lookalike}", a value enquiries already hold: write it "${lookalike}", so the platform never files one answer under two values.`,
          studio: `The option "${option.label}" of ${named} stores "${option.value}", which reads as "${lookalike}", a value enquiries already hold: type ${lookalike} as its stored value, so the platform never files one answer under two values.`,
        },
      ];
    const kept = was.valueOf.get(read(option.label));
    if (kept === undefined || values.has(kept)) return [];
    return [
      {
        path,
        rule: 'ids',
        message: `The option "${option.label}" of ${named} was published with the stored value "${kept}", which it keeps: enquiries already hold it. Only its label may change: write it as {"value": "${kept}", "label": "${option.label}"}.`,
        studio: `The option "${option.label}" of ${named} was published with the stored value "${kept}", which it keeps: enquiries already hold it. Type ${kept} as its stored value: only its label may change.`,
      },
    ];
  });
}
