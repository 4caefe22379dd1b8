/**
 * A host connecting their own Microsoft 365 or Google calendar by signing in (`docs/booking.md`,
 * "A host connects their own calendar"), where the firm registered a web app for it (`calendars
 * microsoft-web`, `calendars google-web`). The console's routes (`console/calendar-sign-in-routes.ts`)
 * carry the browser there and back; here, the authorization request is made (PKCE S256), and the
 * code the provider sent back is redeemed, its refresh token sealed with the calendar key (made on
 * SQLite if this is the first calendar) and kept as the host's calendar while a read proves it:
 * when the read fails, the calendar the host had connected before (if any) is put back as it was,
 * so a reconnect that fails changes nothing. The account signed in must be the host's own (the
 * calendar its token opens says whose it is), unless the firm's web app allows any.
 * The busy cache looks for new calendars every few seconds: it is heeded at once, no restart.
 */
import { createHash, randomBytes } from 'node:crypto';
import { CalendarFault } from '../caldav/calendar-fault.ts';
import type { CalendarOpener } from '../calendar-adapters.ts';
import { calendarKey, type KeySource } from '../calendar-key.ts';
import type {
  BusyReading,
  CalendarKind,
  HostCalendar,
  OpenedConnection,
  SignInTokens,
} from '../calendar-port.ts';
import type { CalendarConnections, HostCalendars } from '../../outbox/store.ts';
import { OTHER_ACCOUNTS, type SignInProvider } from './sign-in-provider.ts';

/** The kinds a host may sign in to. */
export type SignInKind = Exclude<CalendarKind, 'caldav'>;

/** A sign-in begun: where to send the browser, and what its return is checked against. */
export interface BegunSignIn {
  url: string;
  state: string;
  verifier: string;
}

/** What the host's sign-in reads and writes. */
export interface HostSignInDeps {
  opener: CalendarOpener;
  store: Pick<HostCalendars, 'connectCalendar' | 'disconnectCalendar' | 'hostCalendars'> &
    Pick<CalendarConnections, 'calendarConnection'>;
  /** Where the calendar key is (`CALENDAR_KEY`, or the data directory on SQLite). */
  keySource: KeySource;
  reading: () => BusyReading;
  now: () => number;
}

const DAY_MS = 86_400_000;
/** A PKCE verifier: 32 random bytes, 43 characters of base64url (RFC 7636 §4.1). */
const newVerifier = () => randomBytes(32).toString('base64url');
const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** Hosts' own sign-in to their calendars. */
export class HostSignIn {
  constructor(private readonly deps: HostSignInDeps) {}

