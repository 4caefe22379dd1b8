/**
 * The life of one press of "Send": check everything the proxy will check, send once (a double
 * click is ignored), and turn the outcome into what the visitor sees, hears and can do next.
 */
import type { ReactiveController } from 'lit';
import type { ElementBase } from '../element-base.ts';
import { validateEnquiry, type PublicFormConfig } from '#contract';
import type { EnquiryDraftPart } from './enquiry-part.ts';
import { multipartBody, submissionFingerprint } from './enquiry-body.ts';
import { watchConnection } from './connection.ts';
import { focusAtTop } from './focus-at-top.ts';
import { keyFor, renewKey } from './enquiry-key.ts';
import type { Translator } from '../i18n.ts';
import type { ShownIssue } from '../issues.ts';
import { after, percent } from './numbers.ts';
import { showIssue, showServerIssue } from './show-issue.ts';
import type { SessionController } from '../session.ts';
import type { FormState } from '../state.ts';
import {
  sendEnquiry,
  sleep,
  type EnquiryFailedDetail,
  type Failure,
  type Outcome,
} from './submission.ts';

/** Who the submit controller works with: the form's state, its session, its words. */
export interface SubmitDeps {
  state: FormState;
  session: SessionController;
  t(): Translator;
  /** Says something to screen reader users without moving focus. */
  announce(text: string): void;
  /** Called after any send that was not accepted (a Turnstile token is good for one check). */
  notAccepted(): void;
}

/** What Send carries of the files: the uploads' ids and keys (`uploads/index.ts`), other files' bytes. */
export interface FilesToSend {
  uploads: string[];
  keys: string[];
  files: File[];
}

/** One press of "Send": what the visitor filled in, and what the shared rules cannot see. */
export interface SubmitRequest {
  part: EnquiryDraftPart;
  /** Once the uploads have their verdicts: their ids and keys, and the files to send as bytes. */
  files: PromiseLike<FilesToSend> | FilesToSend;
  /** Problems the shared rules cannot see: refused files, a missing security check. */
  problems: readonly ShownIssue[];
  website: string;
  turnstileToken: string;
}

/** Progress is announced in quarters: often enough to reassure, rarely enough to bear. */
const ANNOUNCED_STEPS = 4;

/** Sends the form and shows what came of it. */
export class SubmitController implements ReactiveController {
  #announcedStep = 0;
  /** The block to focus once the next render has put it on the page. */
  #focusNext: string | undefined;

  constructor(
    private readonly host: ElementBase,
    private readonly deps: SubmitDeps,
  ) {
    host.addController(this);
  }

  hostUpdated(): void {
    const selector = this.#focusNext;
    this.#focusNext = undefined;
    const target = selector && this.host.renderRoot.querySelector<HTMLElement>(selector);
    if (target) focusAtTop(target);
  }

  /** Validates, sends, and settles the form's state on the outcome. */
  async submit(request: SubmitRequest): Promise<void> {
    const { state, session } = this.deps;
    const config = session.config;
    if (!config || state.sending) return;
    const t = this.deps.t();
    const issues = this.problems(config, request);
    if (issues.length > 0) {
      this.refuse(issues);
      return;
    }
    this.#announcedStep = 0;
    this.#sending(navigator.onLine, t);
    const unwatch = watchConnection((online) => {
      if (state.sending) this.#sending(online, t);
    });
    try {
      await this.#send(config, request, t);
    } finally {
      unwatch();
    }
  }

