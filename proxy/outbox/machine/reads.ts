/** What operators, health checks and the notifier read of the outbox, written once for both databases. */
import { toCounts, toSubmission, type FileRow, type SubmissionRow } from '../rows.ts';
import {
  SUBMISSION_STATES,
  type OutboxAttention,
  type OutboxCounts,
  type Submission,
} from '../submission.ts';
import { all, one, type Dialect, type Plan } from './plan.ts';

/** The reads, in `d`'s spelling. */
export function reads(d: Dialect) {
  /** Submission rows with their files (one query for all of them), in the rows' order. */
  function* withFiles(rows: readonly SubmissionRow[]): Plan<Submission[]> {
    if (rows.length === 0) return [];
    const files = yield* all<FileRow & { submission_id: number }>(
      `SELECT submission_id, idx, name, postname, mime, size, sha256, attachment_id, failed_reason, skipped,
         answered_at, original_name
       FROM files WHERE ${d.inList('submission_id', '@ids')} ORDER BY submission_id, idx`,
      { ids: rows.map((row) => row.id) },
    );
    return rows.map((row) =>
      toSubmission(
        row,
        files.filter((file) => file.submission_id === row.id),
      ),
    );
  }
  /**
   * The `columns` of the submissions every condition of `where` picks (all when none), in the
   * order and number `then` says: the one query every read of submissions is.
   */
  function* rowsWhere<Row = SubmissionRow>(
    columns: string,
    where: readonly string[],
    params: Record<string, unknown>,
    then = 'ORDER BY id',
  ): Plan<Row[]> {
    const picked = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    return yield* all<Row>(`SELECT ${columns} FROM submissions ${picked} ${then}`, params);
  }
  /** The submissions `where` picks, with their files. */
  function* submissionsWhere(
    where: readonly string[],
    params: Record<string, unknown>,
    then?: string,
  ): Plan<Submission[]> {
    return yield* withFiles(yield* rowsWhere('*', where, params, then));
  }
  function* submissionWhere(where: string, value: unknown): Plan<Submission | null> {
    return (yield* submissionsWhere([where], { value }, ''))[0] ?? null;
  }
  /** One submission by its id (known to exist). */
  function* byId(id: number): Plan<Submission> {
    return (yield* submissionWhere('id = @value', id)) as Submission;
  }

  return {
    withFiles,
    rowsWhere,
    submissionsWhere,
    byId,
    /** One submission by its reference. */
    get: (reference: string) => submissionWhere('reference = @value', reference),
    /**
     * How many of each state, and what needs attention: each figure read from an index (the
     * states' counts from the one on state, the rest from small partial indexes), never the rows.
     * With `team`, of the leads routed to it (the indexes on the team serve those), and how many
     * have no team (by their state, so that the partial index on them is searched).
     */
    *counts(team?: string): Plan<OutboxCounts> {
      const ofTeam = team === undefined ? '' : ' AND routed_to = @team';
      const undecided =
        team === undefined
          ? ''
          : `, (SELECT COUNT(*) FROM submissions WHERE routed_to IS NULL
               AND state IN (${SUBMISSION_STATES.map((state) => `'${state}'`).join(', ')}))
               AS undecided`;
      const inState = (state: string) =>
        `(SELECT COUNT(*) FROM submissions WHERE state = '${state}'${ofTeam}) AS ${state}`;
      const settled = `state IN ('delivered', 'partial')${ofTeam}`;
      const row = yield* one<Record<string, number | null>>(
        `SELECT ${SUBMISSION_STATES.map(inState).join(', ')},
           (SELECT MIN(received_at) FROM submissions WHERE state = 'queued'${ofTeam})
             AS "oldestQueuedAt",
           (SELECT COUNT(*) FROM submissions WHERE ${settled} AND possible_duplicate = 1)
             AS "possibleDuplicates",
           (SELECT COALESCE(SUM(unknown_uploads), 0) FROM submissions
             WHERE ${settled} AND unknown_uploads > 0) AS "possibleDuplicateUploads",
           (SELECT COUNT(*) FROM submissions WHERE repeat_of IS NOT NULL${ofTeam}) AS repeats
           ${undecided}`,
        team === undefined ? {} : { team },
      );
      return toCounts(row);
    },
    /**
     * What `/healthz` asks, which anyone may, as often as they like: three seeks into an index
     * on the state, each ended at its first entry. Never a count: a count reads every entry of
     * its state, on the event loop (`npm run bench -- console` has both with 100,000 leads).
     */
    *attention(): Plan<OutboxAttention> {
      const some = (state: string) =>
        `CASE WHEN EXISTS (SELECT 1 FROM submissions WHERE state = '${state}') THEN 1 ELSE 0 END`;
      const row = yield* one<{ dead: number; partial: number; oldestQueuedAt: number | null }>(
        `SELECT ${some('dead')} AS dead, ${some('partial')} AS partial,
           (SELECT MIN(received_at) FROM submissions WHERE state = 'queued') AS "oldestQueuedAt"`,
      );
      return {
        anyDead: row?.dead === 1,
        anyPartial: row?.partial === 1,
        oldestQueuedAt: row?.oldestQueuedAt ?? null,
      };
    },
    /**
     * When the next queued submission is due, or null; leaving out those whose last attempt
     * timed out unless `timedOutToo`. One held is due no sooner than its holder counts as gone:
     * one being sent is no work to look for (a look every 50 ms while it was sent, 600 while a
     * lead hung for 30 s), but a dead instance's is taken over once its heartbeat stops, not at
     * the next poll half a minute later.
     */
    *nextDueAt(timedOutToo = true): Plan<number | null> {
      const row = yield* one<{ at: number | null }>(
        `SELECT MIN(CASE WHEN lease_owner IS NULL THEN next_attempt_at
           ELSE ${d.greatest('next_attempt_at', d.holderGoneAt)} END) AS at FROM submissions
         WHERE state = 'queued'${timedOutToo ? '' : ' AND timed_out = 0'}`,
      );
      return row?.at ?? null;
    },
    /** Dead or partly delivered submissions whose firm has not been told yet, oldest first. */
    leadsToNotify: (limit: number) =>
      submissionsWhere(
        [`state IN ('dead', 'partial')`, 'notified_at IS NULL'],
        { limit },
        'ORDER BY id LIMIT @limit',
      ),
  };
}