  /** The provider of `kind`, when this proxy has one. */
  #provider(kind: SignInKind): SignInProvider {
    const provider = this.deps.opener.adapter(kind).signIn;
    if (!provider) throw new CalendarFault('refused', `a ${kind} calendar is not signed in to`);
    return provider;
  }

  /** The kinds the firm registered a web app for, in the order they are offered. */
  async offered(): Promise<SignInKind[]> {
    const kinds: SignInKind[] = [];
    for (const kind of ['microsoft', 'google'] as const) {
      const provider = this.deps.opener.adapter(kind).signIn;
      if (provider && (await this.deps.store.calendarConnection(provider.webKind)))
        kinds.push(kind);
    }
    return kinds;
  }

  /**
   * Begins `host`'s sign-in to `kind` with the provider coming back to `redirectUri`; undefined
   * when the firm registered no web app for it.
   */
  async begin(
    kind: SignInKind,
    host: string,
    redirectUri: string,
  ): Promise<BegunSignIn | undefined> {
    const provider = this.#provider(kind);
    const app = await this.deps.opener.connection(provider.webKind);
    if (!app) return undefined;
    const verifier = newVerifier();
    const state = randomBytes(24).toString('base64url');
    const url = provider.authorizationUrl(app, {
      redirectUri,
      state,
      challenge: challengeOf(verifier),
      loginHint: host,
    });
    return { url, state, verifier };
  }

  /** The calendar `host` has connected (of any kind, however connected), or undefined. */
  async #connected(host: string): Promise<HostCalendar | undefined> {
    const address = host.toLowerCase();
    const found = (await this.deps.store.hostCalendars()).find((each) => each.address === address);
    if (!found) return undefined;
    const { kind, url, username, sealedPassword, connectedAt, connectedBy } = found;
    return { address, kind, url, username, sealedPassword, connectedAt, connectedBy };
  }

  /**
   * Forgets `calendar`, connected by its host's own sign-in: its refresh token first handed back
   * where the provider takes it (Google), so their account no longer lists the firm's app, then
   * erased with the calendar all the same. Undefined when all went; else why the provider may
   * still hold the access, in words.
   */
  async disconnect(calendar: HostCalendar): Promise<string | undefined> {
    let unrevoked: string | undefined;
    const provider = this.deps.opener.adapter(calendar.kind).signIn;
    if (provider?.revoke)
      try {
        const key = calendarKey(this.deps.keySource);
        if ('missing' in key) throw new CalendarFault('refused', key.missing);
        await provider.revoke(key.open(calendar.sealedPassword, calendar));
      } catch (error) {
        unrevoked = error instanceof Error ? error.message : String(error);
      }
    await this.deps.store.disconnectCalendar(calendar.address);
    return unrevoked;
  }

  /**
   * Refuses a sign-in to an account other than `host`'s (their calls would be booked against
   * someone else's calendar), unless the firm's web app lets hosts use any (`--other-accounts`):
   * the token is handed back first where the provider takes it, so nothing of it is kept.
   */
  async #asHost(
    provider: SignInProvider,
    app: OpenedConnection,
    tokens: SignInTokens & { refreshToken: string },
    host: string,
  ): Promise<void> {
    if (app.settings[OTHER_ACCOUNTS] === 'allowed') return;
    const account = await provider.account(tokens.accessToken);
    if (account === host.toLowerCase()) return;
    await provider.revoke?.(tokens.refreshToken).catch(() => undefined);
    throw new CalendarFault(
      'refused',
      `you signed in to ${provider.name} as ${account}, not as ${host.toLowerCase()}, the address your calls are booked with: sign out of ${provider.name}, then sign in as ${host.toLowerCase()}`,
    );
  }

  /**
   * Finishes `host`'s sign-in to `kind`: `code` redeemed with `verifier`, the refresh token sealed
   * and the calendar kept once a day of it was read; throws the `CalendarFault` saying why not.
   */
  async finish(
    kind: SignInKind,
    host: string,
    grant: { code: string; verifier: string; redirectUri: string },
    by: string,
  ): Promise<void> {
    const provider = this.#provider(kind);
    const app = await this.deps.opener.connection(provider.webKind);
    if (!app)
      throw new CalendarFault(
        'refused',
        `the firm no longer has a ${provider.name} web app to sign in through`,
      );
    const now = this.deps.now();
    const tokens = await provider.redeem(app, grant, now);
    await this.#asHost(provider, app, tokens, host);
    const { refreshToken } = tokens;
    const key = calendarKey(this.deps.keySource, true);
    if ('missing' in key) throw new CalendarFault('refused', key.missing);
    const about = { address: host.toLowerCase(), url: host.toLowerCase(), username: '' };
    const calendar: HostCalendar = {
      ...about,
      kind,
      sealedPassword: key.seal(refreshToken, about),
      connectedAt: now,
      connectedBy: by,
    };
    const before = await this.#connected(host);
    // Kept first, so a refresh token rotated by the read below is kept over it; when the read
    // fails, the calendar connected before is put back (its writes owed were never dropped).
    await this.deps.store.connectCalendar(calendar);
    try {
      const opened = await this.deps.opener.open(calendar);
      await opened.busyTimes(now, now + DAY_MS, this.deps.reading());
    } catch (error) {
      if (before) await this.deps.store.connectCalendar(before);
      else await this.deps.store.disconnectCalendar(calendar.address);
      throw error;
    }
  }
}
