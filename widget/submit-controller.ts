/**
 * The life of one press of "Send": check everything the proxy will check, send once (a double
 * click is ignored), and turn the outcome into what the visitor sees, hears and can do next.
 */
import type { LitElement } from 'lit';
import type { PublicFormConfig } from '#contract';
import { validateEnquiry } from '#contract';
import type { FormToken, SubmissionKey } from './draft.ts';
import { multipartBody, submissionFingerprint, type EnquiryDraftPart } from './enquiry-part.ts';
import { focusWhenRendered } from './focus.ts';
import type { Translator } from './i18n.ts';
import { showIssue, showServerIssue, type ShownIssue } from './issues.ts';
import {
  sendEnquiry,
  sleep,
  type EnquiryFailedDetail,
  type EnquirySubmittedDetail,
  type Failure,
  type Outcome,
} from './submission.ts';
import type { FailureView } from './templates/status.ts';
import { newUuid } from './transport.ts';

/** What the controller needs from the element, as functions so the element keeps its privates. */
export interface SubmitPorts {
  t(): Translator;
  url(): string;
  /** The session's form token; with `fresh`, a new one replacing it. */
  formToken(fresh: boolean): Promise<FormToken | undefined>;
  submissionKey(): SubmissionKey | undefined;
  keepSubmissionKey(key: SubmissionKey): void;
  announce(text: string): void;
  /** After any send that was not accepted (a Turnstile token is good for one verification). */
  notAccepted(): void;
  accepted(detail: EnquirySubmittedDetail): void;
}

export interface SubmitRequest {
  config: PublicFormConfig;
  part: EnquiryDraftPart;
  files: readonly File[];
  /** Problems the shared rules cannot see: refused files, a missing security check. */
  problems: readonly ShownIssue[];
  website: string;
  turnstileToken: string;
}

/** Progress is announced in quarters: often enough to reassure, rarely enough to bear. */
const ANNOUNCED_STEPS = 4;

export class SubmitController {
  issues: readonly ShownIssue[] = [];
  failure: FailureView | undefined;
  result: EnquirySubmittedDetail | undefined;
  sending = false;
  /** Fraction uploaded, once the browser reports it. */
  progress: number | undefined;
  #announcedStep = 0;

  constructor(
    private readonly host: LitElement,
    private readonly ports: SubmitPorts,
  ) {}

  async submit(request: SubmitRequest): Promise<void> {
    if (this.sending) return;
    const t = this.ports.t();
    this.failure = undefined;
    this.issues = [
      ...validateEnquiry(request.config, request.part).map((issue) =>
        showIssue(issue, t, request.config.files),
      ),
      ...request.problems,
    ];
    if (this.issues.length > 0) return this.#show('.error-summary');

    this.sending = true;
    this.progress = undefined;
    this.#announcedStep = 0;
    this.ports.announce(t.text('sending'));
    this.host.requestUpdate();
    let outcome: Outcome;
    try {
      const idempotencyKey = this.#keyFor(request);
      const send = async (freshToken: boolean) =>
        sendEnquiry({
          url: this.ports.url(),
          body: multipartBody(
            request.part,
            {
              form_token: await this.#formToken(request.config, freshToken),
              website: request.website,
              turnstile_token: request.turnstileToken,
            },
            request.files,
          ),
          idempotencyKey,
          onNewKey: (key) => this.ports.keepSubmissionKey({ ...this.#current(request), key }),
          onProgress: (fraction) => this.#onProgress(fraction, t),
        });
      outcome = await send(false);
      // A token the proxy cannot verify (restarted with a new secret, another instance, a very
      // old tab) is nothing the visitor can fix: fetch a fresh one and send once more, under the
      // same key (the proxy leaves form_token out of the key's fingerprint).
      if (onlyFormToken(outcome)) outcome = await send(true);
    } finally {
      // Whatever happened, the visitor must be able to press Send again.
      this.sending = false;
    }
    this.#settle(outcome, request, t);
  }

  /**
   * The form token, once it is `minFillSeconds` old: one fetched just now (the one at load
   * failed) would make the proxy take the visitor for a bot and quietly keep the enquiry as spam.
   */
  async #formToken(config: PublicFormConfig, fresh: boolean): Promise<string | undefined> {
    const formToken = await this.ports.formToken(fresh);
    if (!formToken) return undefined;
    const minFill = config.minFillSeconds ?? 0;
    // At most minFill: a clock set back after the token came must not stretch the wait.
    const wait = Math.min(minFill, minFill - (Date.now() - formToken.receivedAt) / 1000);
    if (wait > 0) await sleep(wait);
    return formToken.token;
  }

  #current(request: SubmitRequest): SubmissionKey {
    const print = submissionFingerprint(request.part, request.files);
    const kept = this.ports.submissionKey();
    return kept?.fingerprint === print ? kept : { key: newUuid(), fingerprint: print };
  }

  /** The same enquiry keeps its key across retries and reloads; any change makes a new one. */
  #keyFor(request: SubmitRequest): string {
    const current = this.#current(request);
    this.ports.keepSubmissionKey(current);
    return current.key;
  }

  #onProgress(fraction: number, t: Translator) {
    this.progress = fraction;
    const step = Math.floor(fraction * ANNOUNCED_STEPS);
    if (step > this.#announcedStep) {
      this.#announcedStep = step;
      this.ports.announce(t.text('uploaded', { percent: t.percent(step / ANNOUNCED_STEPS) }));
    }
    this.host.requestUpdate();
  }

  #settle(outcome: Outcome, request: SubmitRequest, t: Translator) {
    if (outcome.kind === 'sent') {
      this.result = outcome.detail;
      this.ports.accepted(outcome.detail);
      this.#emit('enquiry-submitted', outcome.detail);
      return this.#show('.panel');
    }
    this.ports.notAccepted();
    if (onlyFormToken(outcome)) outcome = { kind: 'failed', reason: 'server', status: 400 };
    if (outcome.kind === 'invalid') {
      this.issues = outcome.issues
        .filter((issue) => issue.field !== FORM_TOKEN)
        .map((issue) => showServerIssue(issue, t, request.config.files));
      return this.#show('.error-summary');
    }
    const message = failureMessage(outcome, t);
    this.failure = { message };
    const detail: EnquiryFailedDetail = { reason: outcome.reason, message };
    if (outcome.status !== undefined) detail.status = outcome.status;
    if (outcome.reference !== undefined) detail.reference = outcome.reference;
    this.#emit('enquiry-failed', detail);
    return this.#show('.failure');
  }

  #emit(type: string, detail: object) {
    this.host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  #show(selector: string): Promise<void> {
    this.host.requestUpdate();
    return focusWhenRendered(this.host.updateComplete, this.host.renderRoot, selector);
  }
}

const FORM_TOKEN = 'form_token';

/** A refusal of the form token alone (expired, unverifiable, missing): the visitor cannot fix it. */
const onlyFormToken = (outcome: Outcome) =>
  outcome.kind === 'invalid' && outcome.issues.every((issue) => issue.field === FORM_TOKEN);

function failureMessage(failure: Failure, t: Translator): string {
  switch (failure.reason) {
    case 'rate-limited':
      return t.text('failed.rate-limited', {
        when: failure.retryAfter === undefined ? t.text('retryLater') : t.after(failure.retryAfter),
      });
    case 'rejected':
      return t.text('failed.rejected', { reference: failure.reference ?? '' });
    default:
      return t.text(`failed.${failure.reason}`);
  }
}
