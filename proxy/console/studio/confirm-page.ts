/**
 * The studio's pages that ask before they act, as GOV.UK Forms asks before "Make your changes
 * live": a page of its own saying what will happen, a yes/no question, and Continue. Used to make
 * the draft live, to roll back to an earlier version, to discard the draft, and to remove a case
 * type or a question. A small form to add a case type or a question is here too.
 */
import { html } from 'hono/html';
import { csrfField, type Html } from '../pages/layout.ts';
import { backLink, errorSummary } from './studio-frame.ts';

/** A question answered yes or no before an action. */
export interface ConfirmData {
  title: string;
  /** The question, as the radios' legend. */
  question: string;
  /** What will happen, drawn above the question. */
  details: Html;
  action: string;
  csrf: string;
  /** Hidden fields the action needs (the draft's revision, the part as drawn). */
  hidden?: Readonly<Record<string, string | number>>;
  back: { href: string; words: string };
  /** No answer was chosen: said beside the question. */
  unanswered?: boolean;
}

/** The page's content. */
export function confirmPage(data: ConfirmData): Html {
  const error = data.unanswered ? 'Choose yes or no.' : undefined;
  return html`${backLink(data.back.href, data.back.words)}
    ${errorSummary('There is a problem', error ? [{ href: '#confirm-yes', text: error }] : [], true)}
    <h1>${data.title}</h1>
    ${data.details}
    <form method="post" action="${data.action}" class="studio-form" novalidate>
      ${csrfField(data.csrf)}
      ${Object.entries(data.hidden ?? {}).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`)}
      <fieldset
        class="field choices${error ? ' invalid' : ''}"
        ${error ? html`aria-describedby="confirm-error"` : ''}
      >
        <legend class="question">${data.question}</legend>
        ${error ? html`<p class="error" id="confirm-error"><span class="visually-hidden">Error:</span> ${error}</p>` : ''}
        <div class="choice">
          <input type="radio" id="confirm-yes" name="confirm" value="yes" />
          <label for="confirm-yes">Yes</label>
        </div>
        <div class="choice">
          <input type="radio" id="confirm-no" name="confirm" value="no" />
          <label for="confirm-no">No</label>
        </div>
      </fieldset>
      <div class="actions"><button type="submit" class="primary">Continue</button></div>
    </form>`;
}

/** The form that adds a case type or a question: its name in the firm's language (and a type). */
export interface AddData {
  title: string;
  label: string;
  hint: string;
  action: string;
  csrf: string;
  back: { href: string; words: string };
  /** The types to choose from, for a question. */
  types?: readonly { value: string; label: string }[];
  typed?: { label?: string | undefined; type?: string | undefined };
  problem?: string | undefined;
}

/** The add page's content. */
export function addPage(data: AddData): Html {
  const problem = data.problem;
  return html`${backLink(data.back.href, data.back.words)}
    ${errorSummary('There is a problem', problem ? [{ href: '#add-label', text: problem }] : [], true)}
    <h1>${data.title}</h1>
    <form method="post" action="${data.action}" class="studio-form" novalidate>
      ${csrfField(data.csrf)}
      <div class="field${problem ? ' invalid' : ''}">
        <label for="add-label">${data.label}</label>
        <p class="hint" id="add-label-hint">${data.hint}</p>
        ${problem ? html`<p class="error" id="add-label-error"><span class="visually-hidden">Error:</span> ${problem}</p>` : ''}
        <input
          id="add-label"
          name="label"
          value="${data.typed?.label ?? ''}"
          aria-describedby="add-label-hint${problem ? ' add-label-error' : ''}"
          ${problem ? html`aria-invalid="true"` : ''}
        />
      </div>
      ${
        data.types
          ? html`<fieldset class="field choices">
              <legend>Type of answer</legend>
              ${data.types.map(
                (type, i) =>
                  html`<div class="choice">
                    <input
                      type="radio"
                      id="add-type-${i}"
                      name="type"
                      value="${type.value}"
                      ${type.value === (data.typed?.type ?? 'text') ? 'checked' : ''}
                    />
                    <label for="add-type-${i}">${type.label}</label>
                  </div>`,
              )}
            </fieldset>`
          : ''
      }
      <div class="actions"><button type="submit" class="primary">Add</button></div>
    </form>`;
}