  /** Sends once the files sent ahead are in, and settles. */
  async #send(config: PublicFormConfig, request: SubmitRequest, t: Translator): Promise<void> {
    const { session } = this.deps;
    // Files sent ahead are named, not sent again: Send waits only for uploads still going.
    const { uploads, keys, files } = await request.files;
    const part =
      uploads.length > 0 ? { ...request.part, uploads, upload_keys: keys } : request.part;
    const fingerprint = submissionFingerprint(part, files);
    const send = async (freshToken: boolean) =>
      sendEnquiry({
        url: session.url('/api/enquiries'),
        body: multipartBody(
          part,
          {
            form_token: await this.#formToken(config, freshToken),
            website: request.website,
            turnstile_token: request.turnstileToken,
          },
          files,
        ),
        idempotencyKey: keyFor(session, fingerprint),
        onNewKey: () => renewKey(session, fingerprint),
        onProgress: (fraction) => {
          this.#onProgress(fraction, t);
        },
      });
    let outcome: Outcome;
    try {
      outcome = await send(false);
      // A token the proxy cannot verify (restarted with a new secret, another instance, a very
      // old tab) is nothing the visitor can fix: fetch a fresh one and send once more, under the
      // same key (the proxy leaves form_token out of the key's fingerprint).
      if (onlyFormToken(outcome)) outcome = await send(true);
    } catch {
      // Whatever broke, the visitor must be able to press Send again.
      outcome = { kind: 'failed', reason: 'network' };
    }
    this.#settle(outcome, config, t);
  }

  /** Every problem the shared rules and the widget's own checks find, in the form's order. */
  problems(config: PublicFormConfig, request: SubmitRequest): ShownIssue[] {
    const t = this.deps.t();
    return [
      ...validateEnquiry(config, request.part).map((issue) => showIssue(issue, t, config.files)),
      ...request.problems,
    ];
  }

  /** Shows what to put right, and focuses the error summary. */
  refuse(issues: readonly ShownIssue[]): void {
    this.deps.state.set({ kind: 'invalid', issues });
    this.#show('.error-summary');
  }

  /**
   * The form token, once it is `minFillSeconds` old: one fetched just now (the one at load
   * failed) would make the proxy take the visitor for a bot and quietly keep the enquiry as spam.
   */
  async #formToken(config: PublicFormConfig, fresh: boolean): Promise<string | undefined> {
    const formToken = await this.deps.session.formToken(fresh);
    if (!formToken) return undefined;
    const minFill = config.minFillSeconds ?? 0;
    // At most minFill: a clock set back after the token came must not stretch the wait.
    const wait = Math.min(minFill, minFill - (Date.now() - formToken.receivedAt) / 1000);
    if (wait > 0) await sleep(wait);
    return formToken.token;
  }

  /** "Sending", or offline that it will be sent when the connection is back; said aloud too. */
  #sending(online: boolean, t: Translator) {
    this.deps.state.set({ kind: 'sending', progress: undefined, offline: !online });
    this.deps.announce(t.text(online ? 'sending' : 'sendingOffline'));
  }

  #onProgress(fraction: number, t: Translator) {
    if (!this.deps.state.sending) return;
    this.deps.state.set({ kind: 'sending', progress: fraction });
    const step = Math.floor(fraction * ANNOUNCED_STEPS);
    if (step > this.#announcedStep) {
      this.#announcedStep = step;
      this.deps.announce(t.text('uploaded', { percent: percent(t, step / ANNOUNCED_STEPS) }));
    }
  }

  #settle(outcome: Outcome, config: PublicFormConfig, t: Translator): void {
    const { state, session } = this.deps;
    if (outcome.kind === 'sent') {
      state.set({ kind: outcome.detail.status, result: outcome.detail });
      session.clear();
      this.#emit('enquiry-submitted', outcome.detail);
      this.#show('.panel');
      return;
    }
    this.deps.notAccepted();
    if (onlyFormToken(outcome)) outcome = { kind: 'failed', reason: 'server', status: 400 };
    if (outcome.kind === 'invalid') {
      const issues = outcome.issues
        .filter((issue) => issue.field !== FORM_TOKEN)
        .map((issue) => showServerIssue(issue, t, config.files));
      this.refuse(issues);
      return;
    }
    const message = failureMessage(outcome, t);
    // The platform refused this enquiry: sending the same key again would only replay the
    // refusal, so a retry is a new submission.
    if (outcome.reason === 'rejected') session.submission = undefined;
    state.set({ kind: 'failed', failure: { message, reference: outcome.reference } });
    const detail: EnquiryFailedDetail = { reason: outcome.reason, message };
    if (outcome.status !== undefined) detail.status = outcome.status;
    if (outcome.reference !== undefined) detail.reference = outcome.reference;
    this.#emit('enquiry-failed', detail);
    this.#show('.failure');
  }

  #emit(type: string, detail: object) {
    this.host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  /** Focuses a block that appears with this change (error summary, failure, confirmation). */
  #show(selector: string): void {
    this.#focusNext = selector;
    this.host.requestUpdate();
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
        when:
          failure.retryAfter === undefined ? t.text('retryLater') : after(t, failure.retryAfter),
      });
    case 'rejected':
      return t.text('failed.rejected');
    // The proxy is down or blocked for a visitor who is online: "check you are online" misleads.
    case 'network':
      return t.text(navigator.onLine ? 'failed.unreachable' : 'failed.network');
    default:
      return t.text(`failed.${failure.reason}`);
  }
}
