/**
 * Failures to get any answer from the platform: refused or unreachable, timed out, broken
 * off, or a certificate the proxy cannot trust. Whether the request may have taken effect
 * decides whether a retried create may duplicate.
 */
import { EnquiryApiError } from './errors.ts';

// Connection errors that happen before a byte of the request left: the API never saw it.
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
]);

/** A certificate the proxy cannot trust: nothing is sent, and nothing will be until it is fixed. */
const TLS_CODES =
  /^(?:CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_TLS_CERT_ALTNAME_INVALID|ERR_SSL_)/;

/** The first `code` in an error's chain of causes. */
function causeCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
}

/**
 * Classifies a failure to get an answer.
 *
 * @example errorFromNetwork('create', error, false).outcomeUnknown // false for ECONNREFUSED
 */
export function errorFromNetwork(
  endpoint: 'create' | 'upload',
  error: unknown,
  timedOut: boolean,
): EnquiryApiError {
  const code = causeCode(error);
  if (code !== undefined && TLS_CODES.test(code)) {
    return new EnquiryApiError(
      `enquiry API ${endpoint}: its TLS certificate is not trusted (${code})`,
      {
        endpoint,
        kind: 'configuration',
        outcomeUnknown: false,
        hint: 'The platform’s HTTPS certificate is not valid for this address (expired, self-signed, or for another name). Fix the certificate, or correct the host in ENQUIRY_API_URL.',
      },
      { cause: error },
    );
  }
  const notSent = code !== undefined && NOT_SENT_CODES.has(code);
  const what = timedOut
    ? 'timed out'
    : `failed (${code ?? (error instanceof Error ? error.message : 'network error')})`;
  return new EnquiryApiError(
    `enquiry API ${endpoint} ${what}`,
    { endpoint, kind: 'retryable', outcomeUnknown: !notSent, timedOut },
    { cause: error },
  );
}
