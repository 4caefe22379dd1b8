/**
 * The form token: the moment a visitor's form was loaded, signed with HMAC-SHA256 so a bot
 * cannot claim it started earlier than it did. A submission sent sooner than a person could
 * fill the form, or with a forged token, is treated as a bot's.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * `v2.<issued at>.<nonce>.<signature>`: the nonce makes every token its own (two forms loaded
 * in the same millisecond must not share one), since a token is spent by one enquiry. A token of
 * any other version is not ours: the widget, refused, fetches a new one by itself.
 */
const VERSION = 'v2';

/** A token's verdict: when it was issued, if it is ours. */
export type TokenVerdict = { valid: true; issuedAt: number } | { valid: false };

/** Issues and verifies form tokens with one secret. */
export interface FormTokens {
  /**
   * A fresh token for a form loaded now, or drawn first at `drawnAt` (a form drawn again after
   * a refusal: `tokenForRedraw`), with a nonce of its own.
   */
  issue(drawnAt?: number): string;
  verify(token: string): TokenVerdict;
}

/**
 * @example const tokens = createFormTokens(secret); tokens.verify(tokens.issue()) // { valid: true, issuedAt }
 */
export function createFormTokens(secret: string, now: () => number = Date.now): FormTokens {
  const sign = (payload: string) =>
    createHmac('sha256', secret).update(payload).digest('base64url');
  return {
    issue(drawnAt = now()) {
      const payload = `${VERSION}.${String(drawnAt)}.${randomBytes(9).toString('base64url')}`;
      return `${payload}.${sign(payload)}`;
    },
    verify(token) {
      const [version, time, nonce, signature, ...rest] = token.split('.');
      const wellFormed =
        version === VERSION &&
        time !== undefined &&
        /^\d{1,15}$/.test(time) &&
        nonce !== undefined &&
        /^[\w-]{12}$/.test(nonce) &&
        signature !== undefined &&
        rest.length === 0;
      if (!wellFormed) return { valid: false };
      const expected = Buffer.from(sign(`${version}.${time}.${nonce}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { valid: false };
      const issuedAt = Number(time);
      // A token from the future was not made by this clock.
      return issuedAt <= now() + 60_000 ? { valid: true, issuedAt } : { valid: false };
    },
  };
}
