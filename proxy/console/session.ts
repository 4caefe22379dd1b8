/**
 * The console's sessions: a row in the outbox (`machine/people.ts`) named by a hash of a random
 * secret, and a cookie holding that secret signed with a key derived from the outbox's own
 * secret and `ADMIN_TOKEN`. A forged or altered cookie fails its signature before the database
 * is asked; a new token ends every session at once; removing a person, signing out, or signing
 * everyone out deletes rows, which every instance reads at the next request. Each form carries a
 * CSRF token derived from the session, which a page of another site can neither read nor forge.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { NewSession, SessionRow, SignedInBy } from '../outbox/machine/sessions.ts';
import type { People } from '../outbox/store.ts';

/** A session lasts this long at most, whatever the browser does with the cookie. */
export const SESSION_MS = 12 * 60 * 60 * 1000;
/** The session cookie, sent only to the console's paths. */
export const SESSION_COOKIE = 'console_session';
/** The sign-in form's own cookie: its CSRF token is tied to it (no session exists yet). */
export const SIGN_IN_COOKIE = 'console_sign_in';

/** A verified session: its secret (for its CSRF token) and who it is. */
export interface Session extends SessionRow {
  id: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** Signs and checks sessions, CSRF tokens and the console's short-lived cookies. */
export class SessionKeys {
  readonly #key: Buffer;

  constructor(
    /** Mixed into the key, so a new token ends every session; '' when there is none. */
    adminToken: string,
    /** The outbox's own secret: the key is out of reach of a guess at the token alone. */
    sessionSecret: string,
    private readonly store: Pick<People, 'findSession' | 'endSession'>,
  ) {
    this.#key = createHmac('sha256', adminToken)
      .update(`enquiry-form console session.${sessionSecret}`)
      .digest();
  }

  /**
   * A new session's cookie value and the row to store for it (by whichever sign-in opened it),
   * valid until `now + SESSION_MS`.
   */
  create(via: SignedInBy, now: number): { value: string; record: NewSession } {
    const id = randomBytes(32).toString('base64url');
    return {
      value: `${id}.${this.sign(id)}`,
      record: { idSha256: sha256(id), via, at: now, expiresAt: now + SESSION_MS },
    };
  }

  /** The live session a cookie value names, if it is signed with this key and still stored. */
  async verify(value: string | undefined, now: number): Promise<Session | undefined> {
    const id = this.unseal(value);
    if (!id) return undefined;
    const row = await this.store.findSession(sha256(id), now);
    if (!row || row.expiresAt > now + SESSION_MS) return undefined;
    return { ...row, id };
  }

  /** Ends the session a verified session's id names. */
  end(session: Session): Promise<void> {
    return this.store.endSession(sha256(session.id));
  }

  /** `payload` with its signature, for a cookie this key alone could have set. */
  seal(payload: string): string {
    return `${payload}.${this.sign(payload)}`;
  }

  /** The payload of a value `seal` made, or undefined when the signature is not this key's. */
  unseal(value: string | undefined): string | undefined {
    const at = value?.lastIndexOf('.') ?? -1;
    if (!value || at <= 0) return undefined;
    const payload = value.slice(0, at);
    return this.#same(value.slice(at + 1), this.sign(payload)) ? payload : undefined;
  }

  /**
   * The key of a session's form preview (`studio/preview-routes.ts`): the widget in the preview
   * sends no cookie, so its requests carry this in their address instead. It names the session
   * by its row's hash (never the cookie's secret), signed, and is good while the session lives.
   */
  previewKey(session: Session): string {
    return this.boundKey(session, 'preview');
  }

  /** The live session a preview's key names, if this key signed it. */
  previewSession(key: string | undefined, now: number): Promise<SessionRow | undefined> {
    return this.boundSession(key, 'preview', now);
  }

  /**
   * A key naming `session` for `purpose` (a preview; a calendar sign-in's flow, which comes back
   * from the provider's site without the session's Strict cookie): its row's hash, signed.
   */
  boundKey(session: Session, purpose: string): string {
    return this.seal(`${purpose}.${sha256(session.id)}`);
  }

  /** The live session `key` names for `purpose`, if this key signed it. */
  async boundSession(
    key: string | undefined,
    purpose: string,
    now: number,
  ): Promise<SessionRow | undefined> {
    const payload = this.unseal(key);
    if (!payload?.startsWith(`${purpose}.`)) return undefined;
    const row = await this.store.findSession(payload.slice(purpose.length + 1), now);
    return row && row.expiresAt <= now + SESSION_MS ? row : undefined;
  }

  /** The CSRF token of a session's forms, or of the sign-in form's cookie. */
  csrfToken(of: string): string {
    return this.sign(`csrf.${of}`);
  }

  /** True when `given` is the CSRF token of `of`. */
  csrfMatches(given: string | undefined, of: string): boolean {
    return given !== undefined && this.#same(given, this.csrfToken(of));
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.#key).update(payload).digest('base64url');
  }

  #same(a: string, b: string): boolean {
    const left = Buffer.from(a);
    const right = Buffer.from(b);
    return left.length === right.length && timingSafeEqual(left, right);
  }
}

/** A fresh value for the sign-in form's cookie. */
export const signInNonce = () => randomBytes(16).toString('base64url');
