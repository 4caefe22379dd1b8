/**
 * Every refusal the enquiry route gives (a guard at the door, the intake's checks, the outbox out
 * of room), answered by the one place that answers refusals: to the widget in JSON, to the page
 * without JavaScript as that page, with the same status and words. The page is the form again,
 * values kept, the refusal in its error summary; refused before the fields were read, or when
 * sending again cannot help, a page saying why.
 */
import { describe, expect, it } from 'vitest';
import type { ErrorResponse } from '../contract/wire.ts';
import { StoreUnavailableError, type OutboxStore } from '../outbox/store.ts';
import { apiError } from '../test/fixtures/outbox.ts';
import { inputs, plainForm, postPlain } from '../test/fixtures/plain-post.ts';
import {
  harnessPerTest,
  sampleFiles,
  type HarnessOptions,
  type ProxyHarness,
} from '../test/fixtures/proxy-harness.ts';

const setUp = harnessPerTest();
const ELSEWHERE = 'https://elsewhere.example';
const MB = 1024 * 1024;

/** How one refusal is asked for: as the widget sends, and as the page posts. */
interface Case {
  options?: (h: () => ProxyHarness) => HarnessOptions;
  /** Sent first, on the same harness (a limit spent, a key used). */
  before?: (h: ProxyHarness) => unknown;
  json: (h: ProxyHarness) => Response | Promise<Response>;
  page: (h: ProxyHarness) => Response | Promise<Response>;
  status: number;
  error: string;
  retryAfter?: boolean;
  /** Refused once its fields were read, and sending them again can help: the form again. */
  redrawn: boolean;
}

/** A store whose `accept` fails as `error` says (the disk full, the database away, a fault). */
const failingAccept =
  (error: () => Error) =>
  (harness: () => ProxyHarness): HarnessOptions => ({
    deps: {
      store: new Proxy({} as OutboxStore, {
        get: (_target, name: keyof OutboxStore) =>
          name === 'accept'
            ? () => Promise.reject(error())
            : (...args: never[]) =>
                (harness().store[name] as (...a: never[]) => unknown).apply(harness().store, args),
      }),
    },
  });

const pdfOf = (bytes: number) =>
  new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(bytes - 9, 0x20)]));

/** The page's form with a file, as a browser posts it: the file last. */
const withFile = (h: ProxyHarness, name: string, bytes: Uint8Array) => {
  const form = plainForm(h.formToken());
  form.append('files', new File([bytes as Uint8Array<ArrayBuffer>], name));
  return form;
};

