/**
 * Why a host's calendar could not be read or written, in words an operator can act on: the CLI
 * prints it when a calendar is connected, the alert quotes it when an event cannot be written.
 * `needsPerson` tells a fault nobody but a person mends (a wrong address or password, a server
 * that is not a calendar) from one that passes (a server down or slow): both are retried, but
 * the firm hears of the first at once. Never carries a password: the words are the proxy's own.
 */

/** The kinds of fault. */
export type FaultKind =
  | 'unreachable'
  | 'timeout'
  | 'refused'
  | 'redirected'
  | 'too_large'
  | 'unauthorized'
  | 'not_found'
  | 'not_a_calendar'
  | 'unreadable'
  | 'server';

/** Faults a person must mend. */
const NEEDS_PERSON: ReadonlySet<FaultKind> = new Set([
  'refused',
  'redirected',
  'unauthorized',
  'not_found',
  'not_a_calendar',
]);

/** A calendar that could not be read or written, and why. */
export class CalendarFault extends Error {
  override readonly name = 'CalendarFault';
  constructor(
    readonly kind: FaultKind,
    message: string,
  ) {
    super(message);
  }

  /** True when retrying alone will not mend it. */
  get needsPerson(): boolean {
    return NEEDS_PERSON.has(this.kind);
  }

  /**
   * The fault a failed request to `host` is (no answer came): a name that does not resolve, a
   * refused or reset connection, a timeout, an address refused by the guard.
   */
  static fromNetwork(error: unknown, host: string, timeoutMs: number): CalendarFault {
    if (error instanceof CalendarFault) return error;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const code = cause?.code ?? (error as { code?: string }).code ?? '';
    const name = (error as { name?: string }).name ?? '';
    if (
      name === 'TimeoutError' ||
      code === 'UND_ERR_CONNECT_TIMEOUT' ||
      code === 'UND_ERR_HEADERS_TIMEOUT'
    )
      return new CalendarFault(
        'timeout',
        `${host} did not answer within ${String(timeoutMs / 1000)} s`,
      );
    if (code === 'EINTERNAL')
      return new CalendarFault('refused', `${cause?.message ?? host}: not asked`);
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
      return new CalendarFault('unreachable', `${host} is not a name this machine can find`);
    if (code === 'ECONNREFUSED')
      return new CalendarFault(
        'unreachable',
        `${host} refused the connection: is the calendar server running?`,
      );
    const said = code || (error instanceof Error ? error.message : String(error));
    return new CalendarFault('unreachable', `${host} could not be reached (${said})`);
  }

  /** The fault an answer with `status` is, for `what` was asked (`reading the calendar`). */
  static fromStatus(status: number, what: string): CalendarFault {
    if (status === 401 || status === 403)
      return new CalendarFault(
        'unauthorized',
        `${what}: the calendar refused the user name and password (${String(status)})`,
      );
    if (status === 404 || status === 410)
      return new CalendarFault(
        'not_found',
        `${what}: there is no calendar at this address (${String(status)})`,
      );
    if (status === 405 || status === 501)
      return new CalendarFault(
        'not_a_calendar',
        `${what}: this address is not a CalDAV calendar (${String(status)})`,
      );
    return new CalendarFault('server', `${what}: the calendar answered ${String(status)}`);
  }
}
