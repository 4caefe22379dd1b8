/**
 * The late bundle's entry (`enquiry-form.late-<hash>.js`): everything the first render does not
 * need. The element loads it once its form is on screen (or at the first press that needs it),
 * so a visitor can type before these bytes arrive. What only some forms use is a chunk of its
 * own, fetched only when the form's configuration asks for it (`./chunks.ts` loads them).
 *
 * It is a separate build that imports nothing but its own chunks: it takes the element's state,
 * session and words as arguments, and brings its own copies of the pure contract code it uses (never of a module
 * with state: ESLint allows only type imports from the rest of the widget), except those the
 * entry hands it as it loads it (`../late-shared.ts`).
 */
import type { ElementBase } from '../element-base.ts';
import { OUTCOME_STRINGS, VISITOR_MESSAGES, type PublicFormConfig } from '#contract';
import type { Translator } from '../i18n.ts';
import { LateChunks } from './chunks.ts';
import { buildEnquiryPart } from './enquiry-part.ts';
import { emailSuggestion } from './email-suggestion.ts';
import { errorSummary } from './error-summary/error-summary.ts';
import { errorSummaryStyles } from './error-summary/error-summary.styles.ts';
import { followIssueLink } from './error-summary/follow.ts';
import { failureNotice } from './failure.ts';
import { FilesController } from './files-controller.ts';
import { funnelReporter } from './funnel.ts';
import { lateStyles } from './late.styles.ts';
import type { LatePorts } from './ports.ts';
import { adoptStyles } from './lit-tags.ts';
import { confirmation, progressBlock } from './status.ts';
import { SubmitController, type SubmitRequest } from './submit-controller.ts';

/** The behaviour and blocks the first render leaves out, working for one element. */
export class LateParts extends LateChunks {
  /** The blocks that appear only after a press of "Send". */
  readonly blocks = {
    errorSummary,
    failureNotice,
    challengeFailed: (...args: Parameters<LateChunks['challengeFailed']>) =>
      this.challengeFailed(...args),
    progressBlock,
    confirmation,
    checkAnswers: (t: Translator) => this.checkAnswers(t),
    /**
     * What shows under a field's control: under a contact field, the email's "Did you mean …?"
     * and, under the last, the box that keeps an unfinished enquiry; a question only what the
     * appointment question shows in place of its text area, once its chunk is here: the time
     * picker. (A question given anything draws it in place of its own control.)
     */
    belowControl: (id: string) =>
      id.startsWith('answers.')
        ? this.booking?.field(id)
        : [id === 'email' ? this.#emailSuggestion() : undefined, this.unfinished?.(id)],
  };
  declare readonly files: FilesController;
  /** This form view's funnel report: the element notes each render and ends it. */
  declare readonly funnel: ReturnType<typeof funnelReporter>;
  readonly #submitter: SubmitController;
  readonly #emailSuggestion: () => unknown;

  constructor(host: ElementBase, ports: LatePorts) {
    super(host, ports);
    ports.learnStrings({ ...VISITOR_MESSAGES, ...OUTCOME_STRINGS });
    adoptStyles(host.renderRoot, lateStyles + errorSummaryStyles);
    this.files = new FilesController(host, {
      late: ports,
      forget: (issue) => {
        const { issues } = ports.state;
        const left = issues.filter((shown) => shown !== issue);
        if (left.length < issues.length)
          ports.state.set(left.length > 0 ? { kind: 'invalid', issues: left } : { kind: 'idle' });
      },
    });
    this.funnel = funnelReporter(ports);
    this.#submitter = new SubmitController(host, {
      ...ports,
      notAccepted: () => {
        this.challenge?.reset();
      },
    });
    this.#emailSuggestion = emailSuggestion(host, ports);
    // The form view is noted at each render and each change; it ends when the page is hidden
    // (mobile browsers may never fire pagehide) or left: its funnel report goes then.
    host.renderRoot.addEventListener('input', () => {
      this.funnel.see(true);
    });
    const end = () => {
      this.funnel.report();
    };
    addEventListener('pagehide', end);
    document.addEventListener('visibilitychange', () => {
      if (document.hidden) end();
    });
    host.requestUpdate();
  }

  /** The form's Back, in a form in steps: the step before, once the steps are here. */
  back(): Promise<void> {
    return this.whenReady(() => this.steps?.back());
  }

  /**
   * One press of the form's button: "Send", or in a form in steps "Continue", which checks the
   * step's fields only and moves on. What the shared rules cannot see is added here.
   */
  send(website: string): Promise<void> {
    // Files still being read are waited for as the chunks are: the press must see them.
    return this.whenReady(
      () => this.#send(website),
      () => this.files.checked(),
    );
  }

  async #send(website: string): Promise<void> {
    const config = this.ports.session.config;
    if (!config) return;
    const request = this.#request(config, website);
    const stepper = this.steps;
    const steps = stepper?.now();
    if (stepper && steps && steps.shown.key !== 'check') {
      const issues = stepper.onShownStep(steps, this.#submitter.problems(config, request));
      if (issues.length > 0) this.#submitter.refuse(issues);
      else stepper.next(steps);
      return;
    }
    await this.#submitter.submit(request);
    this.steps?.toProblems();
    const { kind } = this.ports.state.status;
    if (kind === 'delivered' || kind === 'queued') this.funnel.report(true);
  }

  #request(config: PublicFormConfig, website: string): SubmitRequest {
    const { session } = this.ports;
    const part = buildEnquiryPart(
      config,
      session.values,
      this.ports.marketing(),
      this.ports.hidden,
    );
    // The visitor's zone goes beside a time chosen: the picker's chunk knows both.
    this.booking?.zone(part);
    const t = this.ports.t();
    return {
      part,
      files: this.files.forSending(),
      problems: [...this.files.problems(config.files, t), ...(this.challenge?.problems(t) ?? [])],
      website,
      turnstileToken: this.challenge?.token ?? '',
    };
  }

  /** Follows an error summary link to its control (the Turnstile check is outside the shadow root). */
  follow(event: Event): void {
    followIssueLink(event, this.host.renderRoot, (id) => this.challenge?.follow(id) ?? false);
  }
}

/**
 * Called by the element once this bundle has loaded. The chunks its form needs follow (the
 * element renders again as each arrives): a slow one holds back only what it carries.
 */
export const attach = (host: ElementBase, ports: LatePorts) => new LateParts(host, ports);
