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
 *   the visitor reads); changing its value is writing, beside a question's label it had in the
 *   latest version, another value in place of the one that label had: refused, naming the value
 *   to keep. Removing an option and adding another with a new label is allowed (retired and new).
 *
 * A question's id cannot change in place: once published it is the question (the studio shows
 * it fixed); a file that writes another id retires the old one and adds a new question.
 * Pure: the studio, the start's check of `FORM_CONFIG` and the CLI's import all call it.
 */
import type { StudioIssue } from './form-studio.ts';
import type { FormOutline, QuestionOutline } from './form-outline.ts';
import { proposeId } from './propose-id.ts';

/** One published version's outline. */
export interface PublishedOutline {
  version: number;
  outline: FormOutline;
}

/** What the history says of one id: every label it had, its last, and when it was last there. */
interface Seen {
  labels: Set<string>;
  label: string;
  last: number;
  type: string;
}

/** Every id the history holds: case types by id, questions by case type and id. */
interface History {
  latest: number;
  caseTypes: Map<string, Seen>;
  questions: Map<string, Seen>;
  /** The latest version's questions, by case type and id (for the options' rule). */
  current: Map<string, QuestionOutline>;
}

const key = (caseType: string, question: string) => `${caseType}\u0000${question}`;

function note(seen: Map<string, Seen>, id: string, label: string, version: number, type = '') {
  const was = seen.get(id);
  if (was) {
    was.labels.add(label);
    if (version >= was.last) Object.assign(was, { label, last: version, type: type || was.type });
  } else seen.set(id, { labels: new Set([label]), label, last: version, type });
}

function historyOf(published: readonly PublishedOutline[]): History {
  const history: History = {
    latest: Math.max(0, ...published.map((p) => p.version)),
    caseTypes: new Map(),
    questions: new Map(),
    current: new Map(),
  };
  for (const { version, outline } of published)
    for (const caseType of outline.caseTypes) {
      note(history.caseTypes, caseType.id, caseType.label, version);
      for (const question of caseType.questions) {
        note(
          history.questions,
          key(caseType.id, question.id),
          question.label,
          version,
          question.type,
        );
        if (version === history.latest)
          history.current.set(key(caseType.id, question.id), question);
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
  const history = historyOf(published);
  const issues: StudioIssue[] = [];
  const issue = (path: StudioIssue['path'], message: string) =>
    issues.push({ path, message, rule: 'ids' });
  for (const caseType of next.caseTypes) {
    const at = ['caseTypes', caseType.at] as const;
    const seen = history.caseTypes.get(caseType.id);
    if (seen && seen.last < history.latest && !seen.labels.has(caseType.label)) {
      const taken = new Set(history.caseTypes.keys());
      issue(
        [...at, 'id'],
        `The case type "${caseType.label}" cannot have the id "${caseType.id}": that was the case type "${seen.label}" until version ${String(seen.last)}, and a retired id is never given to another case type, so the platform never files two kinds of enquiry as one. Give it a new id, such as "${proposeId(caseType.label, taken, 'case_type')}".`,
      );
    }
    for (const question of caseType.questions) {
      const where = [...at, 'questions', question.at] as const;
      const named = `"${question.label}" (${question.id}) in "${caseType.label}"`;
      const was = history.questions.get(key(caseType.id, question.id));
      if (!was) continue;
      if (!familyOf(was.type).includes(question.type) && question.type !== '') {
        const allowed = familyOf(was.type).map(typeWords).join(' or ');
        issue(
          [...where, 'type'],
          `${named} was published as ${typeWords(was.type)}: a published question keeps its kind of answer, so the platform never files another kind under its id. Make it ${allowed} again, or retire it and add a new question.`,
        );
      }
      if (was.last < history.latest && !was.labels.has(question.label)) {
        const taken = new Set(
          [...history.questions.keys()]
            .filter((k) => k.startsWith(key(caseType.id, '')))
            .map((k) => k.slice(caseType.id.length + 1)),
        );
        for (const other of caseType.questions) taken.add(other.id);
        issue(
          [...where, 'id'],
          `"${question.label}" in "${caseType.label}" cannot have the id "${question.id}": that was the question "${was.label}" until version ${String(was.last)}, and a retired id is never given to another question, so the platform never mixes their answers. Give it a new id, such as "${proposeId(question.label, taken)}".`,
        );
      }
      const current = history.current.get(key(caseType.id, question.id));
      if (current) issues.push(...valueChanges(current, question, named, where));
    }
  }
  return issues;
}

/** Options of `next` that give a label `current` had to another value in place of its own. */
function valueChanges(
  current: QuestionOutline,
  next: QuestionOutline,
  named: string,
  where: readonly (string | number)[],
): StudioIssue[] {
  const values = new Set(next.options.map((option) => option.value));
  const published = new Set(current.options.map((option) => option.value));
  return next.options.flatMap((option, k): StudioIssue[] => {
    if (published.has(option.value)) return [];
    const was = current.options.find(
      (old) => old.label === option.label && old.value !== option.value && !values.has(old.value),
    );
    if (!was) return [];
    return [
      {
        path: [...where, 'options', k],
        rule: 'ids',
        message: `The option "${option.label}" of ${named} was published with the stored value "${was.value}", which it keeps: enquiries already hold it. Only its label may change: write it as {"value": "${was.value}", "label": "${option.label}"}.`,
      },
    ];
  });
}
