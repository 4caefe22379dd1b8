/**
 * The whole form, top to bottom, in the order a visitor meets it: what went wrong, who they are,
 * what it is about, the questions, then the end both renderers draw in the contract's order
 * (`FORM_END`: the privacy notice, the consent statements, "Send me a copy", the honeypot, the
 * files), the security check, and the send button.
 */
import { html, nothing } from 'lit/html.js';
import { FORM_END, HONEYPOT, visibleQuestions, type PublicFormConfig } from '#contract';
import { issuesAt } from '../issues.ts';
import type { LateParts } from '../late/index.ts';
import type { FormStatus } from '../state.ts';
import { describedBy, fieldClass, hintAndError, type FieldFrame } from './field-parts.ts';
import { consentStatements, privacyNotice, sendCopyBox } from './consent.ts';
import { caseTypeField, contactFields, questionField, type FieldsView } from './fields.ts';
import { filesField, type FilesActions, type FilesView } from './files.ts';
import { notice } from './notice.ts';
import type { StepsView } from '../late/ports.ts';

/** What the form shows: the configuration, the values, and where the form stands. */
export interface FormView extends Omit<FieldsView, 'errorsAt'> {
  config: PublicFormConfig;
  /** True when the case type is fixed (by the `case-type` attribute, or by there being one). */
  caseTypeFixed: boolean;
  /** Any status in which the form itself is shown. */
  status: Extract<FormStatus, { kind: 'idle' | 'invalid' | 'sending' | 'failed' }>;
  files: Omit<FilesView, 't' | 'limits' | 'picker' | 'errors'> & {
    /** Why files were just refused: shown under the picker before any send. */
    notices: readonly string[];
  };
  challenge: boolean;
  /** The check's script could not be loaded. */
  challengeFailed: boolean;
  /** The blocks of the late bundle, once it has loaded (a send needs it first). */
  blocks: LateParts['blocks'] | undefined;
  /** In a form in steps (`"steps"`): every step, the one shown, and the part that draws them. */
  steps?: StepsView | undefined;
  /**
   * False for a form's first frame: only its top (what went wrong, who they are); the rest comes
   * later into the same form, so what the visitor typed or focused meanwhile stays.
   */
  whole: boolean;
}

/** What the form's controls do. */
export interface FormActions extends FilesActions {
  submit: (event: Event) => void;
  input: (event: Event) => void;
  follow: (event: Event) => void;
  retry: () => void;
  retryChallenge: () => void;
  /** To the step before, in a form in steps. */
  back: () => void;
}

/** The form, in the order a visitor meets it; in a form in steps, the step shown. */
export function formTemplate(view: FormView, on: FormActions) {
  const { t, config, values, status, steps } = view;
  const issues = status.kind === 'invalid' ? status.issues : [];
  const sending = status.kind === 'sending';
  const fields: FieldsView = {
    t,
    values,
    errorsAt: (id) => issuesAt(issues, id),
    belowControl: view.blocks?.belowControl,
  };
  const shown = steps?.shown;
  // What a step shows; without steps, everything.
  const has = (key: string) => !shown || shown.key === key;
  const last = has('check');
  const caseType = config.caseTypes.find((c) => c.id === values.case_type);
  const submit = html`<button
    class="button"
    type="submit"
    part="submit-button"
    aria-disabled=${sending ? 'true' : nothing}
  >
    ${t.text(last ? 'submit' : 'continue')}
  </button>`;
  const consent = has('consent') ? config.consent : undefined;
  const end: Record<(typeof FORM_END)[number], unknown> = {
    privacyNotice: privacyNotice(consent),
    consentStatements: consentStatements(consent, values.consent, fields.errorsAt, t),
    sendCopy:
      has('consent') && config.confirmation?.optIn ? sendCopyBox(values.sendCopy, t) : nothing,
    honeypot: last ? honeypot(view) : nothing,
    files:
      config.files.maxFiles > 0 && has('files')
        ? filesField(
            {
              ...view.files,
              t,
              limits: config.files,
              picker: config.picker,
              errors: [...new Set([...view.files.notices, ...fields.errorsAt('files')])],
            },
            on,
          )
        : nothing,
  };
  const rest = html`${view.caseTypeFixed || !has('q0') ? nothing : caseTypeField(config, fields)}
  ${
    caseType
      ? visibleQuestions(caseType, values.answers)
          .filter((q) => !shown || shown.questions.includes(q.id))
          .map((q) => questionField(q, fields))
      : nothing
  }
  ${FORM_END.map((part) => end[part])} ${shown && last ? view.blocks?.checkAnswers(t) : nothing}
  ${view.challenge && last ? challengeField(fields, view, on) : nothing}
  ${sending ? view.blocks?.progressBlock(status, t) : nothing}
  ${steps ? steps.part.stepButtons(steps, submit, t, on.back) : submit}`;
  return html`<form
    class="form"
    part="form"
    novalidate
    aria-busy=${view.whole ? nothing : 'true'}
    @submit=${on.submit}
    @input=${on.input}
  >
    ${view.blocks?.errorSummary(issues, t, on.follow)}
    ${steps ? steps.part.stepHeading(steps, t) : nothing}
    ${
      status.kind === 'failed'
        ? (view.blocks?.failureNotice(status.failure, t, on.retry, config.firm) ??
          notice(status.failure.message, { label: t.text('retry'), press: on.retry }))
        : nothing
    }
    ${has('contact') ? contactFields(config, fields) : nothing} ${view.whole ? rest : nothing}
  </form>`;
}

/** The honeypot, as the contract says it is drawn (`HONEYPOT`: why each attribute). */
function honeypot({ t }: FormView) {
  return html`<div class="honeypot" aria-hidden="true">
    <label for=${HONEYPOT.name}>${t.text('honeypot')}</label>
    <input
      id=${HONEYPOT.name}
      name=${HONEYPOT.name}
      type="text"
      tabindex=${HONEYPOT.tabindex}
      autocomplete=${HONEYPOT.autocomplete}
    />
  </div>`;
}

/**
 * Where the Turnstile check (light DOM, see `challenge.ts`) appears, with its error; when its
 * script could not load, the late bundle's block that says so, with a button that loads it again
 * (the error summary's link leads to that button). Only the late bundle asks for the check.
 */
function challengeField(fields: FieldsView, view: FormView, on: FormActions) {
  const { t } = fields;
  const id = 'turnstile_token';
  const frame: FieldFrame = {
    id,
    label: '',
    optional: false,
    required: false,
    errors: fields.errorsAt(id),
  };
  return html`<div class=${fieldClass(frame)} part="field">
    ${hintAndError(frame, t)}
    ${
      view.challengeFailed
        ? view.blocks?.challengeFailed(id, describedBy(frame), t, on.retryChallenge)
        : nothing
    }
    <slot name="challenge"></slot>
  </div>`;
}
