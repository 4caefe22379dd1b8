/**
 * The access tokens of one host's own sign-in, from their refresh token, for this process. A
 * token is used for a minute at most, as the firm's daemon's are (`microsoft/graph-client.ts`),
 * so a host who revoked the access, or whose password changed, has their times withdrawn within
 * the minutes the busy cache trusts a read: the refresh is refused `invalid_grant`, "sign in
 * again". A new refresh token the provider gives (Microsoft rotates them) replaces the one held
 * at once, and is kept sealed in the outbox (`keep`) the first time and then at most each hour:
 * the ones it replaced stay good for their provider's lifetime, and a write a minute per host
 * would be the outbox's work for nothing.
 */
import type { OpenedConnection } from '../calendar-port.ts';
import type { SignInProvider } from './sign-in-provider.ts';

/** How long an access token is used before a new one is asked. */
const TOKEN_REUSE_MS = 60_000;
/** How often a rotated refresh token is written to the outbox. */
const KEEP_EVERY_MS = 60 * 60_000;

/** One host's tokens. */
export class SignedInTokens {
  #refreshToken: string;
  #access: { token: string; at: number; expiresAt: number } | undefined;
  #keptAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly provider: SignInProvider,
    readonly app: OpenedConnection,
    refreshToken: string,
    /** Keeps a new refresh token (sealed) as the host's calendar's secret. */
    private readonly keep: (refreshToken: string) => Promise<void>,
    private readonly now: () => number,
  ) {
    this.#refreshToken = refreshToken;
  }

  /** An access token; throws the `CalendarFault` saying why none came. */
  async token(): Promise<string> {
    const at = this.now();
    const held = this.#access;
    if (held && at - held.at < TOKEN_REUSE_MS && at < held.expiresAt - 60_000) return held.token;
    this.#access = undefined;
    const tokens = await this.provider.refresh(this.app, this.#refreshToken, at);
    this.#access = { token: tokens.accessToken, at, expiresAt: tokens.expiresAt };
    if (tokens.refreshToken && tokens.refreshToken !== this.#refreshToken) {
      this.#refreshToken = tokens.refreshToken;
      if (at - this.#keptAt >= KEEP_EVERY_MS) {
        this.#keptAt = at;
        await this.keep(tokens.refreshToken);
      }
    }
    return tokens.accessToken;
  }

  /** Forgets the access token (refused by the API): the next use asks for a new one. */
  forget(): void {
    this.#access = undefined;
  }
}
