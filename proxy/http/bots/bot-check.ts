/**
 * Tells people from bots without bothering people: a honeypot field they never see, a minimum
 * time between loading the form and sending it (from the signed form token), and, when
 * configured, a Cloudflare Turnstile challenge verified here.
 *
 * A caught bot is not told: it gets a success-looking answer, and its submission is kept as
 * spam for review rather than sent upstream (so a person caught by mistake is not lost).
 */
import type { EnquiryPart } from '../../contract/schemas/enquiry-part.ts';
import { Refusal } from '../refusal.ts';
import type { FormTokens } from './form-token.ts';
import type { TurnstileVerdict } from './turnstile.ts';

/** What the bot checks need. */
export interface BotCheckOptions {
  tokens: FormTokens;
  /** Faster than this from form load to send is not a person. */
  minFillMs: number;
  verifyTurnstile?: (token: string, remoteIp?: string) => Promise<TurnstileVerdict>;
  now?: () => number;
}

/** A form token older than this is refused as out of date (the widget fetches a new one). */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The token of a form drawn again after a refusal (the page without JavaScript): the moment of
 * the form's first drawing, which the token it sent carries, so the minimum fill time counts from
 * there and a visitor's quick correction is never judged by the time spent on the error page. The
 * nonce is new, as the token sent may be spent. A token that is not ours or is out of date
 * carries nothing: the page gets a fresh one.
 *
 * @example tokenForRedraw(bots, fields.get('form_token')?.[0], 3) // 'v3.<first drawing>.<nonce>.3.<signature>'
 */
export function tokenForRedraw(
  options: Pick<BotCheckOptions, 'tokens' | 'now'>,
  sent: string | undefined,
  formVersion: number,
): string {
  const now = (options.now ?? Date.now)();
  const verdict = sent ? options.tokens.verify(sent) : { valid: false as const };
  return verdict.valid && now - verdict.issuedAt <= FORM_TOKEN_MAX_AGE_MS
    ? options.tokens.issue(formVersion, verdict.issuedAt)
    : options.tokens.issue(formVersion);
}

/**
 * A person's submission, with the form token it spends (the outbox spends it with the
 * submission, in one transaction), or a bot's with the reason it was caught.
 */
export type BotVerdict =
  | { human: true; formToken: { token: string; expiresAt: number } }
  | { human: false; reason: string };

/** Throws a `Refusal` when the request cannot be judged (no token, failed challenge). */
export async function checkForBots(
  part: EnquiryPart,
  remoteIp: string | undefined,
  options: BotCheckOptions,
): Promise<BotVerdict> {
  const now = options.now ?? Date.now;
  if (!part.form_token) {
    throw Refusal.field('form_token', 'required', 'form_token.required');
  }
  if (part.website && part.website.trim() !== '')
    return { human: false, reason: 'honeypot field filled in' };

  // A token that does not verify is most often an honest one: a page open for days, or a proxy
  // restarted with a new secret. Bots can fetch good tokens anyway, so it is told to get a new
  // one (the widget does so by itself) instead of being binned as spam.
  const token = options.tokens.verify(part.form_token);
  if (!token.valid || now() - token.issuedAt > FORM_TOKEN_MAX_AGE_MS) {
    throw Refusal.field('form_token', 'form_expired', 'form_token.form_expired');
  }
  const elapsed = now() - token.issuedAt;
  if (elapsed < options.minFillMs) {
    return { human: false, reason: `sent ${(elapsed / 1000).toFixed(1)} s after the form loaded` };
  }

  if (options.verifyTurnstile) {
    if (!part.turnstile_token) {
      throw Refusal.field('turnstile_token', 'required', 'turnstile_token.required');
    }
    const verdict = await options.verifyTurnstile(part.turnstile_token, remoteIp);
    if (!verdict.passed && verdict.reason === 'unavailable') {
      throw Refusal.challengeUnavailable();
    }
    if (!verdict.passed) {
      throw Refusal.field(
        'turnstile_token',
        'challenge_failed',
        'turnstile_token.challenge_failed',
      );
    }
  }
  // One token, one enquiry: a bot that fetched one good token cannot send a thousand with it.
  return {
    human: true,
    formToken: { token: part.form_token, expiresAt: token.issuedAt + FORM_TOKEN_MAX_AGE_MS },
  };
}
