/**
 * Every request the firm's app makes to Microsoft Graph, held to Graph's limits and said in words
 * when refused (`docs/booking.md`, "Microsoft 365"):
 *
 * - never more than four at once for the app, whichever mailboxes they read (Graph's
 *   MailboxConcurrency limit is four per app and mailbox; four across all of them is safe);
 * - a `429` or `503` honours its `Retry-After`: every request of the app waits until then (a
 *   short wait is sat out; past `MAX_WAIT_MS` the request is a fault and tried at its next turn);
 * - a token is used for a minute at most, so a secret revoked in Entra ID is known within a
 *   minute (a token already issued would be honoured by Graph for an hour);
 * - `401 InvalidAuthenticationToken` fetches a new token and asks once again;
 * - Graph's error (`{ error: { code, message } }`) is a `CalendarFault` naming its code.
 */
import { CalendarFault } from '../caldav/calendar-fault.ts';
import { guardedFetch } from '../caldav/guarded-fetch.ts';
import { fetchGraphToken, type GraphApp, type GraphToken } from './graph-token.ts';

/** Where sign-in and Graph are (`calendar-env.ts`). */
export interface GraphPlaces {
  loginUrl: string;
  graphUrl: string;
}

/** Requests at once per app. */
const GRAPH_AT_ONCE = 4;
/** How long a token is used before a new one is fetched. */
const TOKEN_REUSE_MS = 60_000;
/** The longest a request sits out a `Retry-After` before it is left to its next turn. */
const MAX_WAIT_MS = 20_000;
/** How many times one request is asked when throttled. */
const MAX_TRIES = 3;

/** Graph's error answer. */
interface GraphError {
  error?: { code?: string; message?: string };
}

/** `Retry-After` in ms (seconds, or an HTTP date); 5 s when it says nothing. */
function retryAfterMs(header: string | null): number {
  if (header === null) return 5_000;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? 5_000 : Math.max(0, at - Date.now());
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One app's requests to Graph (one per app and process: its limit is the app's). */
export class GraphClient {
  #token: (GraphToken & { fetchedAt: number }) | undefined;
  #running = 0;
  readonly #waiting: (() => void)[] = [];
  /** Until when Graph asked the app to wait (real time). */
  #throttledUntil = 0;

  constructor(
    readonly app: GraphApp,
    private readonly places: GraphPlaces,
    private readonly now: () => number,
    /** Where tokens come from: the app's own (client credentials), or a host's sign-in. */
    private readonly fetchToken: (at: number) => Promise<GraphToken> = (at) =>
      fetchGraphToken(app, places.loginUrl, places.graphUrl, at),
  ) {}

  /** A token fetched now: proves the app's id, secret and consent. */
  async token(): Promise<string> {
    const at = this.now();
    const kept = this.#token;
    if (kept && at - kept.fetchedAt < TOKEN_REUSE_MS && at < kept.expiresAt - 60_000)
      return kept.accessToken;
    this.#token = undefined;
    const token = await this.fetchToken(at);
    this.#token = { ...token, fetchedAt: at };
    return token.accessToken;
  }

  /**
   * `method` on `path` (below the Graph root, or a whole `@odata.nextLink` there), `body` as JSON;
   * the answer's JSON (undefined for 204), or a `404` as `missing`. `what` says what was asked.
   */
  async request(
    method: string,
    path: string,
    what: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<unknown> {
    const url = path.startsWith(this.places.graphUrl) ? path : `${this.places.graphUrl}${path}`;
    if (!url.startsWith(`${this.places.graphUrl}/`))
      throw new CalendarFault(
        'refused',
        `Microsoft Graph named another address, ${url}: not asked`,
      );
    for (let tries = 1, renewed = false; ; tries++) {
      await this.#sitOut(what);
      const answer = await this.#gated(async () => {
        const fetch = guardedFetch({
          origin: new URL(this.places.graphUrl).origin,
          timeoutMs: 15_000,
          maxBytes: 4 << 20,
        });
        return fetch(url, {
          method,
          headers: {
            authorization: `Bearer ${await this.token()}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...headers,
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      });
      if (answer.status === 204) return undefined;
      const read = (await answer.json().catch(() => ({}))) as GraphError;
      if (answer.ok) return read;
      const code = read.error?.code ?? 'no code';
      if (answer.status === 429 || answer.status === 503) {
        this.#throttledUntil = Math.max(
          this.#throttledUntil,
          Date.now() + retryAfterMs(answer.headers.get('retry-after')),
        );
        if (tries < MAX_TRIES) continue;
      }
      if (answer.status === 401 && !renewed) {
        this.#token = undefined;
        renewed = true;
        continue;
      }
      throw graphFault(answer.status, code, read.error?.message ?? '', what);
    }
  }

  /** Waits out Graph's `Retry-After`, or is a fault when that is too long to wait now. */
  async #sitOut(what: string): Promise<void> {
    const wait = this.#throttledUntil - Date.now();
    if (wait <= 0) return;
    if (wait > MAX_WAIT_MS)
      throw new CalendarFault(
        'server',
        `${what}: Microsoft Graph asked the app to wait ${String(Math.ceil(wait / 1000))} s (throttled)`,
      );
    await pause(wait);
  }

  /** Runs `send` when fewer than `GRAPH_AT_ONCE` of the app's requests are under way. */
  async #gated<T>(send: () => Promise<T>): Promise<T> {
    while (this.#running >= GRAPH_AT_ONCE)
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#running++;
    try {
      return await send();
    } finally {
      this.#running--;
      this.#waiting.shift()?.();
    }
  }
}

/** A refusal from Graph: a `CalendarFault` that keeps Graph's own code (`ErrorItemNotFound`). */
export class GraphFault extends CalendarFault {
  constructor(
    fault: CalendarFault,
    readonly code: string,
  ) {
    super(fault.kind, fault.message);
  }
}

/** Graph's refusal `code` (answered `status`) in words, for `what` was asked. */
function graphFault(status: number, code: string, message: string, what: string): GraphFault {
  return new GraphFault(
    faultWords(status, `${String(status)} ${code}${message ? `: ${message}` : ''}`, what),
    code,
  );
}

/** A refusal answered `status` (`said`: its status, code and message) in words. */
function faultWords(status: number, said: string, what: string): CalendarFault {
  if (status === 401)
    return new CalendarFault(
      'unauthorized',
      `${what}: Microsoft Graph refused the app's token (${said})`,
    );
  if (status === 403)
    return new CalendarFault(
      'unauthorized',
      `${what}: the app may not use this mailbox (${said}). Its administrator grants it Calendars.ReadWrite: the Application Calendars.ReadWrite role scoped to the hosts' mail-enabled group (RBAC for Applications, docs/booking.md) with the host in that group, or the Entra ID permission with the administrator's consent`,
    );
  if (status === 404)
    return new CalendarFault(
      'not_found',
      `${what}: Microsoft Graph found no such mailbox or event (${said})`,
    );
  if (status === 429 || status === 503)
    return new CalendarFault('server', `${what}: Microsoft Graph is throttling the app (${said})`);
  return new CalendarFault('server', `${what}: Microsoft Graph answered ${said}`);
}
