/**
 * Every way a call to the enquiry API can fail, sorted into what the caller should do about it.
 * Messages name the endpoint and status, never the credentials or the request body.
 */
import { retryAfterMs } from '../contract/retry-after.ts';
import {
  badRequestEnvelopeSchema,
  parameterNamed,
  specUnauthorizedSchema,
  wordpressUnauthorizedSchema,
} from './schemas.ts';

/**
 * - `validation`: the API refused the request (400); sending it again will not help.
 * - `authentication`: the credentials are wrong or missing (401); nothing will work until fixed.
 * - `retryable`: network trouble, a timeout, 408, 429 or 5xx; try again later.
 * - `unknown`: any other answer, including ones that are not JSON; retry cautiously and log it.
 */
export type FailureKind = 'validation' | 'authentication' | 'retryable' | 'unknown';

/** What is known about a failed call. */
export interface EnquiryApiErrorDetails {
  kind: FailureKind;
  endpoint: 'create' | 'upload';
  status?: number | undefined;
  /** For `validation`: the parameter the API named. */
  parameter?: string | undefined;
  /** For 429 and 503 with `Retry-After`: how long the API asked us to wait. */
  retryAfterMs?: number | undefined;
  /**
   * True when the request may have taken effect although we saw no success (a timeout after
   * sending, a dropped connection, a gateway error): a retried create may then duplicate.
   */
  outcomeUnknown: boolean;
  /** The parsed JSON body (or the first 2 KB of text) of the answer, for the logs. */
  body?: unknown;
  /**
   * True when the API said yes (a 2xx) but its answer held no id we could read: the step
   * almost certainly took effect, so it must not be sent again.
   */
  answeredSuccess?: boolean | undefined;
}

/** A failed call to the enquiry API, sorted (`kind`) for the deliverer. */
export class EnquiryApiError extends Error implements EnquiryApiErrorDetails {
  override readonly name = 'EnquiryApiError';
  readonly kind: FailureKind;
  readonly endpoint: 'create' | 'upload';
  readonly status: number | undefined;
  readonly parameter: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly outcomeUnknown: boolean;
  readonly body: unknown;
  readonly answeredSuccess: boolean;

  constructor(message: string, details: EnquiryApiErrorDetails, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = details.kind;
    this.endpoint = details.endpoint;
    this.status = details.status;
    this.parameter = details.parameter;
    this.retryAfterMs = details.retryAfterMs;
    this.outcomeUnknown = details.outcomeUnknown;
    this.body = details.body;
    this.answeredSuccess = details.answeredSuccess ?? false;
  }
}

/**
 * Whether a 5xx may follow work the API did: a failing application (500) or a gateway that gave
 * up waiting or lost the upstream (502, 504, Cloudflare's 52x) answers after the request reached
 * it. 503 says the service would not take it (maintenance, overload), and 501 that it cannot:
 * counting those too would flag every enquiry of an ordinary outage as a possible duplicate.
 */
const mayHaveBeenProcessed = (status: number) => status >= 500 && status !== 501 && status !== 503;

/** Classifies an HTTP answer that was not the expected 201. */
export function errorFromResponse(
  endpoint: 'create' | 'upload',
  status: number,
  body: unknown,
  retryAfter: string | null,
): EnquiryApiError {
  const base = { endpoint, status, body, outcomeUnknown: false };
  const badRequest = badRequestEnvelopeSchema.safeParse(body);
  if (status === 400 && badRequest.success) {
    const parameter = parameterNamed(badRequest.data.status);
    return new EnquiryApiError(`enquiry API refused the ${endpoint}: ${badRequest.data.status}`, {
      ...base,
      kind: 'validation',
      parameter,
    });
  }
  const unauthorized =
    specUnauthorizedSchema.safeParse(body).success ||
    wordpressUnauthorizedSchema.safeParse(body).success;
  if (status === 401 || (status === 403 && unauthorized)) {
    return new EnquiryApiError(`enquiry API refused the credentials (${status}) on ${endpoint}`, {
      ...base,
      kind: 'authentication',
    });
  }
  if (status === 408 || status === 429 || status >= 500) {
    return new EnquiryApiError(`enquiry API answered ${status} on ${endpoint}`, {
      ...base,
      kind: 'retryable',
      retryAfterMs: retryAfterMs(retryAfter),
      outcomeUnknown: mayHaveBeenProcessed(status),
    });
  }
  return new EnquiryApiError(`enquiry API gave an unexpected answer (${status}) on ${endpoint}`, {
    ...base,
    kind: 'unknown',
  });
}

// Connection errors that happen before a byte of the request left: the API never saw it.
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
]);

/** Classifies a failure to get any answer: network errors and timeouts. */
export function errorFromNetwork(
  endpoint: 'create' | 'upload',
  error: unknown,
  timedOut: boolean,
): EnquiryApiError {
  const code = causeCode(error);
  const notSent = code !== undefined && NOT_SENT_CODES.has(code);
  const what = timedOut
    ? 'timed out'
    : `failed (${code ?? (error instanceof Error ? error.message : 'network error')})`;
  return new EnquiryApiError(
    `enquiry API ${endpoint} ${what}`,
    { endpoint, kind: 'retryable', outcomeUnknown: !notSent },
    { cause: error },
  );
}

function causeCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
}
