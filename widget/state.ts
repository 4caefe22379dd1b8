/**
 * Where the form stands, as one value the template switches on (after `@lit/task`'s
 * `TaskStatus`): the element never holds flags that could disagree, such as "sending" and
 * "sent" at once, or a failure left over from a send that has since succeeded.
 */
import type { ControllerHost } from './element-base.ts';
import type { ShownIssue } from './issues.ts';
import type { EnquirySubmittedDetail } from './late/submission.ts';

/** What a failed send says, and that the visitor can send again. */
export interface FailureView {
  message: string;
  /** The reference to quote, shown unbroken and selectable (a refusal has one). */
  reference?: string | undefined;
}

/**
 * - `loading`: the configuration is on its way; `unavailable`: it could not be loaded.
 * - `idle`: the form, ready to fill in. `invalid`: the form with what to put right.
 * - `sending`: the enquiry is on its way (`progress` once the browser reports bytes sent;
 *   `offline` while the browser has no connection, and it waits for one).
 * - `failed`: it did not get through; everything typed is still there.
 * - `delivered` / `queued`: the proxy has it (delivered to the firm, or stored to be).
 */
export type FormStatus =
  | { kind: 'loading' }
  /** `not-allowed`: this page's origin may not use the form (a site owner's setting). */
  | { kind: 'unavailable'; reason: 'network' | 'not-allowed' }
  | { kind: 'idle' }
  | { kind: 'invalid'; issues: readonly ShownIssue[] }
  | { kind: 'sending'; progress: number | undefined; offline?: boolean }
  | { kind: 'failed'; failure: FailureView }
  | { kind: 'delivered' | 'queued'; result: EnquirySubmittedDetail };

/** The one place the status lives; a change renders the element again. */
export class FormState {
  #status: FormStatus = { kind: 'loading' };
  readonly #host: ControllerHost;

  constructor(host: ControllerHost) {
    this.#host = host;
  }

  /** The current status. */
  get status(): FormStatus {
    return this.#status;
  }

  /** Moves to `status` and renders. */
  set(status: FormStatus): void {
    this.#status = status;
    this.#host.requestUpdate();
  }

  /** True while an enquiry is on its way: a second press of "Send" is ignored. */
  get sending(): boolean {
    return this.#status.kind === 'sending';
  }

  /** The problems to show beside the fields (none unless `invalid`). */
  get issues(): readonly ShownIssue[] {
    return this.#status.kind === 'invalid' ? this.#status.issues : [];
  }
}
