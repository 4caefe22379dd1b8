/**
 * The console's sign-in session: a cookie signed with a key derived from `ADMIN_TOKEN`, so a new
 * token ends every session at once; an epoch kept in the store, so signing out ends them too
 * (every browser's: one firm, one token, one console). Each form carries a CSRF token derived
 * from the session, which a page of another site can neither read nor forge.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Settings } from '../outbox/store.ts';

/** A session lasts this long at most, whatever the browser does with the cookie. */
export const SESSION_MS = 12 * 60 * 60 * 1000;
/** The session cookie, sent only to the console's paths. */
export const SESSION_COOKIE = 'console_session';
/** The sign-in form's own cookie: its CSRF token is tied to it (no session exists yet). */
export const SIGN_IN_COOKIE = 'console_sign_in';

const EPOCH_SETTING = 'console.session-epoch';

/** A verified session. */
export interface Session {
  id: string;
  expiresAt: number;
}

/** Signs and checks sessions and CSRF tokens for one admin token. */
export class SessionKeys {
  readonly #key: Buffer;

  constructor(
    adminToken: string,
    /** The outbox's own secret: the key is out of reach of a guess at the token alone. */
    sessionSecret: string,
    private readonly settings: Settings,
  ) {
    this.#key = createHmac('sha256', adminToken)
      .update(`enquiry-form console session.${sessionSecret}`)
      .digest();
  }

  /** A new session's cookie value, valid until `now + SESSION_MS`. */
  async open(now: number): Promise<{ value: string; session: Session }> {
    const session = { id: randomBytes(16).toString('base64url'), expiresAt: now + SESSION_MS };
    const payload = `${session.id}.${String(await this.#epoch())}.${String(session.expiresAt)}`;
    return { value: `${payload}.${this.#sign(payload)}`, session };
  }

  /** The session a cookie value names, if it is signed by this token, unexpired and not signed out. */
  async verify(value: string | undefined, now: number): Promise<Session | undefined> {
    const [id, epoch, expires, signature] = value?.split('.') ?? [];
    if (!id || !epoch || !expires || !signature) return undefined;
    if (!this.#same(signature, this.#sign(`${id}.${epoch}.${expires}`))) return undefined;
    const expiresAt = Number(expires);
    if (!(expiresAt > now) || expiresAt > now + SESSION_MS) return undefined;
    if (epoch !== String(await this.#epoch())) return undefined;
    return { id, expiresAt };
  }

  /** Ends every session signed so far. */
  async signOutEverywhere(): Promise<void> {
    await this.settings.setSetting(EPOCH_SETTING, String((await this.#epoch()) + 1));
  }

  /** The CSRF token of a session's forms, or of the sign-in form's cookie. */
  csrfToken(of: string): string {
    return this.#sign(`csrf.${of}`);
  }

  /** True when `given` is the CSRF token of `of`. */
  csrfMatches(given: string | undefined, of: string): boolean {
    return given !== undefined && this.#same(given, this.csrfToken(of));
  }

  #sign(payload: string): string {
    return createHmac('sha256', this.#key).update(payload).digest('base64url');
  }

  #same(a: string, b: string): boolean {
    const left = Buffer.from(a);
    const right = Buffer.from(b);
    return left.length === right.length && timingSafeEqual(left, right);
  }

  async #epoch(): Promise<number> {
    return Number((await this.settings.getSetting(EPOCH_SETTING)) ?? '0');
  }
}

/** A fresh value for the sign-in form's cookie. */
export const signInNonce = () => randomBytes(16).toString('base64url');
