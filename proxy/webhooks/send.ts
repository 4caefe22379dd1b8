/**
 * One try of one webhook: a POST of the message's body, signed for this try, within the
 * endpoint's timeout; redirects are not followed (a receiver that moved must be re-configured,
 * not guessed at). Never throws: every way it ends is an answer the worker records.
 */
import { signedHeaders } from './signing.ts';

/** How one try ended. */
export type TryResult =
  | { ok: true; status: number }
  | { ok: false; status: number | null; error: string; retryAfter: string | null };

/** What a try sends. */
export interface WebhookRequest {
  url: string;
  secret: string;
  messageId: string;
  body: string;
  /** The try's time, signed as `webhook-timestamp`. */
  at: number;
  timeoutMs: number;
}

/** Sends one try; 2xx is delivered, anything else (or no answer in time) a failure. */
export async function sendWebhook(request: WebhookRequest): Promise<TryResult> {
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(request.timeoutMs),
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'enquiry-form',
        ...signedHeaders(request.secret, request.messageId, request.at, request.body),
      },
    });
    // The answer's body means nothing to us; a receiver that streams one forever costs nothing.
    await response.body?.cancel().catch(() => undefined);
    if (response.status >= 200 && response.status <= 299)
      return { ok: true, status: response.status };
    return {
      ok: false,
      status: response.status,
      error: `the endpoint answered ${String(response.status)}`,
      retryAfter: response.headers.get('retry-after'),
    };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
    return {
      ok: false,
      status: null,
      error: timedOut
        ? `no answer within ${String(request.timeoutMs)} ms`
        : `cannot reach the endpoint: ${cause || (error instanceof Error ? error.message : String(error))}`,
      retryAfter: null,
    };
  }
}
