/**
 * Problems as the visitor sees them: one sentence each, tied to the control it is about. The
 * widget's own checks and the proxy's `400`/`415` answers end up in this one shape (made by
 * `late/show-issue.ts`), so both are shown the same way: error summary and inline message.
 */

/** A problem as shown: its field, the control it belongs to, and its words. */
export interface ShownIssue {
  /** The contract's field name: `forename`, `answers.transaction`, `files[1]`, `form_token`... */
  field: string;
  /** What is wrong (`required`, `too_long`...), as the funnel reports it. */
  code?: string;
  /** The id of its control in the shadow root; none for what the visitor cannot change. */
  control: string | undefined;
  text: string;
}

/** The issues shown beside one control. */
export const issuesAt = (issues: readonly ShownIssue[], control: string) =>
  issues.filter((issue) => issue.control === control).map((issue) => issue.text);
