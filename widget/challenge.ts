/**
 * The optional Cloudflare Turnstile check. Turnstile renders into the document, not into a shadow
 * root, so the element puts a light-DOM `<div slot="challenge">` in itself and slots it where
 * the check belongs in the form. The script is added as an ordinary `<script src async>`: no
 * inline script, so a strict Content-Security-Policy only has to allow its origin.
 */
import type { ReactiveControllerHost } from 'lit';

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

export interface ChallengeSettings {
  siteKey: string;
  scriptUrl: string;
}

export class ChallengeLoadError extends Error {
  override readonly name = 'ChallengeLoadError';
}

/** One script per page, however many forms ask for it. */
const scripts = new Map<string, Promise<TurnstileApi>>();

function loadScript(url: string): Promise<TurnstileApi> {
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.addEventListener('load', () =>
        window.turnstile
          ? resolve(window.turnstile)
          : reject(new ChallengeLoadError(`${url} did not define window.turnstile`)),
      );
      script.addEventListener('error', () => reject(new ChallengeLoadError(`${url} failed`)));
      document.head.append(script);
    });
    scripts.set(url, loading);
  }
  return loading;
}

export class ChallengeController {
  /** The token of a passed check; empty until then, and again after a reset or expiry. */
  token = '';
  #container: HTMLElement | undefined;
  #api: TurnstileApi | undefined;
  #widgetId: string | undefined;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {}

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
    this.host.requestUpdate();
    this.#api = await loadScript(settings.scriptUrl);
    this.#widgetId =
      this.#api.render(container, {
        sitekey: settings.siteKey,
        callback: (token) => this.#setToken(token),
        'expired-callback': () => this.#setToken(''),
        'error-callback': () => this.#setToken(''),
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

  #setToken(token: string) {
    this.token = token;
    this.host.requestUpdate();
  }
}
