/**
 * The form token: the moment a visitor's form was loaded, and the version of the form it was
 * drawn from, signed with HMAC-SHA256 so a bot cannot claim it started earlier than it did, nor
 * that its form was an older version than it was. A submission sent sooner than a person could
 * fill the form, or with a forged token, is treated as a bot's.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * `v3.<issued at>.<nonce>.<form version>.<signature>`: the nonce makes every token its own (two
 * forms loaded in the same millisecond must not share one), since a token is spent by one
 * enquiry; the form's version is 0 when none is named. `v2.<issued at>.<nonce>.<signature>`,
 * issued before versions, still verifies, naming none. A token of any other version is not
 * ours: the widget, refused, fetches a new one by itself.
 */
const VERSION = 'v3';
const BEFORE_VERSIONS = 'v2';

/** A token's verdict: when it was issued and for which version of the form, if it is ours. */
export type TokenVerdict =
  { valid: true; issuedAt: number; formVersion?: number | undefined } | { valid: false };

/** Issues and verifies form tokens with one secret. */
export interface FormTokens {
  /**
   * A fresh token for a form drawn from `formVersion`, loaded now or drawn first at `drawnAt` (a
   * form drawn again after a refusal: `tokenForRedraw`), with a nonce of its own.
   */
  issue(formVersion?: number, drawnAt?: number): string;
  verify(token: string): TokenVerdict;
}

/**
 * @example const tokens = createFormTokens(secret); tokens.verify(tokens.issue()) // { valid: true, issuedAt }
 */
export function createFormTokens(secret: string, now: () => number = Date.now): FormTokens {
  const sign = (payload: string) =>
    createHmac('sha256', secret).update(payload).digest('base64url');
  // An enquiry's token is verified twice (the version it was drawn from, then the bot checks):
  // a good one's signature is remembered, a few dozen at most, so the second costs no HMAC.
  const signedWell = new Set<string>();
  const remember = (token: string) => {
    if (signedWell.size >= 64) signedWell.delete(signedWell.values().next().value as string);
    signedWell.add(token);
  };
  return {
    issue(formVersion = 0, drawnAt = now()) {
      const payload = `${VERSION}.${String(drawnAt)}.${randomBytes(9).toString('base64url')}.${formVersion}`;
      return `${payload}.${sign(payload)}`;
    },
    verify(token) {
      const parts = token.split('.');
      const [version, time, nonce] = parts;
      const form = version === VERSION ? parts[3] : '0';
      const signature = parts[version === VERSION ? 4 : 3];
      const wellFormed =
        (version === VERSION || version === BEFORE_VERSIONS) &&
        parts.length === (version === VERSION ? 5 : 4) &&
        time !== undefined &&
        /^\d{1,15}$/.test(time) &&
        nonce !== undefined &&
        /^[\w-]{12}$/.test(nonce) &&
        form !== undefined &&
        /^\d{1,9}$/.test(form) &&
        signature !== undefined;
      if (!wellFormed) return { valid: false };
      if (!signedWell.has(token)) {
        const expected = Buffer.from(sign(parts.slice(0, -1).join('.')));
        const given = Buffer.from(signature);
        if (given.length !== expected.length || !timingSafeEqual(given, expected))
          return { valid: false };
        remember(token);
      }
      const issuedAt = Number(time);
      const formVersion = Number(form) || undefined;
      // A token from the future was not made by this clock.
      return issuedAt <= now() + 60_000 ? { valid: true, issuedAt, formVersion } : { valid: false };
    },
  };
}
