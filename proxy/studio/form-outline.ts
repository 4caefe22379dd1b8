/**
 * What the id rules and the changes for the platform read of a configuration: its case types
 * and their questions, by id, with their labels in the firm's language (the first of
 * `"languages"`: what the platform reads), their types and their options' stored values. Read
 * from the configuration as written (texts in several languages, options as `{"value",
 * "label"}`), and forgiving: a draft may not pass the schema yet, and what cannot be read is
 * left out, for the schema's check to name.
 */

/** One option: the value stored and sent, and its label in the firm's language. */
export interface OptionOutline {
  value: string;
  label: string;
}

/** One question: where it is, its id, label, type and options. */
export interface QuestionOutline {
  /** Its index in its case type's `questions`. */
  at: number;
  id: string;
  label: string;
  type: string;
  options: readonly OptionOutline[];
  /** The question as written, for what else changed. */
  written: Readonly<Record<string, unknown>>;
}

/** One case type: where it is, its id, label and questions. */
export interface CaseTypeOutline {
  /** Its index in `caseTypes`. */
  at: number;
  id: string;
  label: string;
  questions: readonly QuestionOutline[];
  written: Readonly<Record<string, unknown>>;
}

/** A configuration's outline. */
export interface FormOutline {
  caseTypes: readonly CaseTypeOutline[];
  /** The configuration as written, for what else changed. */
  written: Readonly<Record<string, unknown>>;
}

type Written = Record<string, unknown>;

const isRecord = (value: unknown): value is Written =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A text in the firm's language: a plain string as it is; a translated one in `first`, else
 * in the first language it has.
 */
function textIn(first: string | undefined, text: unknown): string {
  if (typeof text === 'string') return text.trim();
  if (!isRecord(text)) return '';
  const chosen = (first !== undefined ? text[first] : undefined) ?? Object.values(text)[0];
  return typeof chosen === 'string' ? chosen.trim() : '';
}

function optionsOf(first: string | undefined, options: unknown): OptionOutline[] {
  if (!Array.isArray(options)) return [];
  return options.flatMap((option): OptionOutline[] => {
    if (typeof option === 'string') return [{ value: option.trim(), label: option.trim() }];
    if (isRecord(option) && typeof option.value === 'string')
      return [{ value: option.value.trim(), label: textIn(first, option.label) }];
    return [];
  });
}

const withId = (item: unknown): item is Written & { id: string } =>
  isRecord(item) && typeof item.id === 'string' && item.id !== '';

/**
 * The outline of a configuration as written (JSON), whatever shape it is in.
 *
 * @example outlineOf({ caseTypes: [{ id: 'buy', label: 'Buying', questions: [] }] }).caseTypes[0]?.label // 'Buying'
 */
export function outlineOf(config: unknown): FormOutline {
  const written = isRecord(config) ? config : {};
  const languages = written.languages;
  const first =
    Array.isArray(languages) && typeof languages[0] === 'string' ? languages[0] : undefined;
  const caseTypes = Array.isArray(written.caseTypes) ? written.caseTypes : [];
  return {
    written,
    caseTypes: caseTypes.flatMap((caseType: unknown, at): CaseTypeOutline[] => {
      if (!withId(caseType)) return [];
      const questions = Array.isArray(caseType.questions) ? caseType.questions : [];
      return [
        {
          at,
          id: caseType.id,
          label: textIn(first, caseType.label),
          written: caseType,
          questions: questions.flatMap((question: unknown, j): QuestionOutline[] =>
            withId(question)
              ? [
                  {
                    at: j,
                    id: question.id,
                    label: textIn(first, question.label),
                    type: typeof question.type === 'string' ? question.type : '',
                    options: optionsOf(first, question.options),
                    written: question,
                  },
                ]
              : [],
          ),
        },
      ];
    }),
  };
}
