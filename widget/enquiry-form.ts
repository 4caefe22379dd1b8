import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { firstTouch, resolveAttribution } from './attribution.ts';
import { ChallengeController } from './challenge.ts';
import { styles } from './enquiry-form.styles.ts';
import { buildEnquiryPart } from './enquiry-part.ts';
import { pageReader } from './page-values.ts';
import { followIssueLink } from './error-summary/follow.ts';
import { FilesController } from './files.ts';
import { parseStrings, Translator, type EnquiryFormStrings } from './i18n.ts';
import { SCRIPT_ORIGIN, SessionController } from './session.ts';
import { FormState, type FormStatus } from './state.ts';
import { SubmitController } from './submit-controller.ts';
import { formTemplate } from './templates/form.ts';
import { confirmation } from './templates/status.ts';

/**
 * An enquiry form built from the proxy's configuration: contact fields, a case type and its
 * questions, files; validated as the proxy will validate it, and sent in one request.
 *
 * @tagname enquiry-form
 * @summary Embeddable enquiry form that sends to the enquiry proxy.
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
 * @csspart file-list - The list of chosen files.
 * @csspart submit-button - The send button.
 * @csspart progress - The upload progress bar and its text.
 * @csspart confirmation - The panel shown once the enquiry is received.
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
export class EnquiryForm extends LitElement {
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
  readonly #session: SessionController = new SessionController(this, this.#state, this.#page);
  readonly #files: FilesController = new FilesController(this, {
    t: () => this.#t,
    limits: () => this.#session.config?.files,
    announce: (text) => {
      this.#announce(text);
    },
    remember: (names) => {
      this.#session.rememberFiles(names);
    },
  });
  readonly #challenge: ChallengeController = new ChallengeController(
    this,
    () => this.#session.config?.turnstile,
  );
  readonly #submitter: SubmitController = new SubmitController(this, {
    state: this.#state,
    session: this.#session,
    t: () => this.#t,
    announce: (text) => {
      this.#announce(text);
    },
    notAccepted: () => {
      this.#challenge.reset();
    },
  });

  constructor() {
    super();
    this.endpoint = SCRIPT_ORIGIN;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('i18n') || changed.has('locale')) {
      this.#t = new Translator(this.i18n, this.locale);
    }
  }

  protected override render() {
    const announcement = this.#announcedFor === this.#state.status.kind ? this.#announcement : '';
    return html`<div class="root" lang=${this.locale ? this.#t.locale : nothing}>
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
        return status.reason === 'not-allowed'
          ? html`<div class="failure" part="failure" role="alert">
              <p>${t.text('notAvailable')}</p>
            </div>`
          : html`<div class="failure" part="failure" role="alert">
              <p>${t.text('loadFailed')}</p>
              <button class="button button--secondary" type="button" @click=${this.#session.load}>
                ${t.text('reload')}
              </button>
            </div>`;
      case 'delivered':
      case 'queued':
        return confirmation(status.result, t);
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
              files: this.#files.files,
              refused: this.#files.refused,
              notices: this.#files.notices.map((notice) => notice.text),
              dragging: this.#files.dragging,
              lost: this.#session.lostFiles,
            },
            challenge: this.#challenge.required,
            challengeFailed: this.#challenge.failed,
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
    const t = this.#t;
    const problems = this.#files.problems(config.files, t);
    if (this.#challenge.required && !this.#challenge.token) {
      problems.push({ field: 'turnstile_token', text: t.text('turnstile_token.required') });
    }
    const attribution = resolveAttribution(
      {
        campaign: this.campaign,
        lead_referer: this.referer,
        keywords: this.keywords,
        detail: this.detail,
      },
      firstTouch(),
    );
    const honeypot = this.renderRoot.querySelector<HTMLInputElement>('input[name=website]');
    void this.#submitter.submit({
      part: buildEnquiryPart(config, this.#session.values, attribution, this.#page()),
      files: this.#files.files,
      problems,
      website: honeypot?.value ?? '',
      turnstileToken: this.#challenge.token,
    });
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
    retryChallenge: () => void this.#challenge.retry(),
    follow: (event: Event) => {
      followIssueLink(event, this.renderRoot, (id) => {
        // The Turnstile check lives in the light DOM, where the summary's link cannot reach.
        if (id !== 'turnstile_token' || this.#challenge.failed) return false;
        this.#challenge.focus();
        return true;
      });
    },
    ...this.#files.actions,
  };
}
