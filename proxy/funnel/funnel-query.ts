/**
 * What a request for the funnel asks for, read from its address:
 * `?from=&to=&case-type=&campaign=&variant=&team=`. Days are UTC dates, both included; without them,
 * the last 30 days up to today. `GET /admin/funnel` reads it for machines (JSON, CSV) and for the
 * console's page alike, so a period means the same in both.
 */
import { funnelDay, type FunnelFilter } from '../outbox/funnel-counts.ts';

const DAY_MS = 86_400_000;
/** The longest period one request may sum: a year and a day. */
const MAX_FUNNEL_DAYS = 366;
/** Days the period covers when the address names none. */
export const DEFAULT_FUNNEL_DAYS = 30;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Why a period was refused, in the words both the JSON and the page show. */
const INVALID_PERIOD = `from and to are days (YYYY-MM-DD), from not after to, at most ${String(MAX_FUNNEL_DAYS)} days apart.`;

/** A `YYYY-MM-DD` that names a real day, as epoch milliseconds; NaN otherwise. */
const dayAt = (day: string) =>
  DATE.test(day) && funnelDay(Date.parse(day)) === day ? Date.parse(day) : NaN;

/**
 * The filter an address asks for, with the team whose funnel it is (`team=`, `funnel-teams.ts`),
 * or why its period cannot be read.
 */
export type FunnelQuery =
  { filter: FunnelFilter; team?: string } | { invalid: typeof INVALID_PERIOD };

/**
 * The filter of `query` (a request's query parameters by name). A machine's empty parameter is
 * a filter like any other (`variant=` reads the cells without a variant); the page's form sends
 * its "Any" as empty, so with `emptyIsAny` an empty parameter filters nothing.
 *
 * @example funnelQuery((name) => c.req.query(name), Date.now())
 */
export function funnelQuery(
  query: (name: string) => string | undefined,
  now: number,
  options: { emptyIsAny?: boolean } = {},
): FunnelQuery {
  const asked = (name: string) => {
    const value = query(name);
    return options.emptyIsAny && value === '' ? undefined : value;
  };
  const to = asked('to') ?? funnelDay(now);
  const from = asked('from') ?? funnelDay(dayAt(to) - (DEFAULT_FUNNEL_DAYS - 1) * DAY_MS || now);
  const span = (dayAt(to) - dayAt(from)) / DAY_MS;
  if (!(span >= 0 && span < MAX_FUNNEL_DAYS)) return { invalid: INVALID_PERIOD };
  const filter: FunnelFilter = { from, to };
  const caseType = asked('case-type');
  const campaign = asked('campaign');
  const variant = asked('variant');
  if (caseType !== undefined) filter.caseType = caseType;
  if (campaign !== undefined) filter.campaign = campaign;
  if (variant !== undefined) filter.variant = variant;
  const team = asked('team');
  return team === undefined ? { filter } : { filter, team };
}
