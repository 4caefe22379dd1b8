/**
 * A landing page with `<enquiry-form>` on it and a pretend proxy, both served by `page.route()`
 * at http://127.0.0.1:4173 (a secure context, like a real https page). The widget specs use it
 * to load the built bundle and to answer `/api/form`, `/api/form-token` and `/api/enquiries`
 * the way the proxy would, recording every submission. The page it serves is
 * `harness-page.ts`, the replies `harness-replies.ts`.
 */
import type { Locator, Page, Route } from '@playwright/test';
import type { EnquiryPartInput } from '../../proxy/contract/schemas/enquiry-part.ts';
import {
  asServed,
  bundle,
  harnessScript,
  harnessStyles,
  lateBundle,
  lateFiles,
  pageHtml,
} from './harness-page.ts';
import { answer, DELIVERED, type Reply } from './harness-replies.ts';
import { parseMultipart } from './multipart.ts';

// The replies a spec gives live in `harness-replies.ts`; the specs take them from here.
export { DELIVERED, held, QUEUED, type Reply } from './harness-replies.ts';

export const ORIGIN = 'http://127.0.0.1:4173';
export const STRICT_CSP = "default-src 'self'; script-src 'self'; style-src 'self'";
/** The first token `/api/form-token` hands out; later ones count up (`...-2`, `...-3`). */
export const FORM_TOKEN = 'signed-start-time-1';

export interface SentFile {
  name: string;
  contentType: string | undefined;
  size: number;
}

export interface Submission {
  /** `Date.now()` when the POST reached the harness. */
  receivedAt: number;
  idempotencyKey: string | undefined;
  enquiry: EnquiryPartInput;
  files: SentFile[];
  partNames: string[];
}

export interface HarnessOptions {
  /** The form configuration `/api/form` answers with. */
  config: unknown;
  /** Attributes of the `<enquiry-form>` tag. */
  attributes?: Record<string, string>;
  /** Several tags on the page instead, each with its attributes. */
  forms?: Record<string, string>[];
  /**
   * What `/api/form?lang=` answers for the languages asked (`null` when none are): a form in
   * several languages, as the proxy answers it in each. Instead of `config`.
   */
  configIn?: (lang: string | null) => unknown;
  /** The landing page's `<html lang>` (`en` unless given; `''` for none). */
  pageLang?: string;
  /** What `/api/form` answers instead of the configuration (a refusal, say). */
  formReply?: Reply;
  /** Serve the page with `Content-Security-Policy: STRICT_CSP`. */
  csp?: boolean;
  /** Answers to the POSTs, in order; `DELIVERED` once they run out. */
  replies?: Reply[];
  /** How many `/api/form-token` requests fail (503) before tokens are handed out. */
  tokenFailures?: number;
  /** What `/turnstile.js` serves (a stand-in for Cloudflare's script). */
  turnstileScript?: string;
  /** How many requests for `/turnstile.js` answer 404 (a blocker, a network fault) before it is served. */
  turnstileFailures?: number;
  /** Pages that load the script but have no form on them (an advert's landing page). */
  pagesWithoutForm?: string[];
  /** The form drawn in the page (`bundle/embed-code.ts`): a declarative shadow root's HTML. */
  drawn?: string;
  /** The tag's own content after the drawn form: the page's fallback (`bundle/fallback.ts`). */
  fallback?: string;
  /** The script is answered only once this settles (a slow network). */
  scriptHeld?: Promise<unknown>;
  /** The page's stylesheet is answered only once this settles. */
  stylesheetHeld?: Promise<unknown>;
  /**
   * How the late bundle is answered: only once `until` settles (a slow network), and the first
   * `failures` requests dropped (offline).
   */
  lateBundle?: { until?: Promise<unknown>; failures?: number };
  /**
   * The late bundle's chunks (steps, Turnstile, uploads) held until `until`, the first
   * `failures` requests for them dropped, and every one dropped while `offline()` says so.
   */
  lateChunks?: { until?: Promise<unknown>; failures?: number; offline?: () => boolean };
  /** The first `failures` requests for the entry's parts (the steps, the drawn form's) dropped. */
  parts?: { failures?: number };
  /** What `GET /api/slots` answers for a query (the appointment question's free times). */
  slots?: (query: URLSearchParams) => Reply;
}

export class WidgetHarness {
  readonly submissions: Submission[] = [];
  readonly replies: Reply[];
  tokenRequests = 0;
  turnstileRequests = 0;
  /** `Date.now()` as each token was handed out, in order. */
  readonly tokensIssuedAt: number[] = [];
  lateBundleRequests = 0;
  /** The `lang` of each `/api/form` request, in order (`null` when it had none). */
  readonly formLanguages: (string | null)[] = [];
  /** The late bundle's chunks asked for, by name, in order (a form uses only what it needs). */
  readonly lateChunkRequests: string[] = [];
  /** The entry's parts asked for, by the feature each carries, in order (`ENTRY_PARTS`). */
  readonly partRequests: string[] = [];
  /** The query of each `GET /api/slots`, in order. */
  readonly slotsRequests: URLSearchParams[] = [];
  readonly form: Locator;

  constructor(
    readonly page: Page,
    readonly options: HarnessOptions,
  ) {
    this.replies = [...(options.replies ?? [])];
    this.form = page.locator('enquiry-form');
  }