const CASES: Record<string, Case> = {
  '400: a field the visitor can put right': {
    json: (h) => h.submit({ surname: 'x'.repeat(101) }),
    page: (h) => postPlain(h, plainForm(h.formToken(), { surname: 'x'.repeat(101) })),
    status: 400,
    error: 'validation',
    redrawn: true,
  },
  '403: a page of a site that may not send': {
    json: (h) => h.submit({}, [], { origin: ELSEWHERE }),
    page: (h) => postPlain(h, plainForm(h.formToken()), { headers: { origin: ELSEWHERE } }),
    status: 403,
    error: 'origin_not_allowed',
    redrawn: false,
  },
  '413: a file larger than the form takes': {
    json: (h) => h.submit({}, [{ name: 'deeds.pdf', bytes: pdfOf(11 * MB) }]),
    page: (h) => postPlain(h, withFile(h, 'deeds.pdf', pdfOf(11 * MB))),
    status: 413,
    error: 'too_large',
    redrawn: true,
  },
  '415: a file of a kind the platform does not take': {
    json: (h) => h.submit({}, [{ name: 'invoice.pdf', bytes: sampleFiles.exe() }]),
    page: (h) => postPlain(h, withFile(h, 'invoice.pdf', sampleFiles.exe())),
    status: 415,
    error: 'unsupported_file',
    redrawn: true,
  },
  '422: a key used before for another enquiry': {
    before: async (h) => {
      await h.submit({}, [], { 'idempotency-key': 'page-key-1' });
      await postPlain(h, plainForm(h.formToken()), {
        action: '/api/enquiries?idempotency-key=page-key-2',
      });
    },
    json: (h) => h.submit({ surname: 'Byron' }, [], { 'idempotency-key': 'page-key-1' }),
    page: (h) =>
      postPlain(h, plainForm(h.formToken(), { surname: 'Byron' }), {
        action: '/api/enquiries?idempotency-key=page-key-2',
      }),
    status: 422,
    error: 'idempotency_key_reused',
    // The form again would carry the same key, and be refused again: a dead end.
    redrawn: false,
  },
  '429: too many from one address, at the door': {
    options: () => ({ limits: { perClient: 2 } }),
    before: async (h) => {
      await h.submit();
      await h.submit();
    },
    json: (h) => h.submit(),
    page: (h) => postPlain(h, plainForm(h.formToken())),
    status: 429,
    error: 'rate_limited',
    retryAfter: true,
    redrawn: false,
  },
  '429: too many from everybody, once the fields are read': {
    options: () => ({ limits: { global: 1 } }),
    before: (h) => h.submit(),
    json: (h) => h.submit(),
    page: (h) => postPlain(h, plainForm(h.formToken())),
    status: 429,
    error: 'rate_limited',
    retryAfter: true,
    redrawn: true,
  },
  '503: more bytes arriving than the proxy holds at once': {
    options: () => ({ limits: { uploadBytes: 100 } }),
    json: (h) => h.submit(),
    page: (h) => postPlain(h, plainForm(h.formToken())),
    status: 503,
    error: 'busy',
    retryAfter: true,
    redrawn: false,
  },
  '503: the outbox’s disk full': {
    options: failingAccept(() => Object.assign(new Error('no space'), { code: 'ENOSPC' })),
    json: (h) => h.submit(),
    page: (h) => postPlain(h, plainForm(h.formToken())),
    status: 503,
    error: 'storage_full',
    retryAfter: true,
    redrawn: true,
  },
  '503: the outbox’s database away': {
    options: failingAccept(() => new StoreUnavailableError(new Error('Connection terminated'))),
    json: (h) => h.submit(),
    page: (h) => postPlain(h, plainForm(h.formToken())),
    status: 503,
    error: 'storage_unavailable',
    retryAfter: true,
    redrawn: true,
  },
  '500: a fault of ours, not the request’s': {
    options: failingAccept(() => new Error('a fault nobody foresaw')),
    json: (h) => h.submit(),
    page: (h) => postPlain(h, plainForm(h.formToken())),
    status: 500,
    error: 'internal',
    redrawn: true,
  },
  '502: a stored enquiry the platform refused': {
    options: () => ({
      answer: () => {
        throw apiError('validation', 'create', { status: 400, parameter: 'forename' });
      },
    }),
    json: (h) => h.submit(),
    page: (h) => postPlain(h, plainForm(h.formToken())),
    status: 502,
    error: 'upstream_rejected',
    // Stored: the form sent again would be the same enquiry, and the same answer.
    redrawn: false,
  },
  '503: the security challenge not checked': {
    options: () => ({
      bots: {
        verifyTurnstile: () => Promise.resolve({ passed: false, reason: 'unavailable', codes: [] }),
      },
    }),
    json: (h) => h.submit({ turnstile_token: 'token' }),
    page: (h) => postPlain(h, plainForm(h.formToken(), { turnstile_token: 'token' })),
    status: 503,
    error: 'challenge_unavailable',
    redrawn: true,
  },
};

/** The words a visitor reads of a refusal, as a page writes them, with the page's reference. */
const wordsOf = (body: ErrorResponse, pageReference: string | null) =>
  (body.issues?.length ? body.issues.map((issue) => issue.message) : [body.message]).map((text) =>
    (body.reference && pageReference ? text.replaceAll(body.reference, pageReference) : text)
      .replace(/&/g, '&amp;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;'),
  );

async function refused(name: string, how: 'json' | 'page') {
  const { options, before, status } = CASES[name] as Case;
  // The options may reach the harness they are given to, once it is built (`failingAccept`).
  const harness: ProxyHarness = setUp(options?.(() => harness) ?? {});
  if (before) await before(harness);
  const response = await (CASES[name] as Case)[how](harness);
  expect(response.status).toBe(status);
  return response;
}

describe('a refusal', () => {
  for (const [name, refusal] of Object.entries(CASES)) {
    it(`${name}: JSON for the widget, the page for a browser without JavaScript`, async () => {
      const json = await refused(name, 'json');
      expect(json.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await json.json()) as ErrorResponse;
      expect(body.error).toBe(refusal.error);
      if (refusal.retryAfter) expect(json.headers.get('retry-after')).toMatch(/^\d+$/);

      const response = await refused(name, 'page');
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      if (refusal.retryAfter) expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      const page = await response.text();
      const reference = response.headers.get('x-enquiry-reference');
      for (const words of wordsOf(body, reference)) expect(page).toContain(words);
      if (refusal.redrawn) {
        expect(page).toContain('<title>Error: Send an enquiry</title>');
        expect(page).toContain('class="summary"');
        expect(inputs(page, 'forename', 'Ada')).toHaveLength(1);
        expect(page).toContain('First home</textarea>');
      } else {
        expect(page).not.toContain('<form');
      }
    });
  }

  it('from the app’s other routes is answered in JSON, by the same words', async () => {
    const harness = setUp();
    const response = await harness.app.request('/api/form-token', {
      headers: { origin: ELSEWHERE, accept: 'text/html' },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'origin_not_allowed' });
  });
});
