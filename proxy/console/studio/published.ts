/**
 * What the version visitors are served has made fixed: the ids the platform files answers under.
 * A case type's, a question's and a consent statement's id, and a question's options' stored
 * values, are shown in the studio as they are once published (their labels may change), so an
 * editor cannot change what the platform already holds; the store refuses it too (the id rules
 * of `proxy/studio/form-studio.ts`).
 */
import { isRecord, listAt, shownAt } from './raw-config.ts';

/** The ids and values of one published configuration. */
export interface Published {
  /** Its version, for the words that say why an id is fixed. */
  version: number;
  caseType(id: unknown): boolean;
  question(caseType: unknown, id: unknown): boolean;
  option(caseType: unknown, question: unknown, value: unknown): boolean;
  statement(id: unknown): boolean;
}

/** An option's stored value as the file writes it: the string, or `value`. */
export const optionValue = (option: unknown): unknown => (isRecord(option) ? option.value : option);

/** What `config` (a published version's, as its file holds it) has made fixed. */
export function publishedOf(config: unknown, version: number): Published {
  const caseTypes = new Map<string, Map<string, Set<string>>>();
  for (const caseType of listAt(config, ['caseTypes'])) {
    const questions = new Map<string, Set<string>>();
    for (const question of listAt(caseType, ['questions'])) {
      const values = listAt(question, ['options'])
        .map(optionValue)
        .filter((v) => typeof v === 'string');
      questions.set(shownAt(question, ['id']), new Set(values));
    }
    caseTypes.set(shownAt(caseType, ['id']), questions);
  }
  const statements = new Set(
    listAt(config, ['consent', 'statements']).map((s) => shownAt(s, ['id'])),
  );
  const questionsOf = (caseType: unknown) =>
    typeof caseType === 'string' ? caseTypes.get(caseType) : undefined;
  return {
    version,
    caseType: (id) => typeof id === 'string' && caseTypes.has(id),
    question: (caseType, id) => typeof id === 'string' && questionsOf(caseType)?.has(id) === true,
    option: (caseType, question, value) =>
      typeof question === 'string' &&
      typeof value === 'string' &&
      questionsOf(caseType)?.get(question)?.has(value) === true,
    statement: (id) => typeof id === 'string' && statements.has(id),
  };
}

/** Nothing published yet (a studio without versions: never, but a page must draw). */
export const NOTHING_PUBLISHED: Published = publishedOf({}, 0);

/** Why a fixed id cannot change, in words. */
export const fixedBecause = (published: Published, what: string): string =>
  `Fixed: ${what} is live in version ${String(published.version)}, and the platform files answers under it.`;
