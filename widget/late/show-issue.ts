/**
 * Problems as the visitor sees them: one sentence each, tied to the control it is about. The
 * widget's own checks and the proxy's `400`/`415` answers end up in the same shape, so both
 * are shown the same way (error summary + inline message).
 */
import {
  CONTACT_FIELDS,
  formatBytes,
  type FieldIssue,
  type FormConfig,
  type MessageParams,
  type RuleIssue,
} from '#contract';
import type { Translator } from '../i18n.ts';
import type { ShownIssue } from '../issues.ts';

const CONTROLS: ReadonlySet<string> = new Set([...CONTACT_FIELDS, 'case_type', 'turnstile_token']);
const FILE_FIELD = /^files(?:\[\d+\])?$/;

/**
 * The id of the control an issue belongs to (ids in the shadow root are the field names), or
 * `undefined` for what the visitor cannot change (`marketing.*`): those are listed in the
 * summary without a link. (`form_token` issues are never shown: see `submit-controller.ts`.)
 */
export function controlOf(field: string): string | undefined {
  if (CONTROLS.has(field) || /^(answers|consent)\./.test(field)) return field;
  return FILE_FIELD.test(field) ? 'files' : undefined;
}

/**
 * An issue in the visitor's words: its `messageKey` in the site owner's strings, with the file
 * limit in the visitor's language. The one size a visitor's issue carries is that limit, in
 * bytes from the shared rules and in the proxy's answering language from the proxy (English for
 * a form in one language, whatever the page's), so it is written here from the form's limit
 * rather than by `paramsIn`, whose general case would cost the late bundle some 45 B.
 */
export function showIssue(issue: RuleIssue, t: Translator, files: FormConfig['files']): ShownIssue {
  const params =
    issue.code === 'file_too_big'
      ? { ...issue.params, max: formatBytes(files.maxFileBytes, t.locale) }
      : issue.params;
  return {
    field: issue.field,
    code: issue.code,
    control: controlOf(issue.field),
    text: t.text(issue.messageKey, params as MessageParams),
  };
}

/**
 * A proxy's issue in the visitor's words; the proxy's own (English) message when its key is not
 * one this widget knows (a newer proxy).
 */
export function showServerIssue(
  issue: FieldIssue,
  t: Translator,
  files: FormConfig['files'],
): ShownIssue {
  return t.has(issue.messageKey)
    ? showIssue(issue, t, files)
    : {
        field: issue.field,
        code: issue.code,
        control: controlOf(issue.field),
        text: issue.message,
      };
}
