/**
 * The access tokens of one host's own sign-in, from their refresh token, for this process. A
 * token is used for a minute at most, as the firm's daemon's are (`microsoft/graph-client.ts`),
 * so a host who revoked the access, or whose password changed, has their times withdrawn within
 * the minutes the busy cache trusts a read: the refresh is refused `invalid_grant`, "sign in
 * again". A new refresh token the provider gives (Microsoft rotates them, and may refuse the one
 * it replaced) replaces the one held and is sealed in the outbox (`keep`) before it is used, so a
 * proxy restarted at any moment has the newest; a refresh that gave none, or the same, writes
 * nothing. Two uses at once share one refresh: a provider refusing a token once redeemed would
 * otherwise refuse the second. A keep that failed (the outbox down) is tried again at the next
 * refresh, the new token used meanwhile.
 */
import type { OpenedConnection } from '../calendar-port.ts';
import type { SignInProvider } from './sign-in-provider.ts';

/** How long an access token is used before a new one is asked. */
const TOKEN_REUSE_MS = 60_000;

/** One host's tokens. */
export class SignedInTokens {
  #refreshToken: string;
  #access: { token: string; at: number; expiresAt: number } | undefined;
  /** The refresh token the outbox holds sealed, as far as this process knows. */
  #kept: string;
  /** The refresh under way, which a second use waits for. */
  #refreshing: Promise<string> | undefined;

  constructor(
    private readonly provider: SignInProvider,
    readonly app: OpenedConnection,
    refreshToken: string,
    /** Keeps a new refresh token (sealed) as the host's calendar's secret. */
    private readonly keep: (refreshToken: string) => Promise<void>,
    private readonly now: () => number,
  ) {
    this.#refreshToken = refreshToken;
    this.#kept = refreshToken;
  }

  /** An access token; throws the `CalendarFault` saying why none came. */
  async token(): Promise<string> {
    const at = this.now();
    const held = this.#access;
    if (held && at - held.at < TOKEN_REUSE_MS && at < held.expiresAt - 60_000) return held.token;
    this.#refreshing ??= this.#refresh(at).finally(() => {
      this.#refreshing = undefined;
    });
    return this.#refreshing;
  }

  /** A new access token from the refresh token held; a new refresh token sealed first. */
  async #refresh(at: number): Promise<string> {
    this.#access = undefined;
    const tokens = await this.provider.refresh(this.app, this.#refreshToken, at);
    this.#access = { token: tokens.accessToken, at, expiresAt: tokens.expiresAt };
    if (tokens.refreshToken) this.#refreshToken = tokens.refreshToken;
    if (this.#refreshToken !== this.#kept) {
      const keeping = this.#refreshToken;
      await this.keep(keeping).then(
        () => {
          this.#kept = keeping;
        },
        // Kept at the next refresh; the token is good meanwhile.
        () => undefined,
      );
    }
    return tokens.accessToken;
  }

  /** Forgets the access token (refused by the API): the next use asks for a new one. */
  forget(): void {
    this.#access = undefined;
  }
}
