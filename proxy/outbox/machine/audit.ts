/** The audit log of operators' actions, written once for both databases. */
import { all, run, type Plan } from './plan.ts';

/** One operator action, as it is recorded. */
export interface AuditRecord {
  /** When, in epoch milliseconds. */
  at: number;
  /** Which client asked (its address, or `cli` for the command line). */
  client: string;
  /** What was done, as a short verb phrase: `sign-in`, `retry`, `export`, `erase`. */
  action: string;
  /** The submission it was done to, if one. */
  reference: string | null;
  /** Anything else worth knowing (never a visitor's data). */
  detail?: string;
  /** Who did it: a person's email address, `admin token`, or nobody known (the CLI). */
  person?: string | null;
  /** The role they did it in. */
  role?: string | null;
}

/** A recorded action, with its row id. */
export interface AuditEntry extends Required<AuditRecord> {
  id: number;
  detail: string;
  person: string | null;
  role: string | null;
}

/** Which entries to list: newest first, `limit` of them, older than `before` (an id) when paging. */
export interface AuditFilter {
  reference?: string;
  limit: number;
  before?: number;
}

/** Records one action. */
export function* recordAudit(entry: AuditRecord): Plan<void> {
  yield* run(
    `INSERT INTO audit (at, client, action, reference, detail, person, role)
     VALUES (@at, @client, @action, @reference, @detail, @person, @role)`,
    {
      ...entry,
      detail: entry.detail ?? null,
      person: entry.person ?? null,
      role: entry.role ?? null,
    },
  );
}

/** Recorded actions, newest first. */
export function* listAudit(filter: AuditFilter): Plan<AuditEntry[]> {
  const rows = yield* all<Omit<AuditEntry, 'detail'> & { detail: string | null }>(
    `SELECT id, at, client, action, reference, detail, person, role FROM audit
     WHERE (CAST(@reference AS TEXT) IS NULL OR reference = @reference)
       AND (CAST(@before AS BIGINT) IS NULL OR id < @before)
     ORDER BY id DESC LIMIT @limit`,
    { reference: filter.reference ?? null, before: filter.before ?? null, limit: filter.limit },
  );
  return rows.map((row) => ({ ...row, detail: row.detail ?? '' }));
}
