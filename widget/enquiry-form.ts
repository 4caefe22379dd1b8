import { html, nothing } from 'lit/html.js';
import { firstTouch, resolveAttribution } from './attribution.ts';
import { styles } from './enquiry-form.styles.ts';
import { ElementBase } from './element-base.ts';
import { learnStrings, parseStrings, Translator, type EnquiryFormStrings } from './i18n.ts';
import { languageOf, pageLanguage } from './language.ts';
import { loadDrawnPart, loadLate, loadStepsPart } from './late-bundle.ts';
import { adoptStyles } from './late/lit-tags.ts';
import { afterFirstFrame } from './after-first-frame.ts';
import { onceUntilFailed } from './late/once-until-failed.ts';
import type { LateParts } from './late/index.ts';
import { hiddenAnswers, pageReader } from './page-values.ts';
import type * as DrawnPart from './prerendered.ts';
import { SCRIPT_ORIGIN, SessionController } from './session.ts';
import { FormState, type FormStatus } from './state.ts';
import { HONEYPOT, isStepped, type PublicFormConfig } from '#contract';
import type { FilesActions } from './templates/files.ts';
import type { StepsView } from './late/ports.ts';
import { formTemplate } from './templates/form.ts';
import { notice } from './templates/notice.ts';

/**
 * An enquiry form built from the proxy's configuration: contact fields, a case type and its
 * questions, files; validated as the proxy will validate it, and sent in one request.
 *
 * Light or dark as the page is: the form follows the CSS `color-scheme` it inherits (the page's
 * root, or the element's own), so a page that declares nothing gets a light form even on a dark
 * system, `color-scheme: dark` a dark one, and `color-scheme: light dark` the visitor's choice.
 *
 * @tagname enquiry-form
 * @summary Embeddable enquiry form that sends to the enquiry proxy.
 *
 * Attributes without a property: `lang`, the language the form is asked for (else the page's,
 * else the browser's), and `language-switch`, which puts a switch between the form's languages
 * above a form in several (`late/language-switch.ts`, a chunk only such a form fetches).
 *
 * @slot challenge - Filled by the element itself with the Turnstile check, when the proxy asks for one.
 *
 * @event enquiry-submitted - The proxy accepted the enquiry. `detail: { reference, status: 'delivered' | 'queued', enquiryId? }`.
 * @event enquiry-failed - Sending failed; the visitor can retry. `detail: { reason, status?, message, reference? }`.
 *
 * @csspart form - The native `<form>`.
 * @csspart field - Each field's wrapper (label, hint, error, control).
 * @csspart label - A field's `<label>` or `<legend>`.
 * @csspart hint - A field's hint text.
 * @csspart input - Each input, select, text area, radio and checkbox.
 * @csspart error-summary - The "There is a problem" box.
 * @csspart error-message - A field's inline error.
 * @csspart failure - The box shown when sending failed, with its retry button.
 * @csspart file-picker - The "Choose files" button and drop zone.
 * @csspart file-list - The list of chosen files, each saying how its upload goes and what the proxy made of it.
 * @csspart submit-button - The send button.
 * @csspart progress - The upload progress bar and its text.
 * @csspart confirmation - The panel shown once the enquiry is received.
 * @csspart privacy-notice - The privacy notice above the send button (`consent.privacyNotice`).
 * @csspart link - Each link the form shows: the privacy notice's, and one in a consent statement.
 * @csspart firm - The firm's name, telephone and email, shown when sending failed.
 * @csspart email-suggestion - The "Did you mean …?" button under the email field.
 * @csspart language-switch - The list of the form's languages (`language-switch` attribute), above the form.
 * @csspart unfinished - The "Keep what I have typed" box under the last contact field (a form with an `unfinished` block).
 *
 * @cssprop [--enquiry-form-font-family=inherit] - Font of the whole form (the page's, by default).
 * @cssprop [--enquiry-form-color-text=#0b0c0c] - Text and input borders.
 * @cssprop [--enquiry-form-color-background=#ffffff] - Background of inputs and the form.
 * @cssprop [--enquiry-form-color-accent=#00703c] - The send button and the confirmation panel.
 * @cssprop [--enquiry-form-color-accent-text=#ffffff] - Text on the accent colour.
 * @cssprop [--enquiry-form-color-error=#d4351c] - Error summary, messages and borders.
 * @cssprop [--enquiry-form-color-focus=#ffdd00] - The focus highlight.
 * @cssprop [--enquiry-form-color-focus-text=#0b0c0c] - Text on the focus highlight.
 * @cssprop [--enquiry-form-color-border=#b1b4b6] - Quiet borders: drop zone, file list.
 * @cssprop [--enquiry-form-radius=0] - Corner radius of inputs, buttons and boxes.
 * @cssprop [--enquiry-form-space=20px] - The spacing unit; gaps are multiples of it.
 * @cssprop [--enquiry-form-scroll-margin=0px] - Room kept above what the form scrolls into view (a sticky header's height).
 */
