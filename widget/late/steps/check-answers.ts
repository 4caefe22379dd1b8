/**
 * "Check your answers": every answer the enquiry will send, step by step, each with a "Change"
 * that leads to its step. Built from the same visible questions as the enquiry itself, so an
 * answer whose question a `showIf` has since hidden is neither shown here nor sent.
 */
import {
  answerTo,
  CONTACT_FIELDS,
  consentText,
  type Answer,
  type FormStep,
  type PublicFormConfig,
  type Question,
  type StepKey,
} from '#contract';
import type { Values } from '../../draft.ts';
import type { Translator } from '../../i18n.ts';
import type { StepsView } from '../ports.ts';
import { css, html } from '../lit-tags.ts';

/** What the summary reads: the configuration, what was typed and chosen, and the steps. */
export interface CheckAnswersView {
  config: PublicFormConfig;
  values: Values;
  steps: StepsView;
  caseTypeFixed: boolean;
  fileNames: readonly string[];
  /** A day in the form's language, as the page's or browser's region writes it (`../dates.ts`). */
  date(at: number, timeZone: string): string;
  /** The time picker, once loaded: it writes an appointment's time on the visitor's clock. */
  booking: { answerText(answer: string): string } | undefined;
}

type Row = readonly [label: string, value: string];

/**
 * A date as the visitor's language writes it ("1 October 2026", "1 Hydref 2026"), not as the
 * date field holds it (`2026-10-01`): `view.date` writes it as the page's or the browser's region
 * does (`../dates.ts`). Read and written in UTC, so no time zone moves it a day.
 */
function dateText(value: string, view: CheckAnswersView): string {
  // The step's Continue held the answer to the rules (a real date, `yyyy-mm-dd`), as a send does.
  const date = new Date(`${value}T00:00Z`);
  return Number.isNaN(date.getTime()) ? value : view.date(date.getTime(), 'UTC');
}

/**
 * An answer in words: the options chosen, "Yes" or "No" for a lone box, a date as the visitor's
 * language writes it, an appointment's time on the visitor's clock, "Not given" for none.
 */
function answerText(
  question: Question,
  answer: Answer | undefined,
  t: Translator,
  view: CheckAnswersView,
): string {
  if (question.type === 'checkbox' && !question.options)
    return t.text(answer === 'Yes' ? 'yes' : 'no');
  if (question.type === 'date' && typeof answer === 'string') return dateText(answer, view);
  if (question.type === 'appointment' && typeof answer === 'string')
    return view.booking?.answerText(answer) ?? answer;
  return [answer ?? ''].flat().join(', ');
}

/** The rows of one step, in the order the step shows its fields. */
function rowsOf(step: FormStep, view: CheckAnswersView, t: Translator): Row[] {
  const { config, values } = view;
  if (step.key === 'contact')
    return CONTACT_FIELDS.filter(
      (field) => field === 'forename' || config.contact[field] !== 'hidden',
    ).map((field) => [t.text(field), values[field]]);
  if (step.key === 'files') return [[t.text('step.files'), view.fileNames.join(', ')]];
  if (step.key === 'consent')
    return (config.consent?.statements ?? []).map((statement) => [
      consentText(statement.label),
      t.text(values.consent[statement.id] === true ? 'yes' : 'no'),
    ]);
  const caseType = config.caseTypes.find((c) => c.id === values.case_type);
  const questions = caseType?.questions.filter((q) => step.questions.includes(q.id)) ?? [];
  return [
    ...(step.key === 'q0' && !view.caseTypeFixed
      ? [[t.text('case_type'), caseType?.label ?? ''] as const]
      : []),
    ...questions.map(
      (q) => [q.label, answerText(q, answerTo(values.answers, q.id), t, view)] as const,
    ),
  ];
}

/** The summary, one group per step, each answer with its "Change". */
export function checkAnswers(
  view: CheckAnswersView,
  t: Translator,
  change: (step: StepKey) => void,
) {
  const title = (step: FormStep) =>
    view.steps.part.stepTitle(step, (key) => t.text(key as 'step.q'));
  return html`<div class="check-answers">
    ${view.steps.all
      .filter((step) => step.key !== 'check')
      .map(
        (step) =>
          html`<h3 class="check-answers__title">${title(step)}</h3>
            <dl class="check-answers__list">
              ${rowsOf(step, view, t).map(
                ([label, value]) =>
                  html`<div class="check-answers__row">
                    <dt class="check-answers__label">${label}</dt>
                    <dd class="check-answers__value">${value || t.text('notGiven')}</dd>
                    <dd class="check-answers__change">
                      <button
                        class="link-button"
                        type="button"
                        @click=${() => {
                          change(step.key);
                        }}
                      >
                        ${t.text('change')}<span class="visually-hidden"> ${label}</span>
                      </button>
                    </dd>
                  </div>`,
              )}
            </dl>`,
      )}
  </div>`;
}

/** Styles of `.check-answers` and its "Change" buttons, which look like links. */
export const checkAnswersStyles = css`
  .check-answers__title {
    margin: var(--_space) 0 calc(var(--_space) / 2);
    font-size: 1.15em;
  }
  .check-answers__list {
    margin: 0 0 var(--_space);
    max-width: 40em;
  }
  .check-answers__row {
    display: flex;
    flex-wrap: wrap;
    gap: 5px 20px;
    padding: 10px 0;
    border-bottom: 1px solid var(--_border);
  }
  .check-answers__label {
    flex: 1 1 12em;
    font-weight: bold;
  }
  .check-answers__value {
    flex: 2 1 12em;
    margin: 0;
    white-space: pre-wrap;
  }
  .check-answers__change {
    margin: 0;
  }
  .link-button {
    padding: 0;
    font: inherit;
    color: inherit;
    text-decoration: underline;
    background: none;
    border: 0;
    cursor: pointer;
    min-height: 24px;
  }
  .link-button:focus {
    outline: 3px solid transparent;
    color: var(--_focus-text);
    background: var(--_focus);
    box-shadow:
      0 -2px var(--_focus),
      0 4px var(--_focus-text);
    text-decoration: none;
  }
`;
