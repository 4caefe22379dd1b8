/**
 * The version of the form an enquiry is checked against, so that no visitor is refused because
 * of a publish: the one their form was drawn from, while a form drawn from it may still be sent.
 *
 * - The form token's signed version (`http/bots/form-token.ts`) says which version the form was
 *   drawn from when the token was issued; it holds for the token's life, judged from then.
 * - The enquiry's bare `form_version` may name a later version than the token's (the page was
 *   reloaded after a publish and kept its token), never an earlier one: a client cannot pick an
 *   old version to escape a rule added since (a consent statement, a required question) with
 *   the bare field. A token of the version before may still be asked for, for a day after the
 *   publish (`GET /api/form-token?form_version=`): the server cannot tell a page drawn before
 *   the publish from a client that says it was, so a rule a publish adds binds every form for
 *   certain only a day later (`docs/http-api.md`, "Versions of the form").
 * - Without a token's version, a bare `form_version` holds while that version was served within
 *   the token's life; anything else (none, made up, too old) is the version served now.
 *
 * What a made-up version can cost is bounded: one it names above the latest known makes the
 * instance look for a newer version once (a cheap query, shared by all asking at once); one
 * that is known is judged from the versions' publication times in memory, and read at most once
 * while it is kept (`live-form.ts`).
 */
import type { LiveForm, ServedForm } from './live-form.ts';

/** What an enquiry says of its version. */
export interface AskedVersion {
  /** The version its form token signs, and when that was issued: a token that verifies only. */
  signed?: { version: number; issuedAt: number } | undefined;
  /** Its bare `form_version`. */
  field?: number | undefined;
}

/** A form token's verdict, as `http/bots/form-token.ts` gives it. */
type TokenVerdict =
  { valid: true; issuedAt: number; formVersion?: number | undefined } | { valid: false };

/**
 * What an enquiry or a page's post says of its version: the version its form token signs (one
 * that verifies) and its bare `form_version`, each only when it is one.
 */
export function askedVersion(
  tokens: { verify(token: string): TokenVerdict },
  said: { form_token?: unknown; form_version?: unknown },
): AskedVersion {
  const token = typeof said.form_token === 'string' ? tokens.verify(said.form_token) : undefined;
  return {
    signed:
      token?.valid && token.formVersion !== undefined
        ? { version: token.formVersion, issuedAt: token.issuedAt }
        : undefined,
    field: Number.isSafeInteger(said.form_version) ? (said.form_version as number) : undefined,
  };
}

/**
 * The version `asked` is checked against, judged at `now`.
 *
 * @example await versionFor(live, { signed: { version: 3, issuedAt }, field: 3 }, Date.now())
 */
export async function versionFor(
  live: Pick<LiveForm, 'current' | 'version' | 'honoured' | 'latestKnown' | 'refresh'>,
  asked: AskedVersion,
  now: number,
): Promise<ServedForm> {
  const { signed, field } = asked;
  const wanted = signed ? Math.max(signed.version, field ?? 0) : field;
  if (wanted === undefined || wanted === live.current().version) return live.current();
  // Published by another instance since this one looked: look again, once, before judging.
  if (wanted > live.latestKnown()) await live.refresh();
  if (wanted > live.latestKnown() || !live.honoured(wanted, signed ? signed.issuedAt : now))
    return live.current();
  return (await live.version(wanted)) ?? live.current();
}
