/**
 * The late bundle's chunks: what only some forms use, each fetched only when the form's
 * configuration asks for it: the steps (`./steps/index.ts`), the Turnstile check
 * (`./challenge.ts`), the time picker (`./booking/index.ts`), the language switch
 * (`./language-switch.ts`), saved enquiries (`./drafts/index.ts`) and unfinished enquiries'
 * box (`./unfinished/index.ts`). `LateParts` (`index.ts`)
 * holds one for its element and asks it for what a press needs.
 */
import type { ElementBase } from '../element-base.ts';
import { DRAFT_FRAGMENT } from '#contract';
import { formBefore, formPrint } from './asked.ts';
import type * as BookingChunkModule from './booking/index.ts';
import type * as ChallengeChunkModule from './challenge.ts';
import type { ChallengeController } from './challenge.ts';
import { longDate } from './dates.ts';
import { buildEnquiryPart } from './enquiry-part.ts';
import type { confirmation } from './status.ts';
import type { FilesController } from './files-controller.ts';
import type { Translator } from '../i18n.ts';
import type { FormLanguage } from '../language.ts';
import type { funnelReporter } from './funnel.ts';
import { adoptStyles, nothing } from './lit-tags.ts';
import { onceUntilFailed } from './once-until-failed.ts';
import type { LatePorts } from './ports.ts';
import type * as StepsChunkModule from './steps/index.ts';
import type { StepsController } from './steps/steps-controller.ts';

type StepsChunk = typeof StepsChunkModule;
type BookingChunk = typeof BookingChunkModule;
type ChallengeChunk = typeof ChallengeChunkModule;

/**
 * The chunks one element's form asks for, loaded as it asks and kept once here; `LateParts`
 * is one, with the files and the funnel report the chunks are handed.
 */
export abstract class LateChunks {
  /** The Turnstile check, once loaded: only a form whose configuration has a site key has one. */
  declare challenge: ChallengeController | undefined;
  /** Moving through steps, once loaded: only a form in steps has it. */
  declare steps: StepsController | undefined;
  /** The time picker, once loaded: only a form showing an appointment question has it. */
  declare booking: ReturnType<BookingChunk['attach']> | undefined;
  /** What unfinished enquiries show under a field's control, once loaded (`unfinished/`). */
  declare unfinished: ((id: string) => unknown) | undefined;
  #stepsChunk: StepsChunk | undefined;
  #challengeChunk: ChallengeChunk | undefined;
  #waiting = false;
  abstract readonly files: FilesController;
  abstract readonly funnel: ReturnType<typeof funnelReporter>;
  /** The blocks the element draws after "Send": the time picker's chunk adds the call to one. */
  abstract readonly blocks: { confirmation: typeof confirmation };

  constructor(
    protected readonly host: ElementBase,
    protected readonly ports: LatePorts,
  ) {
    // The chunks load as soon as the configuration asks for them, and again whenever what it
    // asks for changes (a configuration arriving later, a `case-type` making the form one in
    // steps). A load that failed is tried again by a press, not by every keystroke's render.
    let asked = '';
    host.addController({
      hostUpdated: () => {
        // Each render is noted in the form view's funnel report (what it shows).
        this.funnel.see(false);
        // Unfinished enquiries: fetched once the visitor has typed into a contact field.
        const { config, values } = ports.session;
        if (config?.unfinished && (values.email || values.telephone_mobile))
          this.#loadUnfinished().catch(() => undefined);
        const chunks = this.#asked();
        if (asked === (asked = chunks.join())) return;
        void this.ready().catch(() => undefined);
        // The time picker: not needed to send (the appointment question is a text area for the
        // times that would suit until it is here), so not among the chunks a press waits for.
        if (chunks[2])
          void import('./booking/index.ts').then(
            (chunk) => {
              this.booking ??= chunk.attach(host, ports, buildEnquiryPart, this);
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
  }

  /**
   * "Save and continue later" and a saved enquiry's link (`drafts/`): for a form that offers
   * saving, a page opened from the link, or a reload onto a form published anew since some of
   * the draft's answers were given (`asked.ts`): those are given again.
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
   * Loads the chunks a press needs: the steps for a form in steps, the Turnstile check for a
   * form with a site key. Each loads once; a failed load is tried again at the next call (a
   * send rejects, and the element says it failed).
   */
  ready(): Promise<unknown> {
    const [steps, challenge] = this.#asked();
    return Promise.all([steps && this.#loadSteps(), challenge && this.#loadChallenge()]);
  }

  /**
   * Runs `then` once the chunks a press needs are here and what `also` waits for has settled;
   * a press while they load is dropped, and starts nothing (a second Continue would otherwise
   * check the step the first one moves to).
   */
  async whenReady(then: () => Promise<void> | void, also?: () => Promise<unknown>): Promise<void> {
    if (this.#waiting) return;
    this.#waiting = true;
    try {
      await Promise.all([this.ready(), also?.()]);
    } finally {
      this.#waiting = false;
    }
    await then();
  }

  #loadSteps = onceUntilFailed(() =>
    import('./steps/index.ts').then((chunk) => {
      this.#stepsChunk = chunk;
      adoptStyles(this.host.renderRoot, chunk.checkAnswersStyles);
      this.steps = new chunk.StepsController(this.host, this.ports);
      this.host.requestUpdate();
    }),
  );

  #loadUnfinished = onceUntilFailed(() =>
    import('./unfinished/index.ts').then((chunk) => {
      this.unfinished = chunk.attach(this.host, this.ports);
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

  /** The Turnstile check's failure, drawn by its chunk. */
  challengeFailed(...args: Parameters<ChallengeChunk['challengeFailed']>) {
    return this.#challengeChunk?.challengeFailed(...args) ?? nothing;
  }

  /** Check your answers, in a form in steps, drawn by the steps chunk. */
  checkAnswers(t: Translator) {
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

  /**
   * Whether the form is drawn in steps, whether the configuration asks for Turnstile, and
   * whether the case type chosen has an appointment question (the time picker's chunk).
   */
  #asked(): [boolean, boolean, boolean | undefined] {
    const { config, values } = this.ports.session;
    return [
      this.ports.steps() !== undefined,
      config?.turnstile !== undefined,
      config?.caseTypes
        .find((c) => c.id === values.case_type)
        ?.questions.some((q) => q.type === 'appointment'),
    ];
  }
}
