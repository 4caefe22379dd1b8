/**
 * The studio's pages as parts of the configuration: each has its address, its heading, where its
 * value sits in the file (`root`, and the keys of it the page edits, `owns`) and its fields.
 * Every page of a draft is listed here once (`allParts`), so a problem's JSON path finds its page
 * and its field (`locate.ts`), and a missing translation is found wherever it is.
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
import {
  confirmationFields,
  confirmationStored,
  confirmationView,
  consentFields,
  consentStored,
  contactFields,
  contactStored,
  filesFields,
  otherFields,
  otherStored,
  otherView,
} from './part-settings.ts';
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

/** The steps of the whole form (`c` undefined) or of case type `c`. */
export function stepsPart(config: unknown, c?: number): StudioPart {
  const languages = languagesOf(config);
  const caseTypes = listAt(config, ['caseTypes']);
  const choices =
    c === undefined
      ? caseTypes.flatMap((caseType, n) =>
          stepChoices(caseType, languages, `${caseTypeName(config, n)}: `),
        )
      : stepChoices(caseTypes[c], languages);
  return {
    url: c === undefined ? `${FORM_URL}/steps` : `${caseTypeUrl(c)}/steps`,
    title: c === undefined ? 'Steps' : `Steps of “${caseTypeName(config, c)}”`,
    root: c === undefined ? [] : ['caseTypes', c],
    owns: ['steps'],
    fields: stepsFields(choices, languages),
    view: stepsView,
    stored: stepsStored,
  };
}

/** The pages of the form's own settings, by the part of the address after `/admin/form/`. */
export function settingsPart(
  config: unknown,
  page: string,
  published: Published,
): StudioPart | undefined {
  const languages = languagesOf(config);
  switch (page) {
    case 'contact':
      return {
        url: `${FORM_URL}/contact`,
        title: 'Contact details',
        root: [],
        owns: ['contact', 'phone'],
        fields: contactFields(),
        stored: contactStored,
      };
    case 'files':
      return { url: `${FORM_URL}/files`, title: 'Files', root: ['files'], fields: filesFields() };
    case 'consent':
      return {
        url: `${FORM_URL}/consent`,
        title: 'Consent and privacy notice',
        root: ['consent'],
        fields: consentFields(published, languages),
        stored: consentStored,
      };
    case 'confirmation':
      return {
        url: `${FORM_URL}/confirmation`,
        title: 'Confirmation email',
        root: ['confirmation'],
        fields: confirmationFields(),
        view: confirmationView,
        stored: confirmationStored,
      };
    case 'settings':
      return {
        url: `${FORM_URL}/settings`,
        title: 'The firm and other settings',
        root: [],
        owns: ['firm', 'thankYouUrl', 'caseTypeRadiosUpTo', 'analytics'],
        fields: otherFields(config, languages),
        view: otherView,
        stored: otherStored,
      };
    case 'steps':
      return stepsPart(config);
    default:
      return undefined;
  }
}

/** The settings pages, in the order the form's page lists them. */
const SETTINGS_PAGES = [
  'contact',
  'steps',
  'consent',
  'files',
  'confirmation',
  'settings',
] as const;

/** Every page of the draft that edits a part of it, from the most nested out. */
export function allParts(config: unknown, published: Published): StudioPart[] {
  const caseTypes = listAt(config, ['caseTypes']);
  return [
    ...caseTypes.flatMap((caseType, c) =>
      listAt(caseType, ['questions']).map((_, q) => questionPart(config, c, q, published)),
    ),
    ...caseTypes.flatMap((_, c) => [stepsPart(config, c), caseTypePart(config, c, published)]),
    ...SETTINGS_PAGES.flatMap((page) => settingsPart(config, page, published) ?? []),
  ];
}
