/**
 * The late bundle's entry (`enquiry-form.late-<hash>.js`): everything the first render does not
 * need. The element loads it once its form is on screen (or at the first press that needs it),
 * so a visitor can type before these bytes arrive. What only some forms use is a chunk of its
 * own, fetched only when the form's configuration asks for it: the steps (`./steps/index.ts`)
 * and the Turnstile check (`./challenge.ts`).
 *
 * It is a separate build that imports nothing but its own chunks: it takes the element's state,
 * session and words as arguments, and brings its own copies of the pure contract code it uses (never of a module
 * with state: ESLint allows only type imports from the rest of the widget), except those the
 * entry hands it as it loads it (`../late-shared.ts`).
 */
import type { ElementBase } from '../element-base.ts';
import {
  DRAFT_FRAGMENT,
  OUTCOME_STRINGS,
  VISITOR_MESSAGES,
  type PublicFormConfig,
} from '#contract';
import { formBefore, formPrint } from './asked.ts';
import type * as BookingChunkModule from './booking/index.ts';
import type { Translator } from '../i18n.ts';
import type * as ChallengeChunkModule from './challenge.ts';
import type { ChallengeController } from './challenge.ts';
import { longDate } from './dates.ts';
import { buildEnquiryPart } from './enquiry-part.ts';
import { emailSuggestion } from './email-suggestion.ts';
import { errorSummary } from './error-summary/error-summary.ts';
import { errorSummaryStyles } from './error-summary/error-summary.styles.ts';
import { followIssueLink } from './error-summary/follow.ts';
import { failureNotice } from './failure.ts';
import { FilesController } from './files-controller.ts';
import type { FormLanguage } from '../language.ts';
import { funnelReporter } from './funnel.ts';
import { lateStyles } from './late.styles.ts';
import type { LatePorts } from './ports.ts';
import { adoptStyles, nothing } from './lit-tags.ts';
import { onceUntilFailed } from './once-until-failed.ts';
import { confirmation, progressBlock } from './status.ts';
import type * as StepsChunkModule from './steps/index.ts';
import type { StepsController } from './steps/steps-controller.ts';
import { SubmitController, type SubmitRequest } from './submit-controller.ts';

type StepsChunk = typeof StepsChunkModule;
type BookingChunk = typeof BookingChunkModule;
type ChallengeChunk = typeof ChallengeChunkModule;

/** The behaviour and blocks the first render leaves out, working for one element. */
export class LateParts {
  /** The blocks that appear only after a press of "Send". */
  readonly blocks = {
    errorSummary,
    failureNotice,
    challengeFailed: (...args: Parameters<ChallengeChunk['challengeFailed']>) =>
      this.#challengeChunk?.challengeFailed(...args) ?? nothing,
    progressBlock,
    confirmation,
    checkAnswers: (t: Translator) => this.#checkAnswers(t),
    /**
     * What shows under a field's control: the email's "Did you mean …?"; and what the appointment
     * question shows in place of its text area, once its chunk is here: the time picker.
     */
    belowControl: (id: string) =>
      id === 'email' ? this.#emailSuggestion() : this.booking?.field(id),
  };
  readonly files: FilesController;
  /** The Turnstile check, once loaded: only a form whose configuration has a site key has one. */
  challenge: ChallengeController | undefined;
  /** Moving through steps, once loaded: only a form in steps has it. */
  steps: StepsController | undefined;
  /** The time picker, once loaded: only a form showing an appointment question has it. */
  booking: ReturnType<BookingChunk['attach']> | undefined;
  #stepsChunk: StepsChunk | undefined;
  #challengeChunk: ChallengeChunk | undefined;
  #waitingForChunks = false;
  /** This form view's funnel report: the element notes each render and ends it. */
  readonly funnel: ReturnType<typeof funnelReporter>;
  readonly #submitter: SubmitController;
  readonly #emailSuggestion: () => unknown;

