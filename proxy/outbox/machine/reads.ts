/** What operators, health checks and the notifier read of the outbox, written once for both databases. */
import { toCounts, toSubmission, type FileRow, type SubmissionRow } from '../rows.ts';
import type { OutboxCounts, Submission, SubmissionState } from '../submission.ts';
import { all, one, type Dialect, type Plan } from './plan.ts';

/** The reads, in `d`'s spelling. */
export function reads(d: Dialect) {
  /** Submission rows with their files (one query for all of them), in the rows' order. */
  function* withFiles(rows: readonly SubmissionRow[]): Plan<Submission[]> {
    if (rows.length === 0) return [];
    const files = yield* all<FileRow & { submission_id: number }>(
      `SELECT submission_id, idx, name, postname, mime, size, sha256, attachment_id, failed_reason, skipped
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
  function* submissionWhere(where: string, value: unknown): Plan<Submission | null> {
    const rows = yield* all<SubmissionRow>(`SELECT * FROM submissions WHERE ${where}`, { value });
    return (yield* withFiles(rows))[0] ?? null;
  }

  return {
    withFiles,
    /** One submission by its id (known to exist). */
    *byId(id: number): Plan<Submission> {
      return (yield* submissionWhere('id = @value', id)) as Submission;
    },
    /** One submission by its reference. */
    get: (reference: string) => submissionWhere('reference = @value', reference),
    /** Submissions in arrival order, all or of one state. */
    *list(state?: SubmissionState): Plan<Submission[]> {
      const rows = state
        ? yield* all<SubmissionRow>('SELECT * FROM submissions WHERE state = @state ORDER BY id', {
            state,
          })
        : yield* all<SubmissionRow>('SELECT * FROM submissions ORDER BY id');
      return yield* withFiles(rows);
    },
    /** How many of each state, and what needs attention. */
    *counts(): Plan<OutboxCounts> {
      const counted = (condition: string) => `COUNT(CASE WHEN ${condition} THEN 1 END)`;
      const row = yield* one<Record<string, number | null>>(
        `SELECT
           ${counted(`state = 'queued'`)} AS queued,
           ${counted(`state = 'delivered'`)} AS delivered,
           ${counted(`state = 'partial'`)} AS partial,
           ${counted(`state = 'dead'`)} AS dead,
           ${counted(`state = 'spam'`)} AS spam,
           MIN(CASE WHEN state = 'queued' THEN received_at END) AS "oldestQueuedAt",
           ${counted(`state IN ('delivered', 'partial') AND possible_duplicate = 1`)}
             AS "possibleDuplicates",
           COALESCE(SUM(CASE WHEN state IN ('delivered', 'partial') THEN unknown_uploads ELSE 0 END), 0)
             AS "possibleDuplicateUploads"
         FROM submissions`,
      );
      return toCounts(row);
    },
    /** When the next queued submission is due, or null. */
    *nextDueAt(): Plan<number | null> {
      const row = yield* one<{ at: number | null }>(
        `SELECT MIN(next_attempt_at) AS at FROM submissions WHERE state = 'queued'`,
      );
      return row?.at ?? null;
    },
    /** Dead or partly delivered submissions whose firm has not been told yet, oldest first. */
    *leadsToNotify(limit: number): Plan<Submission[]> {
      const rows = yield* all<SubmissionRow>(
        `SELECT * FROM submissions WHERE state IN ('dead', 'partial') AND notified_at IS NULL
         ORDER BY id LIMIT @limit`,
        { limit },
      );
      return yield* withFiles(rows);
    },
  };
}
