/**
 * What going from one configuration to another changes for the platform, in plain words, as
 * publishing and the studio's compare show it: case types and questions added, retired or
 * renamed, options added, retired or relabelled (by their stored value), and what else changed
 * (hints, steps, consent…), which files no answer under a new id. Pure, over two outlines.
 */
import type { PlatformChange } from './form-studio.ts';
import type { CaseTypeOutline, FormOutline, QuestionOutline } from './form-outline.ts';

/** The keys of `a` and `b` whose values differ, leaving out `except`. */
function changedKeys(
  a: Readonly<Record<string, unknown>>,
  b: Readonly<Record<string, unknown>>,
  except: readonly string[],
): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys]
    .filter((k) => !except.includes(k) && JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .sort();
}

const listed = (words: readonly string[]) =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

function questionChanges(
  caseType: CaseTypeOutline,
  from: QuestionOutline,
  to: QuestionOutline,
): PlatformChange[] {
  const base = { caseType: caseType.id, question: to.id };
  const named = `"${to.label}" (${to.id}) in "${caseType.label}"`;
  const changes: PlatformChange[] = [];
  if (from.label !== to.label)
    changes.push({
      ...base,
      kind: 'label changed',
      words: `"${from.label}" (${to.id}) in "${caseType.label}" is now asked as "${to.label}": its answers go to the platform under ${to.id}, as before.`,
    });
  const before = new Map(from.options.map((o) => [o.value, o.label]));
  const after = new Set(to.options.map((o) => o.value));
  for (const option of to.options) {
    const label = before.get(option.value);
    if (label === undefined)
      changes.push({
        ...base,
        kind: 'option added',
        words: `${named} offers a new option, "${option.label}".`,
      });
    else if (label !== option.label)
      changes.push({
        ...base,
        kind: 'option label changed',
        words: `The option "${label}" of ${named} now reads "${option.label}" (its stored value stays "${option.value}").`,
      });
  }
  for (const option of from.options)
    if (!after.has(option.value))
      changes.push({
        ...base,
        kind: 'option retired',
        words: `${named} no longer offers "${option.label}".`,
      });
  const other = changedKeys(from.written, to.written, ['id', 'options']).filter(
    (k) => k !== 'label' || from.label === to.label,
  );
  if (other.length > 0)
    changes.push({
      ...base,
      kind: 'other',
      words: `${named} changes its ${listed(other.map((k) => (k === 'label' ? 'label’s translations' : k)))}.`,
    });
  return changes;
}

/** Whether an earlier version had a case type (and one of its questions): it comes back. */
type Had = (caseType: string, question?: string) => boolean;

function caseTypeChanges(from: CaseTypeOutline, to: CaseTypeOutline, had: Had): PlatformChange[] {
  const changes: PlatformChange[] = [];
  if (from.label !== to.label)
    changes.push({
      kind: 'case type renamed',
      caseType: to.id,
      words: `The case type "${from.label}" (${to.id}) is now called "${to.label}": its enquiries go to the platform as ${to.id}, as before.`,
    });
  const before = new Map(from.questions.map((q) => [q.id, q]));
  const after = new Set(to.questions.map((q) => q.id));
  for (const question of to.questions) {
    const was = before.get(question.id);
    if (was) changes.push(...questionChanges(to, was, question));
    else
      changes.push({
        kind: 'question added',
        caseType: to.id,
        question: question.id,
        // An earlier version had it (a rollback): the question returns, its id as it was.
        words: had(to.id, question.id)
          ? `The question "${question.label}" (${question.id}) in "${to.label}" comes back, as that version had it: the platform files its answers under ${question.id} again.`
          : `New question "${question.label}" (${question.id}) in "${to.label}".`,
      });
  }
  for (const question of from.questions)
    if (!after.has(question.id))
      changes.push({
        kind: 'question retired',
        caseType: to.id,
        question: question.id,
        words: `"${question.label}" (${question.id}) in "${to.label}" is retired: the platform keeps its answers, and ${question.id} is never given to another question.`,
      });
  // The questions both have, in each one's order: moved when these differ.
  const kept = (c: CaseTypeOutline, other: CaseTypeOutline) =>
    c.questions
      .filter((q) => other.questions.some((o) => o.id === q.id))
      .map((q) => q.id)
      .join();
  const other = changedKeys(from.written, to.written, ['id', 'label', 'questions']);
  if (kept(from, to) !== kept(to, from)) other.push('order of questions');
  if (other.length > 0)
    changes.push({
      kind: 'other',
      caseType: to.id,
      words: `"${to.label}" changes its ${listed(other)}.`,
    });
  return changes;
}

/**
 * The changes from `from` to `to`, case type by case type in `to`'s order, then those retired,
 * then what changed for the whole form. What `to` has and `from` has not comes back, rather than
 * being new, where one of the `earlier` versions (those up to `from`) had it: a rollback's.
 *
 * @example platformChanges(outlineOf(v1), outlineOf(v2))[0]?.words // 'New question "Which lender?" (lender) in "Buying or selling a property".'
 */
export function platformChanges(
  from: FormOutline,
  to: FormOutline,
  earlier: readonly FormOutline[] = [],
): PlatformChange[] {
  const had: Had = (caseType, question) =>
    earlier.some((version) =>
      version.caseTypes.some(
        (c) =>
          c.id === caseType &&
          (question === undefined || c.questions.some((q) => q.id === question)),
      ),
    );
  const before = new Map(from.caseTypes.map((c) => [c.id, c]));
  const after = new Set(to.caseTypes.map((c) => c.id));
  const changes: PlatformChange[] = [];
  for (const caseType of to.caseTypes) {
    const was = before.get(caseType.id);
    const back = had(caseType.id);
    if (was) changes.push(...caseTypeChanges(was, caseType, had));
    else
      changes.push({
        kind: 'case type added',
        caseType: caseType.id,
        words: `${back ? 'The case type' : 'New case type'} "${caseType.label}" (${caseType.id})${back ? ' comes back' : ''}, with ${String(caseType.questions.length)} question${caseType.questions.length === 1 ? '' : 's'}.`,
      });
  }
  for (const caseType of from.caseTypes)
    if (!after.has(caseType.id))
      changes.push({
        kind: 'case type retired',
        caseType: caseType.id,
        words: `The case type "${caseType.label}" (${caseType.id}) is retired: visitors can no longer choose it, and ${caseType.id} is never given to another case type.`,
      });
  const other = changedKeys(from.written, to.written, ['caseTypes']);
  if (other.length > 0)
    changes.push({ kind: 'other', caseType: '', words: `The form changes its ${listed(other)}.` });
  return changes;
}