  constructor(
    private readonly host: ElementBase,
    private readonly ports: LatePorts,
  ) {
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
    // The chunks load as soon as the configuration asks for them, and again whenever what it
    // asks for changes (a configuration arriving later, a `case-type` making the form one in
    // steps). A load that failed is tried again by a press, not by every keystroke's render.
    let asked = '';
    host.addController({
      hostUpdated: () => {
        this.funnel.see(false);
        const chunks = this.#chunksAsked();
        if (asked === (asked = chunks.join())) return;
        void this.chunksReady().catch(() => undefined);
        // The time picker: not needed to send (the appointment question is a text area for the
        // times that would suit until it is here), so not among the chunks a press waits for.
        if (chunks[2])
          void import('./booking/index.ts').then(
            (chunk) => {
              this.booking ??= chunk.attach(host, ports, buildEnquiryPart, this.funnel.offered);
            },
            () => undefined,
          );
        // The language switch: not needed to send, so not among the chunks a press waits for.
        if (
          (ports.session.config as FormLanguage | undefined)?.languages?.[1] &&
          host.hasAttribute('language-switch')
        )
          void import('./language-switch.ts').then(
            (chunk) => {
              chunk.attach(host, ports);
            },
            () => undefined,
          );
        this.#drafts();
      },
    });
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

  /**
   * "Save and continue later" and a saved enquiry's link (`drafts/`, a chunk of its own): for a
   * form that offers saving, a page opened from the link, or a reload onto a form published
   * anew since some of the draft's answers were given (`asked.ts`): those are given again.
   */
  #drafts() {
    const { session } = this.ports;
    const config = session.config;
    if (!config) return;
    const print = formPrint(config);
    const before = formBefore(session.key, print);
    const changed = before !== undefined && before !== print;
    if (config.draftDays || changed || location.hash.includes(DRAFT_FRAGMENT))
      void import('./drafts/index.ts').then(
        (chunk) => {
          chunk.attach(this.host, this.ports, this.files, changed ? before : undefined, (at) =>
            longDate(this.ports.t(), this.host, at),
          );
        },
        () => undefined,
      );
  }

  /**
   * Loads the chunks the form's configuration asks for: the steps for a form in steps, the
   * Turnstile check for a form with a site key. Each loads once; a failed load is tried again
   * at the next call (a send rejects, and the element says it failed).
   */
  chunksReady(): Promise<unknown> {
    const [steps, challenge] = this.#chunksAsked();
    return Promise.all([steps && this.#loadSteps(), challenge && this.#loadChallenge()]);
  }

  #loadSteps = onceUntilFailed(() =>
    import('./steps/index.ts').then((chunk) => {
      this.#stepsChunk = chunk;
      adoptStyles(this.host.renderRoot, chunk.checkAnswersStyles);
      this.steps = new chunk.StepsController(this.host, this.ports);
      this.host.requestUpdate();
    }),
  );

  #loadChallenge = onceUntilFailed(() =>
    import('./challenge.ts').then((chunk) => {
      this.#challengeChunk = chunk;
      this.challenge = new chunk.ChallengeController(
        this.host,
        () => this.ports.session.config?.turnstile,
      );
      this.host.requestUpdate();
    }),
  );

  /**
   * Whether the form is drawn in steps, whether the configuration asks for Turnstile, and
   * whether the case type chosen has an appointment question (the time picker's chunk).
   */
  #chunksAsked(): [boolean, boolean, boolean | undefined] {
    const { config, values } = this.ports.session;
    return [
      this.ports.steps() !== undefined,
      config?.turnstile !== undefined,
      config?.caseTypes
        .find((c) => c.id === values.case_type)
        ?.questions.some((q) => q.type === 'appointment'),
    ];
  }

  /**
   * Runs `then` once the chunks the form needs are here and what `also` waits for has settled;
   * a press while they load is dropped, and starts nothing (a second Continue would otherwise
   * check the step the first one moves to).
   */
  async #withChunks(
    then: () => Promise<void> | void,
    also?: () => Promise<unknown>,
  ): Promise<void> {
    if (this.#waitingForChunks) return;
    this.#waitingForChunks = true;
    try {
      await Promise.all([this.chunksReady(), also?.()]);
    } finally {
      this.#waitingForChunks = false;
    }
    await then();
  }

  /** The form's Back, in a form in steps: the step before, once the steps are here. */
  back(): Promise<void> {
    return this.#withChunks(() => this.steps?.back());
  }

  /**
   * One press of the form's button: "Send", or in a form in steps "Continue", which checks the
   * step's fields only and moves on. What the shared rules cannot see is added here.
   */
  send(website: string): Promise<void> {
    // Files still being read are waited for as the chunks are: the press must see them.
    return this.#withChunks(
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
    const t = this.ports.t();
    return {
      part,
      files: this.files.forSending(),
      problems: [...this.files.problems(config.files, t), ...(this.challenge?.problems(t) ?? [])],
      website,
      turnstileToken: this.challenge?.token ?? '',
    };
  }

  /** Check your answers, in a form in steps. */
  #checkAnswers(t: Translator) {
    const { session } = this.ports;
    const steps = this.steps?.now();
    const chunk = this.#stepsChunk;
    if (!steps || !chunk || !session.config) return nothing;
    const view = {
      config: session.config,
      values: session.values,
      steps,
      caseTypeFixed: session.fixedCaseType() !== undefined,
      fileNames: this.files.names,
      date: (at: number, timeZone: string) => longDate(t, this.host, at, timeZone),
      booking: this.booking,
    };
    return chunk.checkAnswers(view, t, (step) => {
      this.steps?.change(step);
    });
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