  /**
   * The late bundle (held until `lateBundle.until`), one of its chunks or one of the entry's
   * parts, each dropped for its first `failures` requests (offline), counted as asked for.
   */
  async #serveLate(route: Route, path: string): Promise<void> {
    let asked: number;
    let failures: number | undefined;
    const files = lateFiles();
    const part = files.parts[path.slice(1)];
    if (part !== undefined) {
      asked = this.partRequests.push(part);
      failures = this.options.parts?.failures;
    } else if (files.entry === path.slice(1)) {
      asked = ++this.lateBundleRequests;
      await this.options.lateBundle?.until;
      failures = this.options.lateBundle?.failures;
    } else {
      asked = this.lateChunkRequests.push(path.slice(1));
      await this.options.lateChunks?.until;
      failures = this.options.lateChunks?.failures;
      if (this.options.lateChunks?.offline?.()) return route.abort('internetdisconnected');
    }
    if (asked <= (failures ?? 0)) return route.abort('internetdisconnected');
    return route.fulfill({ contentType: 'text/javascript', body: lateBundle(path) });
  }

  /** Routes the origin; call once per page before the first `goto`. */
  async install(): Promise<void> {
    await this.page.route(`${ORIGIN}/**`, async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      const json = (body: unknown, status = 200) =>
        route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
      if (/^\/enquiry-form\.late-[A-Za-z0-9]+\.js$/.test(url.pathname))
        return this.#serveLate(route, url.pathname);
      switch (url.pathname) {
        case '/enquiry-form.js':
          await this.options.scriptHeld;
          return route.fulfill({ contentType: 'text/javascript', body: bundle() });
        case '/harness.js':
          return route.fulfill({ contentType: 'text/javascript', body: harnessScript });
        case '/harness.css':
          await this.options.stylesheetHeld;
          return route.fulfill({ contentType: 'text/css', body: harnessStyles });
        case '/turnstile.js':
          this.turnstileRequests += 1;
          if (this.turnstileRequests <= (this.options.turnstileFailures ?? 0)) {
            return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
          }
          return route.fulfill({
            contentType: 'text/javascript',
            body: this.options.turnstileScript ?? '',
          });
        case '/api/form':
          if (this.options.formReply?.abort) return route.abort('connectionreset');
          if (this.options.formReply)
            return json(this.options.formReply.body, this.options.formReply.status);
          this.formLanguages.push(url.searchParams.get('lang'));
          return json(
            asServed(this.options.configIn?.(url.searchParams.get('lang')) ?? this.options.config),
          );
        case '/api/form-token':
          this.tokenRequests += 1;
          if (this.tokenRequests <= (this.options.tokenFailures ?? 0)) {
            return json({ error: 'unavailable', message: '' }, 503);
          }
          this.tokensIssuedAt.push(Date.now());
          return json({ token: FORM_TOKEN.replace(/1$/, String(this.tokensIssuedAt.length)) });
        case '/api/enquiries':
          return this.#answerSubmission(route);
        case '/api/slots':
          this.slotsRequests.push(url.searchParams);
          return answer(route, this.options.slots?.(url.searchParams) ?? { status: 404 });
        default:
          return route.fulfill({
            contentType: 'text/html',
            headers: this.options.csp ? { 'Content-Security-Policy': STRICT_CSP } : {},
            body: pageHtml(
              this.options.pagesWithoutForm?.includes(url.pathname)
                ? undefined
                : (this.options.forms ?? [this.options.attributes ?? {}]),
              `${this.options.drawn ?? ''}${this.options.fallback ?? ''}`,
              this.options.pageLang,
            ),
          });
      }
    });
  }

  async #answerSubmission(route: Parameters<Parameters<Page['route']>[1]>[0]) {
    const receivedAt = Date.now();
    const request = route.request();
    const headers = await request.allHeaders();
    const parts = parseMultipart(
      headers['content-type'] ?? '',
      request.postDataBuffer() ?? Buffer.alloc(0),
    );
    const enquiryPart = parts.find((part) => part.name === 'enquiry');
    this.submissions.push({
      receivedAt,
      idempotencyKey: headers['idempotency-key'],
      enquiry: JSON.parse(enquiryPart?.body.toString('utf8') ?? 'null') as EnquiryPartInput,
      files: parts
        .filter((part) => part.name === 'files')
        .map((part) => ({
          name: part.filename ?? '',
          contentType: part.contentType,
          size: part.body.length,
        })),
      partNames: parts.map((part) => part.name),
    });
    return answer(route, this.replies.shift() ?? DELIVERED);
  }

  async goto(path = '/', referer?: string): Promise<void> {
    // A held script holds the load event too: then the page is only waited for to arrive.
    const waitUntil = this.options.scriptHeld ? 'commit' : 'load';
    await this.page.goto(`${ORIGIN}${path}`, { waitUntil, ...(referer ? { referer } : {}) });
    const withoutForm = this.options.pagesWithoutForm?.includes(new URL(path, ORIGIN).pathname);
    // A refused configuration or part shows no form; with several, the last to render is waited for
    // (its enquiry's form: "Save and continue later" adds a form of its own after it).
    if (!withoutForm && !this.options.formReply && !this.options.parts?.failures)
      await this.form.last().locator('form').first().waitFor();
    // Nor does a held script let the page's stylesheet be waited for by the load event, and a
    // page measured before it applies is laid out with the browser's margins and font.
    if (this.options.scriptHeld)
      await this.page.waitForFunction(() =>
        [...document.querySelectorAll('link[rel=stylesheet]')].every(
          (link) => (link as HTMLLinkElement).sheet !== null,
        ),
      );
  }

  events(): Promise<{ type: string; detail: Record<string, unknown> }[]> {
    return this.page.evaluate(() => (window as unknown as { __events: [] }).__events);
  }

  violations(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { __violations: [] }).__violations);
  }
}

/** Installs the harness on `page` and opens the landing page at `path`. */
export async function openForm(page: Page, options: HarnessOptions, path = '/', referer?: string) {
  const harness = new WidgetHarness(page, options);
  await harness.install();
  await harness.goto(path, referer);
  return harness;
}
