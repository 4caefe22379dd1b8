/**
 * Server-side verification of a Cloudflare Turnstile token (siteverify). It fails closed:
 * when the verification service cannot be asked, the submission is not taken as a person's.
 */
import { z } from 'zod';

/** Where to verify Turnstile tokens, and with which secret. */
export interface TurnstileOptions {
  secretKey: string;
  verifyUrl: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

/** Passed, failed, or not known (siteverify could not be asked: treated as failed). */
export type TurnstileVerdict =
  { passed: true } | { passed: false; reason: 'failed' | 'unavailable'; codes: string[] };

const siteverifyAnswer = z.object({
  success: z.boolean(),
  'error-codes': z.array(z.string()).default([]),
});

/** A verifier of Turnstile tokens that fails closed. */
export function createTurnstileVerifier(
  options: TurnstileOptions,
): (token: string, remoteIp?: string) => Promise<TurnstileVerdict> {
  const doFetch = options.fetch ?? globalThis.fetch;
  return async (token, remoteIp) => {
    const form = new URLSearchParams({ secret: options.secretKey, response: token });
    if (remoteIp) form.set('remoteip', remoteIp);
    try {
      const response = await doFetch(options.verifyUrl, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      const answer = siteverifyAnswer.parse(await response.json());
      return answer.success
        ? { passed: true }
        : { passed: false, reason: 'failed', codes: answer['error-codes'] };
    } catch (error) {
      return {
        passed: false,
        reason: 'unavailable',
        codes: [error instanceof Error ? error.name : 'error'],
      };
    }
  };
}
