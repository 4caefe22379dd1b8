/**
 * A saved enquiry's allowances, kept where drafts are kept: the codes asked for one draft id and
 * the codes tried on it (`intake/drafts/draft-routes.ts`). Counted in the outbox, not in the
 * process, so that no restart, deploy or crash gives whoever holds a link five more guesses, and
 * every instance on PostgreSQL counts the same. Kept for an id whether or not a draft has it, so
 * a made-up id is answered as a real one (`intake/drafts/even-answers.ts`).
 *
 * Each allowance is a token bucket kept as one time, `until`: when the bucket is whole again. A
 * take moves it one step (`windowMs / count`) later, and is refused when that would put it more
 * than a window ahead of now: `count` at once, then one more every step, as
 * `limiter/token-buckets.ts` counts in memory. A row whose time has passed is a whole bucket,
 * so it is deleted: the table holds only the allowances in use.
 */
import type { Verdict } from '../../limiter/token-buckets.ts';
import { one, run, type Plan } from './plan.ts';
import type { ColumnTypes } from './tables.ts';

/** The `draft_allowances` table: one row an id and kind while its allowance is in use. */
export const draftAllowancesTable = (t: ColumnTypes) => `CREATE TABLE draft_allowances (
     draft_id ${t.text} NOT NULL,
     kind ${t.text} NOT NULL,
     until ${t.big} NOT NULL,
     PRIMARY KEY (draft_id, kind)
   );
   CREATE INDEX draft_allowances_until ON draft_allowances (until);`;

/** What a draft id is allowed: `count` in `windowMs`, refilled evenly. */
export interface DraftAllowance {
  /** What the table calls it: `codes` asked for, `tries` made. */
  kind: 'codes' | 'tries';
  count: number;
  windowMs: number;
}

/**
 * Takes one of `allowance` for draft id `id` at `now`, if it has one left.
 *
 * @example yield* takeDraftAllowance('3f…', { kind: 'tries', count: 5, windowMs: 1_800_000 }, now)
 */
export function* takeDraftAllowance(
  id: string,
  allowance: DraftAllowance,
  now: number,
): Plan<Verdict> {
  const { kind, count, windowMs } = allowance;
  const step = Math.ceil(windowMs / count);
  yield* run('DELETE FROM draft_allowances WHERE until <= @now', { now });
  // Every row left is in use (its time is ahead of now): one step on from there, or from now.
  const took = yield* run(
    `INSERT INTO draft_allowances (draft_id, kind, until) VALUES (@id, @kind, @first)
     ON CONFLICT (draft_id, kind) DO UPDATE SET until = draft_allowances.until + @step
     WHERE draft_allowances.until + @step <= @last`,
    { id, kind, first: now + step, step, last: now + windowMs },
  );
  const row = yield* one<{ until: number }>(
    'SELECT until FROM draft_allowances WHERE draft_id = @id AND kind = @kind',
    { id, kind },
  );
  const until = row?.until ?? now;
  if (took === 1)
    return { allowed: true, remaining: Math.floor((now + windowMs - until) / step), waitMs: 0 };
  return { allowed: false, remaining: 0, waitMs: until + step - (now + windowMs) };
}
