/**
 * What the form keeps for the visitor across reloads, and what it loads before it can be shown:
 * the configuration from the proxy, the form token (the bot check's start time), the draft of
 * everything typed, and the idempotency key of the enquiry being sent. A reactive
 * controller: it starts loading when the element is connected.
 */
import type { ControllerHost } from './element-base.ts';
import type { ReactiveController } from 'lit';
import type { FormTokenResponse, PublicFormConfig } from '#contract';
import {
  clearDraft,
  draftKey,
  formInstance,
  emptyValues,
  loadDraft,
  saveDraft,
  type Draft,
  type FormToken,
  type SubmissionKey,
  type Values,
} from './draft.ts';
import { readInput } from './input-values.ts';
import { applyPrefill, type PageReader } from './page-values.ts';
import type { FormState } from './state.ts';
import { getJson, HttpError } from './get-json.ts';
import { languageOf, wantedLanguages } from './language.ts';

/** The origin this script was loaded from: the proxy, unless it is served from elsewhere. */
export const SCRIPT_ORIGIN = new URL(import.meta.url).origin;

/**
 * The configuration the proxy writes above the script it serves to an allowed page, so that
 * the form needs one request, not two, before its first field; undefined when the script came
 * from elsewhere (then `/api/form` is asked).
 */
declare const ENQUIRY_FORM_CONFIG: PublicFormConfig | undefined;

/**
 * The case type the form does not ask for: the one the tag names when the configuration knows
 * it, or the only one there is. The element and the embed code's drawn form both fix it so.
 */
export function fixedCaseType(
  caseTypes: readonly { id: string }[],
  asked: string | undefined,
): string | undefined {
  if (caseTypes.length === 1) return caseTypes[0]?.id;
  return caseTypes.find((c) => c.id === asked)?.id;
}

/** What the session reads from its element. */
export interface SessionHost extends ControllerHost, Pick<Element, 'closest'> {
  /** The proxy's origin (the element's `endpoint`). */
  readonly endpoint: string;
  /** The case type the tag fixes, if any. */
  readonly caseType: string | undefined;
}

/**
 * What a form needs before it is drawn, besides its configuration, for the case type it is
 * fixed to (the steps part of a form in steps): the form is loading until it is here, and could
 * not be loaded when it fails.
 */
export type FormReady = (
  config: PublicFormConfig,
  fixed: string | undefined,
) => Promise<unknown> | false | undefined;

/** The configuration, the draft and the tokens of one element. */
export class SessionController implements ReactiveController {
  /** The proxy's form configuration, once loaded. */
  config: PublicFormConfig | undefined;
  #loading = false;
  #tokenAsked = false;
  /** The form token request in flight, so that two callers make one request. */
  #tokenRequest: Promise<FormToken | undefined> | undefined;
  /** What tells this form's draft apart (`draftKey`); empty until the draft is read (`restore`). */
  #key = '';
  #draft: Draft = { values: emptyValues() };

  readonly #host: SessionHost;
  readonly #state: FormState;
  /** Values the page gives (the tag's `data-` attributes, the URL's parameters). */
  readonly #page: () => PageReader;
  /** What the form needs before it is drawn, besides its configuration. */
  readonly #ready: FormReady;

  constructor(host: SessionHost, state: FormState, page: () => PageReader, ready: FormReady) {
    this.#host = host;
    this.#state = state;
    this.#page = page;
    this.#ready = ready;
    host.addController(this);
  }

  /** Files chosen before the page was reloaded: their names, to ask for them again. */
  lostFiles: readonly string[] = [];

  /** Keeps the names of the files now chosen (the files themselves cannot be kept). */
  rememberFiles(names: string[]): void {
    this.#draft.fileNames = names;
    this.#save();
  }

  /** What the visitor has typed or chosen. */
  get values(): Values {
    return this.#draft.values;
  }

  /** A proxy URL. */
  url(path: string): string {
    return `${this.#host.endpoint.replace(/\/+$/, '')}${path}`;
  }

