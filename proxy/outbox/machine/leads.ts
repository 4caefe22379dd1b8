/**
 * What the firm's console, the health routes and the CLI read of the leads: the one listing,
 * a page of them newest first (by state, by reference, name or email address) or oldest first
 * (the CLI's `list`, page after page), and how many arrived and were delivered each day. Both
 * use the indexes the schemas add for them, so a page stays fast with 100,000 stored leads.
 */
import type { Submission, SubmissionState } from '../submission.ts';
import { all, one, type Dialect, type Plan } from './plan.ts';
import { reads } from './reads.ts';

/** Which leads a page shows. */
export interface LeadFilter {
  state?: SubmissionState;
  /**
   * A reference (`EQ-…`), an email address (with `@`: the whole address, any case), or the
   * start of a name (forename, surname or both).
   */
  search?: string;
  /** The page after the lead with this id (keyset paging: the next page starts below it). */
  before?: number;
  /**
   * Oldest first instead: the page after the lead with this id (0 for the first page), in the
   * order the leads arrived.
   */
  after?: number;
  limit: number;
}

/** Leads received and delivered on one day (UTC). */
export interface DailyCount {
  /** The day's first millisecond. */
  day: number;
  received: number;
  delivered: number;
}

/** The leads received since a time, and what they hold: the rate a wait's room is worked out from. */
export interface IntakeVolume {
  /** Leads received (not spam: caught bots are never delivered, so never wait). */
  leads: number;
  /** Their enquiries' text and their files' bytes as the visitors sent them. */
  bytes: number;
  /** When the first of them arrived, or null when none did. */
  firstAt: number | null;
}

/** One day, in the milliseconds the store's times are in. */
const DAY_MS = 86_400_000;

/** The email address as indexed (both schemas index this same expression). */
export const emailExpression = (d: Dialect) => `LOWER(${d.jsonText('upstream', 'email')})`;

/**
 * What the start of a name is looked for in: the whole name ("forename surname") and the surname,
 * with A to Z lower-cased and in byte order (both schemas index these same expressions, then the
 * id: `NAME_INDEXES`). Only A to Z, as SQLite's LOWER does and PostgreSQL's does in byte order,
 * whatever the database's locale: a search finds the same leads on both.
 */
export const nameKeys = (d: Dialect) =>
  [
    `${d.jsonText('upstream', 'forename')} || ' ' || ${d.jsonText('upstream', 'surname')}`,
    d.jsonText('upstream', 'surname'),
  ].map((text) => `(LOWER((${text}) COLLATE ${d.bytewise}) COLLATE ${d.bytewise})`);

/** The indexes of `nameKeys`, in their order. */
const NAME_INDEXES = ['submissions_name', 'submissions_surname'];

/** A search as the name keys are: A to Z lower-cased, every other letter as it is. */
const lowerAtoZ = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/** Text that starts with `prefix` lies between it and this, in byte order. */
const upTo = (prefix: string) => `${prefix}\u{10FFFF}`;

/** The reads of leads, in `d`'s spelling. */
export function leads(d: Dialect) {
  const keys = nameKeys(d);
  const { submissionsWhere } = reads(d);
  /**
   * The condition that picks the first leads in `order` of `params.state` (if any) on the page
   * (`page`: the conditions besides the state) whose name starts with `params.from`: the first
   * of each name index's range, so what is read grows with the matches, never with every lead.
   * The indexes are named: with a state or a page, SQLite would otherwise walk that state's or
   * the page's every lead in id order instead.
   */
  function nameStart(
    page: readonly string[],
    params: Record<string, unknown>,
    order: string,
  ): string {
    const state = params.state === undefined ? [] : ['state = @state'];
    const newest = keys.map(
      (key, n) => `SELECT id FROM (SELECT id FROM submissions ${d.indexedBy(NAME_INDEXES[n] ?? '')}
        WHERE ${[`${key} >= @from`, `${key} <= @to`, ...state, ...page].join(' AND ')}
        ${order}) AS newest${String(n)}`,
    );
    return `id IN (${newest.join(' UNION ')})`;
  }

  return {
    /**
     * The leads received since `since` and their bytes (`IntakeVolume`): a range of the index on
     * the time they arrived, each one's files by their key. Files' sizes stay once they are sent.
     */
    *intakeSince(since: number): Plan<IntakeVolume> {
      const row = yield* one<{
        leads: number | string;
        bytes: number | string | null;
        first_at: number | string | null;
      }>(
        `SELECT COUNT(*) AS leads, MIN(received_at) AS first_at,
           SUM(LENGTH(upstream)
             + COALESCE((SELECT SUM(size) FROM files WHERE submission_id = submissions.id), 0)) AS bytes
         FROM submissions WHERE received_at >= @since AND state <> 'spam'`,
        { since },
      );
      return {
        leads: Number(row?.leads ?? 0),
        bytes: Number(row?.bytes ?? 0),
        firstAt:
          row?.first_at === null || row?.first_at === undefined ? null : Number(row.first_at),
      };
    },
    /**
     * One page of leads, newest first (or oldest, `after`). A reference, an email address and a
     * name's start are each found through their indexes.
     */
    leadPage(filter: LeadFilter): Plan<Submission[]> {
      const params: Record<string, unknown> = { limit: filter.limit };
      const page: string[] = [];
      if (filter.before !== undefined) {
        page.push('id < @before');
        params.before = filter.before;
      }
      if (filter.after !== undefined) {
        page.push('id > @after');
        params.after = filter.after;
      }
      const order = `ORDER BY id ${filter.after === undefined ? 'DESC' : 'ASC'} LIMIT @limit`;
      if (filter.state) params.state = filter.state;
      let where = [...(filter.state ? ['state = @state'] : []), ...page];
      const search = filter.search?.trim();
      if (search) {
        if (/^EQ-/i.test(search)) {
          where.push('reference = @reference');
          params.reference = search.toUpperCase();
        } else if (search.includes('@')) {
          where.push(`${emailExpression(d)} = @email`);
          params.email = search.toLowerCase();
        } else {
          params.from = lowerAtoZ(search);
          params.to = upTo(lowerAtoZ(search));
          where = [nameStart(page, params, order)];
        }
      }
      return submissionsWhere(where, params, order);
    },
    /**
     * Leads received and delivered on each of the `days` days up to and including `today`'s:
     * each day's count a range of the index on its time (with `team`, on the team and its time),
     * so only those days' entries are read.
     */
    *dailyCounts(now: number, days: number, team?: string): Plan<DailyCount[]> {
      const first = Math.floor(now / DAY_MS) * DAY_MS - (days - 1) * DAY_MS;
      const ofTeam = team === undefined ? '' : ' AND routed_to = @team';
      const onTheDay = (column: string) =>
        `(SELECT COUNT(*) FROM submissions
          WHERE ${column} >= day AND ${column} < day + ${String(DAY_MS)}${ofTeam})`;
      const rows = yield* all<Record<keyof DailyCount, number | string>>(
        `WITH RECURSIVE days (day) AS (
           SELECT CAST(@first AS BIGINT) UNION ALL
           SELECT day + ${String(DAY_MS)} FROM days WHERE day < @last)
         SELECT day, ${onTheDay('received_at')} AS received, ${onTheDay('delivered_at')} AS delivered
         FROM days ORDER BY day`,
        { first, last: first + (days - 1) * DAY_MS, ...(team === undefined ? {} : { team }) },
      );
      return rows.map((row) => ({
        day: Number(row.day),
        received: Number(row.received),
        delivered: Number(row.delivered),
      }));
    },
  };
}
