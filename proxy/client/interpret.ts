/**
 * What the platform's answer to a create or an upload means: the id, or an `EnquiryApiError`
 * of the right kind. The rules, in order:
 *
 * 1. A redirect is a configuration error (the API is not at `ENQUIRY_API_URL`).
 * 2. An envelope (found even behind PHP notices) speaks for itself: its `code` and `result`
 *    decide, whatever the HTTP status (PHP may send a 400 envelope with 200).
 * 3. A 2xx with an id is done. A 2xx with the envelope but no readable id, or a body past the
 *    reading cap, means the step was done and its id is lost: never sent again (for a create,
 *    "created, id unknown"). A 2xx that is a web page, or JSON that is not the envelope, is not
 *    the API at all: nothing was created.
 * 4. 400 with the spec's envelope: refused. 401/403: the login is refused. 404: no route,
 *    unless the API's own envelope says what is missing (an upload's enquiry).
 * 5. 405 or 501 (POST not taken there), or any other 4xx that is neither the spec's envelope
 *    nor a WordPress REST error: not the API (a web server, another API). Pauses, as 4 does.
 * 6. 408, 429, 5xx: try again; possibly done unless the service said it would not take it (503)
 *    or WordPress stopped before any plugin ran (its error page).
 */
import { retryAfterMs } from '../contract/retry-after.ts';
import { EnquiryApiError, type EnquiryApiErrorDetails } from './errors.ts';
import type { Answer } from './read-answer.ts';
import type { Scrubber } from './scrub.ts';
import type { AnswerHeaders } from './transport.ts';
import { badRequestEnvelopeSchema, parameterNamed, successId } from './schemas.ts';
import {
  isWordPressError,
  loginHint,
  NO_ROUTE_HINT,
  NOT_THE_API_HINT,
  WEB_PAGE_HINT,
  wordpressCode,
  wordPressErrorPage,
} from './wordpress.ts';

/** An answer as it arrived. */
export interface Arrived {
  endpoint: 'create' | 'upload';
  status: number;
  headers: AnswerHeaders;
  answer: Answer;
  scrub: Scrubber;
}

/**
 * Whether a 5xx may follow work the API did: a failing application (500) or a gateway that gave
 * up waiting or lost the upstream (502, 504, Cloudflare's 52x) answers after the request reached
 * it. 503 says the service would not take it (maintenance, overload). (501 never gets here.)
 */
const mayHaveBeenProcessed = (status: number) => status >= 500 && status !== 503;

/** The id the platform gave, or throws what went wrong. */
export function interpret({ endpoint, status, headers, answer, scrub }: Arrived): number {
  // Scrubbed only for an error: an answer with the id is not kept.
  const fail = (message: string, details: Omit<EnquiryApiErrorDetails, 'endpoint' | 'body'>) =>
    new EnquiryApiError(`enquiry API ${message}`, {
      ...details,
      endpoint,
      status,
      body: answer.json === undefined ? scrub.text(answer.text) : scrub.value(answer.json),
    });
  const notTheApi = (what: string, hint = NOT_THE_API_HINT) =>
    fail(`answered ${status} with ${what} on ${endpoint}: not the enquiry API`, {
      kind: 'configuration',
      outcomeUnknown: false,
      hint,
    });

  if (status >= 300 && status < 400) {
    const to = scrub.text(headers.get('location') ?? '(no Location)');
    throw fail(`answered ${status} on ${endpoint}, redirecting to ${to}`, {
      kind: 'configuration',
      outcomeUnknown: false,
      hint: `The platform redirects its API to ${to}: put the address it redirects to (without /enquiries/${endpoint}) in ENQUIRY_API_URL.`,
    });
  }
  const envelopeCode = envelopeStatus(answer);
  const effective =
    status >= 200 && status < 300 && envelopeCode !== undefined ? envelopeCode : status;

  if (effective >= 200 && effective < 300) {
    const id = successId(answer.json);
    if (id !== undefined) return id;
    // PHP printed notices, so the API ran, but its JSON is broken: done, id lost (below).
    if (!answer.truncated && answer.notices.length === 0) {
      if (answer.json === undefined) throw notTheApi('a web page', WEB_PAGE_HINT);
      if (!isEnvelope(answer)) throw notTheApi('JSON that is not the spec’s envelope');
    }
    throw fail(`answered ${status} on ${endpoint} without a readable id`, {
      kind: 'unknown',
      outcomeUnknown: true,
      answeredSuccess: true,
    });
  }
  const badRequest = badRequestEnvelopeSchema.safeParse(answer.json);
  if (effective === 400 && badRequest.success) {
    const text = scrub.text(badRequest.data.status);
    throw fail(`refused the ${endpoint}: ${text}`, {
      kind: 'validation',
      outcomeUnknown: false,
      parameter: parameterNamed(badRequest.data.status),
    });
  }
  if (effective === 401 || effective === 403) {
    const code = wordpressCode(answer);
    throw fail(`refused the login (${effective}${code ? ` ${code}` : ''}) on ${endpoint}`, {
      kind: 'authentication',
      outcomeUnknown: false,
      hint: loginHint(effective, answer),
    });
  }
  if (effective === 404 && wordpressCode(answer) === 'rest_no_route') {
    throw fail(`has no route for ${endpoint} (404)`, {
      kind: 'configuration',
      outcomeUnknown: false,
      hint: NO_ROUTE_HINT,
    });
  }
  if (effective === 405 || effective === 501)
    throw notTheApi(`${describe(answer)}, taking no POST,`);
  const refusedByAnother =
    effective >= 400 && effective < 500 && ![408, 413, 429].includes(effective);
  if (refusedByAnother && !isEnvelope(answer) && !isWordPressError(answer))
    throw notTheApi(describe(answer), answer.html ? WEB_PAGE_HINT : NOT_THE_API_HINT);
  if (effective === 408 || effective === 429 || effective >= 500) {
    const errorPage = wordPressErrorPage(answer);
    throw fail(`answered ${effective} on ${endpoint}${errorPage ? `: ${errorPage}` : ''}`, {
      kind: 'retryable',
      retryAfterMs: retryAfterMs(headers.get('retry-after')),
      outcomeUnknown: mayHaveBeenProcessed(effective) && errorPage === undefined,
    });
  }
  throw fail(`gave an unexpected answer (${effective}) on ${endpoint}`, {
    kind: 'unknown',
    outcomeUnknown: false,
  });
}

/** The `code` of a spec envelope, when the body is one (a number from 100 to 599). */
function envelopeStatus(answer: Answer): number | undefined {
  const code = (answer.json as { code?: unknown } | undefined)?.code;
  const number = typeof code === 'string' && /^\d{3}$/.test(code) ? Number(code) : code;
  return typeof number === 'number' && number >= 100 && number <= 599 ? number : undefined;
}

/** The spec's envelope (section 2.4), however incomplete: an HTTP-like `code`, or a `result`. */
function isEnvelope(answer: Answer): boolean {
  const { json } = answer;
  return (
    envelopeStatus(answer) !== undefined ||
    (typeof json === 'object' && json !== null && Object.hasOwn(json, 'result'))
  );
}

/** What came back instead of the API's answer, in a few words. */
const describe = (answer: Answer) =>
  answer.html ? 'a web page' : answer.json === undefined ? 'text' : 'JSON of another kind';
