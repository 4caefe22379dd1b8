/**
 * What `GET /api/form` answers, made from the configuration file: the configuration itself (it
 * holds no secrets), the file picker ready to show, and the proxy's settings a form needs. The
 * proxy's route, the widget's test harness and the embed code's tests all make it here.
 */
import { slotsDependOn } from './booking.ts';
import { filePicker } from './limits.ts';
import { PICKER_STRINGS } from './strings.ts';
import type {
  CaseType,
  FormConfig,
  PublicCaseType,
  PublicFormConfig,
  PublicLanguageFields,
  Question,
} from './schemas/form-config.ts';

/**
 * The proxy's settings the form is told about (its bot checks, whether it saves drafts, its
 * `unfinished` block without the reminder while the mailer cannot send it).
 */
export type PublicSettings = Pick<
  PublicFormConfig,
  'turnstile' | 'minFillSeconds' | 'draftDays' | 'unfinished'
>;

/** The visitor's language, when the proxy answers in one (`http/form-language.ts`). */
export interface AnswerLanguage {
  /** The language the form is written in here (`cy`): the file kinds are listed in it. */
  lang: string;
  /** A plain text file's name in it (`kind.txt`). */
  textWord?: string;
  fields: PublicLanguageFields;
}

/**
 * The configuration as `GET /api/form` answers with it: without `routing` and `booking`, whose
 * teams, hours and people's addresses are the firm's own; an appointment question says which
 * answers choose its hosts (`slotsDependOn`).
 */
export function publicConfig(
  { routing, booking: _booking, ...config }: FormConfig,
  settings: PublicSettings = {},
  language?: AnswerLanguage,
): PublicFormConfig {
  const picker = filePicker(config.files.kinds, language?.lang, language?.textWord);
  const { converts } = picker;
  return {
    ...config,
    caseTypes: config.caseTypes.map((caseType) =>
      withSlotsDependOn(optionsAsShown(caseType), routing),
    ),
    picker,
    ...settings,
    // The widget's entry carries none of the hint's sentences on conversion: in English, the one
    // this form needs comes with it (another language's words hold them all).
    ...(converts ? { strings: { [converts]: PICKER_STRINGS[converts] } } : {}),
    ...language?.fields,
  };
}

/**
 * A visible question's options as the visitor reads them: a widget offers, compares and sends
 * what it is given, so it needs no translation of its own, and the intake takes a label back
 * as its value (`intake/option-values.ts`); its stored values go beside them (`optionValues`).
 * A `showIf` naming such an option names its label too. Hidden questions keep their values: the page gives those, and the visitor reads none.
 */
function optionsAsShown(caseType: CaseType): CaseType {
  const byId = new Map(caseType.questions.map((q) => [q.id, q]));
  const shown = (question: Question | undefined, value: string): string => {
    if (!question?.optionLabels || question.type === 'hidden') return value;
    return question.optionLabels[question.options?.indexOf(value) ?? -1] ?? value;
  };
  if (!caseType.questions.some((q) => q.optionLabels)) return caseType;
  return {
    ...caseType,
    questions: caseType.questions.map(({ optionLabels, ...question }) => {
      const target = question.showIf && byId.get(question.showIf.question);
      const equals = question.showIf?.equals;
      return {
        ...question,
        // The stored values beside the labels: a saved enquiry restores a choice by its value
        // (`drafts.ts`), whatever the language or wording of its label then.
        ...(optionLabels && question.type !== 'hidden'
          ? { options: optionLabels, optionValues: question.options }
          : {}),
        ...(question.showIf && equals !== undefined
          ? {
              showIf: {
                ...question.showIf,
                equals: Array.isArray(equals)
                  ? equals.map((v) => shown(target, v))
                  : shown(target, equals),
              },
            }
          : {}),
      };
    }),
  };
}

/** A case type whose appointment question names the questions that choose its hosts. */
function withSlotsDependOn(caseType: CaseType, routing: FormConfig['routing']): PublicCaseType {
  if (!caseType.questions.some((question) => question.type === 'appointment')) return caseType;
  const dependOn = slotsDependOn(caseType, routing);
  return {
    ...caseType,
    questions: caseType.questions.map((question) =>
      question.type === 'appointment' ? { ...question, slotsDependOn: dependOn } : question,
    ),
  };
}