export class EnquiryForm extends ElementBase {
  static override styles = styles;
  static override properties = {
    endpoint: {},
    caseType: { attribute: 'case-type' },
    campaign: {},
    referer: {},
    keywords: {},
    detail: {},
    locale: {},
    // Also as a JSON attribute: React 19 sets attributes on an element it does not know yet.
    i18n: { converter: (json: string | null) => parseStrings(json) },
  };

  /** The proxy's origin. Defaults to the origin this script was loaded from. */
  declare endpoint: string;
  /** Fixes the case type (its id); when absent the visitor chooses one. */
  declare caseType: string | undefined;
  /** Marketing campaign; wins over `utm_campaign`. */
  declare campaign: string | undefined;
  /** Lead source; wins over `utm_source` and the referring site. */
  declare referer: string | undefined;
  /** Search keywords; win over `utm_term`. */
  declare keywords: string | undefined;
  /** Free-form attribution detail; wins over `utm_medium`, `utm_content` and `gclid`. */
  declare detail: string | undefined;
  /** Language tag for the form's `lang` and for numbers, sizes and times (`en-GB`, `cy`...). */
  declare locale: string | undefined;
  /**
   * Any of the form's strings, replacing the English defaults (keys as in `proxy/contract/strings.ts`);
   * as a property, or as the `i18n` attribute in JSON.
   */
  declare i18n: EnquiryFormStrings | undefined;

  #t = new Translator(undefined, undefined);
  #announcement = '';
  /** The status the announcement belongs to: once the form moves on, the region is emptied. */
  #announcedFor: FormStatus['kind'] | undefined;
  readonly #state = new FormState(this);
  /** Values the page gives: the tag's `data-` attributes and the URL's parameters, read now. */
  readonly #page = () => pageReader(this, location.search);
  readonly #session: SessionController = new SessionController(
    this,
    this.#state,
    this.#page,
    // A form in steps is drawn with its steps part, and a form the page drew is taken over with
    // the drawn form's part: the form waits for them as for its configuration.
    // A form on one page in an element of its own waits for nothing: drawn at the first update.
    (config, fixed) =>
      (isStepped(config, fixed) || this.#drawn) &&
      Promise.all([
        isStepped(config, fixed) && this.#whenSteps(),
        this.#drawn &&
          loadDrawnPart().then((part) => {
            this.#drawnPart = part;
          }),
      ]),
  );
  /** Sending, the file checks, the error summary: loaded once the form is on screen. */
  #late: LateParts | undefined;
  #lateScheduled = false;
  /** The page drew the form (declarative shadow DOM, `prerendered.ts`) and it is still there. */
  #drawn = false;
  /** What takes a drawn form over (`prerendered.ts`), once it has loaded. */
  #drawnPart: typeof DrawnPart | undefined;
  /** What was typed into the drawn form, to give to the element's own controls. */
  #typed: DrawnPart.Typed | undefined;
  /** What draws a form in steps (`templates/steps.ts`), once it has loaded. */
  #stepsPart: StepsView['part'] | undefined;
  /** A form drawn at once shows its top in its first frame, the rest once the browser is idle. */
  #whole = false;
  constructor() {
    super();
    this.endpoint = SCRIPT_ORIGIN;
  }