  hostConnected(): void {
    if (!this.config && !this.#loading) void this.load();
  }

  /**
   * Loads the configuration (at once when the proxy inlined it in the script) and what else the
   * form needs before it is drawn; again after a failure.
   */
  load = async (): Promise<void> => {
    this.#loading = true;
    // The tab's draft is read again (`restore`).
    this.#key = '';
    this.#state.set({ kind: 'loading' });
    // The form token is fetched when the visitor starts typing (`input`), never before the
    // first field: on a slow phone it would be one more request ahead of the form.
    let config: PublicFormConfig;
    let ready: ReturnType<FormReady>;
    try {
      // The inlined form is in the firm's language: one in several languages is asked for in
      // the visitor's (`language.ts`). A form in one language answers the same to any.
      const inlined =
        typeof ENQUIRY_FORM_CONFIG !== 'undefined' && this.url('') === SCRIPT_ORIGIN
          ? ENQUIRY_FORM_CONFIG
          : undefined;
      config =
        inlined && !languageOf(inlined).languages?.[1]
          ? inlined
          : await getJson<PublicFormConfig>(
              this.url(`/api/form?lang=${wantedLanguages(this.#host)}`),
            );
      // Awaited only when there is something to wait for: a configuration written into the
      // script is then drawn at the element's first update, with no "loading" drawn before it.
      ready = this.#ready(config, fixedCaseType(config.caseTypes, this.#host.caseType));
      if (ready) await ready;
    } catch (error) {
      this.#loading = false;
      const notAllowed = error instanceof HttpError && error.status === 403;
      if (notAllowed)
        console.error(
          `<enquiry-form>: ${location.origin} is not in ALLOWED_ORIGINS of the proxy at ${this.#host.endpoint}`,
        );
      this.#state.set({ kind: 'unavailable', reason: notAllowed ? 'not-allowed' : 'network' });
      return;
    }
    this.#loading = false;
    this.config = config;
    const asked = this.#host.caseType;
    if (asked && !this.config.caseTypes.some((caseType) => caseType.id === asked))
      console.warn(
        `<enquiry-form>: case-type "${asked}" is unknown; known: ${this.config.caseTypes.map((c) => c.id).join(', ')}`,
      );
    // A form that waited for a part reads the tab's draft before it is drawn (its step decides
    // what is drawn); one drawn at once reads it after its first frame (`restore`).
    if (ready) this.restore();
    else this.#fill();
    this.#state.set({ kind: 'idle' });
  };

  /**
   * Reads the tab's draft (what was typed before a reload), once after each load: the first look
   * at sessionStorage waits for the browser's own process, which the first field need not wait
   * for. A form drawn at once reads it after its first frame, as its late bundle starts to load
   * (the element's `#whenLate`), or at the first keystroke if that is sooner: a keystroke is kept
   * after the draft is read, so what the visitor types is never overwritten by what was kept.
   */
  restore(): void {
    if (this.#key) return;
    this.#key = draftKey(
      location.pathname,
      this.#host.caseType,
      this.#host instanceof Element ? formInstance(this.#host) : '',
    );
    this.#draft = loadDraft(this.#key);
    this.lostFiles = this.#draft.fileNames ?? [];
    this.#fill();
    this.#host.requestUpdate();
  }

  /** The page's values (prefill) and the fixed case type, in the draft where it has none. */
  #fill(): void {
    if (!this.config) return;
    applyPrefill(this.config, this.#draft.values.answers, this.#page());
    const fixed = this.fixedCaseType();
    if (fixed) this.#draft.values.case_type = fixed;
  }

  /** The tag's case type when the configuration knows it, or the only one there is. */
  fixedCaseType(): string | undefined {
    return fixedCaseType(this.config?.caseTypes ?? [], this.#host.caseType);
  }

  /** Keeps what a control now holds; false when the control is not one the draft keeps. */
  input(control: HTMLInputElement): boolean {
    this.restore();
    if (!readInput(this.#draft.values, control)) return false;
    this.#save();
    // The bot check's clock starts with the first keystroke (sending waits for it if need be);
    // asked once here: a failure is retried when the visitor sends, not at every keystroke.
    if (!this.#tokenAsked && !this.#draft.formToken) {
      this.#tokenAsked = true;
      void this.formToken();
    }
    return true;
  }

  /**
   * The session's earliest form token, fetched when there is none (yet); with `fresh`, a new one
   * in its place, for when the proxy can no longer verify it.
   */
  formToken(fresh = false): Promise<FormToken | undefined> {
    if (!fresh && this.#tokenRequest) return this.#tokenRequest;
    const request = this.#fetchToken(fresh).finally(() => {
      if (this.#tokenRequest === request) this.#tokenRequest = undefined;
    });
    this.#tokenRequest = request;
    return request;
  }

  async #fetchToken(fresh: boolean): Promise<FormToken | undefined> {
    if (fresh || !this.#draft.formToken) {
      // Signed for the version the form was drawn from, which its enquiry is checked against
      // (a proxy that names none reads "undefined" as the version it serves).
      const answer = await getJson<FormTokenResponse>(
        this.url(`/api/form-token?form_version=${this.config?.version}`),
      ).catch(() => undefined);
      if (answer?.token && (fresh || !this.#draft.formToken)) {
        this.#draft.formToken = { token: answer.token, receivedAt: Date.now() };
        this.#save();
      }
    }
    return this.#draft.formToken;
  }

  /** The idempotency key of the enquiry being sent, kept with the draft (`late/enquiry-key.ts`). */
  get submission(): SubmissionKey | undefined {
    return this.#draft.submission;
  }

  set submission(kept: SubmissionKey | undefined) {
    this.#draft.submission = kept;
    this.#save();
  }

  /** What tells this form's draft apart from others' (`draftKey`). */
  get key(): string {
    return this.#key;
  }

  /** The step shown, in a form in steps; kept with the draft. */
  get step(): string | undefined {
    return this.#draft.step;
  }

  set step(key: string | undefined) {
    this.#draft.step = key;
    this.#save();
  }

  /** Forgets the draft once the proxy has the enquiry. */
  clear(): void {
    clearDraft(this.#key);
  }

  #save(): void {
    saveDraft(this.#key, this.#draft);
  }
}
