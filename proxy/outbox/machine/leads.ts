/**
 * What the firm's console and the CLI read of the leads: one page of them newest first (by state,
 * by reference, name or email address), and how many arrived and were delivered each day. Both
 * use the indexes the schemas add for them, so a page stays fast with 100,000 stored leads.
 */
import type { SubmissionRow } from '../rows.ts';
import type { Submission, SubmissionState } from '../submission.ts';
import { all, type Dialect, type Plan } from './plan.ts';

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
  limit: number;
}

/** Leads received and delivered on one day (UTC). */
export interface DailyCount {
  /** The day's first millisecond. */
  day: number;
  received: number;
  delivered: number;
}

/** One day, in the milliseconds the store's times are in. */
export const DAY_MS = 86_400_000;

/** The email address as indexed (both schemas index this same expression). */
export const emailExpression = (d: Dialect) => `LOWER(${d.jsonText('upstream', 'email')})`;

/** The reads of leads, in `d`'s spelling. */
export function leads(
  d: Dialect,
  withFiles: (rows: readonly SubmissionRow[]) => Plan<Submission[]>,
) {
  return {
    /** One page of leads, newest first. */
    *leadPage(filter: LeadFilter): Plan<Submission[]> {
      const where: string[] = [];
      const params: Record<string, unknown> = { limit: filter.limit };
      if (filter.state) {
        where.push('state = @state');
        params.state = filter.state;
      }
      if (filter.before !== undefined) {
        where.push('id < @before');
        params.before = filter.before;
      }
      const search = filter.search?.trim();
      if (search) {
        if (/^EQ-/i.test(search)) {
          where.push('reference = @reference');
          params.reference = search.toUpperCase();
        } else if (search.includes('@')) {
          where.push(`${emailExpression(d)} = @email`);
          params.email = search.toLowerCase();
        } else {
          const name = `LOWER(${d.jsonText('upstream', 'forename')} || ' ' || ${d.jsonText('upstream', 'surname')})`;
          where.push(
            `(${name} LIKE @name OR LOWER(${d.jsonText('upstream', 'surname')}) LIKE @name)`,
          );
          params.name = `${search.toLowerCase().replace(/[%_\\]/g, '')}%`;
        }
      }
      const rows = yield* all<SubmissionRow>(
        `SELECT * FROM submissions ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY id DESC LIMIT @limit`,
        params,
      );
      return yield* withFiles(rows);
    },
    /** Leads received and delivered on each of the `days` days up to and including `today`'s. */
    *dailyCounts(now: number, days: number): Plan<DailyCount[]> {
      const first = Math.floor(now / DAY_MS) * DAY_MS - (days - 1) * DAY_MS;
      const perDay = (column: string) =>
        all<{ day: number | string; n: number | string }>(
          `SELECT ${column} / ${DAY_MS} AS day, COUNT(*) AS n FROM submissions
           WHERE ${column} >= @first GROUP BY ${column} / ${DAY_MS}`,
          { first },
        );
      const received = yield* perDay('received_at');
      const delivered = yield* perDay('delivered_at');
      const count = (rows: typeof received, day: number) =>
        Number(rows.find((row) => Number(row.day) * DAY_MS === day)?.n ?? 0);
      return Array.from({ length: days }, (_, n) => {
        const day = first + n * DAY_MS;
        return { day, received: count(received, day), delivered: count(delivered, day) };
      });
    },
  };
}