  protected override createRenderRoot() {
    this.#drawn = (this.shadowRoot?.childNodes.length ?? 0) > 0;
    return super.createRenderRoot();
  }

  /** A drawn form stays on screen until the element has a form of its own to put there. */
  protected override shouldUpdate(): boolean {
    return !this.#drawn || this.#state.status.kind !== 'loading';
  }

  protected override willUpdate(): void {
    if (this.#drawn) {
      this.#drawn = false;
      this.#whole = true; // the drawn form is all there already
      // Without its part (it could not be loaded), the drawn form goes with what was typed in it.
      if (this.#drawnPart) this.#typed = this.#drawnPart.takeOver(this.renderRoot);
      else this.renderRoot.replaceChildren();
    }
    // The words are taken afresh at each update: the form's language comes with its
    // configuration, which a switch of language replaces.
    const { language, strings } = languageOf(this.#session.config);
    this.#t = new Translator({ ...strings, ...this.i18n }, language ?? this.locale);
  }

  protected override updated(): void {
    const typed = this.#typed;
    this.#typed = undefined;
    if (typed) {
      this.#drawnPart?.giveBack(this.renderRoot, typed, (control) => {
        if (this.#session.input(control as HTMLInputElement)) this.requestUpdate();
      });
    }
    // Check your answers is the late bundle's: a reload onto it loads that at once.
    if (this.#session.step === 'check') void this.#whenLate().catch(() => undefined);
    // Once the form is on screen, the rest loads while the visitor reads it.
    if (this.#lateScheduled || !this.#session.config) return;
    this.#lateScheduled = true;
    // The rest of a form drawn at once, its top in this frame: once the browser is idle after
    // it, so the first field is typed in before (a task right after the frame held a keystroke
    // for the rest's 110 ms at 4x), and within half a second however busy the page is.
    afterFirstFrame(() => {
      this.#whole = true;
      this.requestUpdate();
    }, 500);
    afterFirstFrame(() => void this.#whenLate().catch(() => undefined));
  }

  /** The late parts, loading them first if they are not here yet. */
  #whenLate = onceUntilFailed(() =>
    // The tab's draft, which a form drawn at once reads only now (after its first frame, or at a
    // press), is in what the late bundle reads of the session: the values, the step, the files.
    (this.#session.restore(), loadLate()).then(
      (late) =>
        (this.#late = late.attach(this, {
          state: this.#state,
          session: this.#session,
          t: () => this.#t,
          announce: (text) => {
            this.#announce(text);
          },
          learnStrings,
          // The tag's attributes win over the session's first touch.
          marketing: () => resolveAttribution(this, firstTouch()),
          hidden: (caseType) => hiddenAnswers(caseType, this.#page()),
          steps: () => {
            const config = this.#session.config;
            return config && this.#steps(config);
          },
        })),
    ),
  );

  /**
   * The steps of a form in steps, and the part that draws them; undefined for a form on one page.
   * A case type set after the form was drawn may put it in steps: on one page until the part is
   * here.
   */
  #steps(config: PublicFormConfig): StepsView | undefined {
    const fixed = this.#session.fixedCaseType();
    const part = this.#stepsPart;
    if (!part) {
      if (isStepped(config, fixed)) this.#whenSteps().catch(() => undefined);
      return undefined;
    }
    const now = part.stepsNow(config, fixed, this.#session.values, this.#session.step);
    return now && { ...now, part };
  }

  #whenSteps = onceUntilFailed(() =>
    loadStepsPart().then((part) => {
      learnStrings(part.STEP_STRINGS);
      adoptStyles(this.renderRoot, part.stepStyles);
      this.#stepsPart = part;
      this.requestUpdate();
    }),
  );

  protected override render() {
    const announcement = this.#announcedFor === this.#state.status.kind ? this.#announcement : '';
    const { language, dir } = languageOf(this.#session.config);
    return html`<div
      class="root"
      lang=${this.locale || language ? this.#t.locale : nothing}
      dir=${dir ?? nothing}
    >
      <div class="visually-hidden" role="status">${announcement}</div>
      ${this.#body()}
    </div>`;
  }

  #body() {
    const t = this.#t;
    const status = this.#state.status;
    switch (status.kind) {
      case 'loading':
        return html`<p class="loading">${t.text('loading')}</p>`;
      case 'unavailable':
        // Not allowed here is the site owner's to fix (the console says how): nothing to retry.
        if (status.reason === 'not-allowed') return notice(t.text('notAvailable'));
        // Without the form the widget has no words but English (and the page's `i18n`). On a
        // page in another language, the page's own fallback in the tag, which its owner wrote
        // in that language, is the whole notice: its link to the form page in the visitor's
        // language serves them better than English words and an English button.
        return !/^(en\b|$)/i.test(this.locale || pageLanguage(this) || '') &&
          !this.i18n?.loadFailed &&
          this.querySelector('.enquiry-form-fallback')
          ? notice()
          : notice(t.text('loadFailed'), {
              label: t.text('reload'),
              press: () => void this.#session.load(),
            });
      case 'delivered':
      case 'queued':
        return this.#late?.blocks.confirmation(status.result, t) ?? nothing;
      default: {
        const config = this.#session.config;
        if (!config) return nothing;
        return formTemplate(
          {
            t,
            config,
            status,
            values: this.#session.values,
            caseTypeFixed: this.#session.fixedCaseType() !== undefined,
            files: {
              list: this.#late?.files.list(t),
              notices: this.#late?.files.notices.map((notice) => notice.text) ?? [],
              dragging: this.#late?.files.dragging ?? false,
              lost: this.#session.lostFiles,
            },
            challenge: this.#late?.challenge?.required ?? false,
            challengeFailed: this.#late?.challenge?.failed ?? false,
            blocks: this.#late?.blocks,
            steps: this.#steps(config),
            whole: this.#whole,
          },
          this.#actions,
        );
      }
    }
  }

  #announce(text: string): void {
    this.#announcement = text;
    this.#announcedFor = this.#state.status.kind;
    this.requestUpdate();
  }

