/**
 * The studio's pages as parts of the configuration: each has its address, its heading, where its
 * value sits in the file (`root`, and the keys of it the page edits, `owns`) and its fields.
 * Every page of a draft is listed once (`allParts`, with the settings pages of
 * `settings-blocks.ts`), so a problem's JSON path finds its page and its field (`locate.ts`), and
 * a missing translation is found wherever it is.
 */
import type { Field } from './fields.ts';
import {
  caseTypeFields,
  stepChoices,
  stepsFields,
  stepsStored,
  stepsView,
} from './part-case-type.ts';
import { labelOf, questionFields } from './part-question.ts';
import type { Published } from './published.ts';
import { at, languagesOf, listAt, textIn, type Path, shownAt } from './raw-config.ts';

/** One page of the studio that edits a part of the configuration. */
export interface StudioPart {
  url: string;
  /** The page's heading (and its name in a list of problems). */
  title: string;
  /** Where its value sits in the file, and which keys of that value the page edits (all: none named). */
  root: Path;
  owns?: readonly string[];
  fields: readonly Field[];
  /** The value as the fields read it, when the file's shape is not theirs. */
  view?: (stored: unknown) => unknown;
  /** The value as the file holds it, from the fields' shape. */
  stored?: (view: unknown) => unknown;
  /** Where a place in the file (`root`'s value) is in the fields' shape, when they differ. */
  viewPath?: (path: Path, stored: unknown) => Path;
}

/** The studio's first page, and the start of every address of it. */
export const FORM_URL = '/admin/form';
/** A case type's page. */
export const caseTypeUrl = (c: number) => `${FORM_URL}/case-types/${String(c)}`;
/** A question's page. */
export const questionUrl = (c: number, q: number) => `${caseTypeUrl(c)}/questions/${String(q)}`;

/** A case type named for the studio's words. */
export const caseTypeName = (config: unknown, c: number): string => {
  const caseType = at(config, ['caseTypes', c]);
  return (
    textIn(at(caseType, ['label']), languagesOf(config)[0]).trim() ||
    shownAt(caseType, ['id']) ||
    `Case type ${String(c + 1)}`
  );
};

/** Question `q` of case type `c`'s page. */
export function questionPart(
  config: unknown,
  c: number,
  q: number,
  published: Published,
): StudioPart {
  const languages = languagesOf(config);
  const caseType = at(config, ['caseTypes', c]);
  const questions = listAt(caseType, ['questions']);
  const question = questions[q];
  return {
    url: questionUrl(c, q),
    title: `Question “${labelOf(question, languages) || shownAt(question, ['id']) || q + 1}”`,
    root: ['caseTypes', c, 'questions', q],
    fields: questionFields(question, {
      languages,
      caseType: at(caseType, ['id']),
      earlier: questions.slice(0, q),
      published,
    }),
  };
}

/** Case type `c`'s page (its own fields; its questions are listed there too). */
export const caseTypePart = (config: unknown, c: number, published: Published): StudioPart => ({
  url: caseTypeUrl(c),
  title: `Case type “${caseTypeName(config, c)}”`,
  root: ['caseTypes', c],
  owns: ['id', 'label'],
  fields: caseTypeFields(at(config, ['caseTypes', c]), published),
});

/** The steps of case type `c` (the whole form's are a settings page, `settings-blocks.ts`). */
export function stepsPart(config: unknown, c: number): StudioPart {
  const languages = languagesOf(config);
  return {
    url: `${caseTypeUrl(c)}/steps`,
    title: `Steps of “${caseTypeName(config, c)}”`,
    root: ['caseTypes', c],
    owns: ['steps'],
    fields: stepsFields(stepChoices(listAt(config, ['caseTypes'])[c], languages), languages),
    view: stepsView,
    stored: stepsStored,
  };
}
