/**
 * The optional Cloudflare Turnstile check. Turnstile renders into the document, not into a shadow
 * root, so the element puts a light-DOM `<div slot="challenge">` in itself and slots it where
 * the check belongs in the form. The script is added as an ordinary `<script src async>`: no
 * inline script, so a strict Content-Security-Policy only has to allow its origin. When the script
 * does not load (a content blocker, a policy, the network) the visitor is told, and can retry.
 */
import type { ControllerHost } from '../element-base.ts';
import type { ReactiveController } from 'lit';
import type { Translator } from '../i18n.ts';
import type { ShownIssue } from '../issues.ts';
import { html } from './lit-tags.ts';

interface TurnstileRenderOptions {
  sitekey: string;
  callback: (token: string) => void;
  'expired-callback': () => void;
  'error-callback': () => void;
  'response-field': boolean;
}

/** The part of `window.turnstile` the widget uses. */
export interface TurnstileApi {
  render(container: HTMLElement, options: TurnstileRenderOptions): string | null | undefined;
  reset(widgetId?: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

/** Turnstile's site key and script, from the proxy's configuration. */
export interface ChallengeSettings {
  siteKey: string;
  scriptUrl: string;
}

/** The Turnstile script did not load (blocked, offline, or not Turnstile). */
export class ChallengeLoadError extends Error {
  override readonly name = 'ChallengeLoadError';
}

/** One script per page, however many forms ask for it; forgotten when it fails, for a retry. */
const scripts = new Map<string, Promise<TurnstileApi>>();

function loadScript(url: string): Promise<TurnstileApi> {
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      const script = document.createElement('script');
      const fail = (why: string) => {
        scripts.delete(url);
        script.remove();
        reject(new ChallengeLoadError(`${url} ${why}`));
      };
      script.src = url;
      script.async = true;
      script.addEventListener('load', () => {
        if (window.turnstile) resolve(window.turnstile);
        else fail('did not define window.turnstile');
      });
      script.addEventListener('error', () => {
        fail('failed to load');
      });
      document.head.append(script);
    });
    scripts.set(url, loading);
  }
  return loading;
}

/**
 * The Turnstile check of one element: starts once the configuration asks for it (a reactive
 * controller, it looks after each render), holds the token of a passed check.
 */
export class ChallengeController implements ReactiveController {
  /** The token of a passed check; empty until then, and again after a reset or expiry. */
  token = '';
  /** True when the script could not be loaded; `retry()` loads it again. */
  failed = false;
  #settings: ChallengeSettings | undefined;
  #container: HTMLElement | undefined;
  #api: TurnstileApi | undefined;
  #widgetId: string | undefined;

  constructor(
    private readonly host: ControllerHost & HTMLElement,
    private readonly settings: () => ChallengeSettings | undefined,
  ) {
    host.addController(this);
  }

  hostUpdated(): void {
    const settings = this.settings();
    if (settings && !this.#container) void this.start(settings);
  }

  /** True once the configuration asked for a check. */
  get required(): boolean {
    return this.#container !== undefined;
  }

  async start(settings: ChallengeSettings): Promise<void> {
    if (this.#container) return;
    const container = document.createElement('div');
    container.slot = 'challenge';
    // The error summary links here; focus must be able to land on it.
    container.tabIndex = -1;
    this.host.append(container);
    this.#container = container;
    this.#settings = settings;
    await this.#load(settings, container);
  }

  /** Loads the script again after it failed, with focus where the check will appear. */
  async retry(): Promise<void> {
    if (!this.#settings || !this.#container) return;
    this.focus();
    await this.#load(this.#settings, this.#container);
  }

  async #load(settings: ChallengeSettings, container: HTMLElement): Promise<void> {
    this.failed = false;
    this.host.requestUpdate();
    try {
      this.#api = await loadScript(settings.scriptUrl);
    } catch (error) {
      if (!(error instanceof ChallengeLoadError)) throw error;
      this.failed = true;
      this.host.requestUpdate();
      return;
    }
    this.#widgetId =
      this.#api.render(container, {
        sitekey: settings.siteKey,
        callback: (token) => {
          this.#setToken(token);
        },
        'expired-callback': () => {
          this.#setToken('');
        },
        'error-callback': () => {
          this.#setToken('');
        },
        // The token travels in the enquiry JSON, not in a hidden input of the page.
        'response-field': false,
      }) ?? undefined;
  }

  /** A token is good for one verification: after a failed send the visitor passes a new check. */
  reset(): void {
    this.#setToken('');
    this.#api?.reset(this.#widgetId);
  }

  focus(): void {
    this.#container?.scrollIntoView({ block: 'center' });
    this.#container?.focus({ preventScroll: true });
  }

  /** What Send must refuse for: a check asked for and not passed yet. */
  problems(t: Translator): ShownIssue[] {
    const field = 'turnstile_token';
    return this.required && !this.token
      ? [{ field, control: field, text: t.text('turnstile_token.required') }]
      : [];
  }

  /**
   * Follows the error summary's link to the check, outside the shadow root; false for any other
   * link, and while the check's place holds its Try again button (in the shadow root).
   */
  follow(id: string): boolean {
    if (id !== 'turnstile_token' || this.failed) return false;
    this.focus();
    return true;
  }

  #setToken(token: string) {
    this.token = token;
    this.host.requestUpdate();
  }
}

/**
 * What the check's place says when its script could not be loaded, and the button that loads
 * it again (its id is the check's, so the error summary's link leads to it).
 */
export function challengeFailed(
  id: string,
  describedBy: string | symbol,
  t: Translator,
  retry: () => void,
) {
  return html`<p role="alert">${t.text('challengeFailed')}</p>
    <button
      class="button button--secondary"
      id=${id}
      type="button"
      aria-describedby=${describedBy}
      @click=${retry}
    >
      ${t.text('challengeRetry')}
    </button>`;
}