  #submit = (event?: Event): void => {
    event?.preventDefault();
    const config = this.#session.config;
    if (!config || this.#state.sending) return;
    const honeypot = this.renderRoot.querySelector<HTMLInputElement>(`#${HONEYPOT.name}`);
    const website = honeypot?.value ?? '';
    this.#whenLate()
      .then((late) => late.send(website))
      .catch(this.#notLoaded);
  };

  /** The late bundle or a chunk it needs did not load (offline): a failed press to retry. */
  #notLoaded = (): void => {
    this.#state.set({ kind: 'failed', failure: { message: this.#t.text('failed.network') } });
  };

  /** The file picker's handlers: what must happen during the event happens here, the rest late. */
  #files: FilesActions = {
    open: () => this.renderRoot.querySelector<HTMLInputElement>('#files-input')?.click(),
    picked: (event) => {
      const input = event.target as HTMLInputElement;
      const chosen = [...(input.files ?? [])];
      input.value = ''; // so choosing the same file again is still a change
      void this.#whenLate().then((late) => late.files.add(chosen));
    },
    drag: (event) => {
      event.preventDefault(); // or the browser opens the file instead of dropping it here
      this.#late?.files.drag(event);
    },
    drop: (event) => {
      event.preventDefault();
      const dropped = [...(event.dataTransfer?.files ?? [])];
      void this.#whenLate().then((late) => late.files.dropped(dropped));
    },
  };

  #onInput = (event: Event): void => {
    if (this.#session.input(event.target as HTMLInputElement)) this.requestUpdate();
  };

  #actions = {
    submit: this.#submit,
    input: this.#onInput,
    retry: () => {
      this.#submit();
    },
    retryChallenge: () => void this.#late?.challenge?.retry(),
    back: () =>
      void this.#whenLate()
        .then((late) => late.back())
        .catch(this.#notLoaded),
    follow: (event: Event) => {
      this.#late?.follow(event);
    },
    ...this.#files,
  };
}
