/**
 * Files sent ahead of their enquiry (tus, `intake/uploads/`): their rows, written once for both
 * databases. The bytes are each store's own (SQLite's upload folder, PostgreSQL's
 * `upload_chunks`); what is here is the rule every instance keeps: an upload grows only from the
 * offset it is at (the conditional update is the lock, so two PATCHes for one upload on two
 * instances cannot both write), is named by one enquiry at most, and is gone once it expires.
 */
import type { ColumnTypes } from './tables.ts';
import { all, one, run, type Dialect, type Plan } from './plan.ts';

/** The `uploads` table; `chunks` adds what PostgreSQL keeps the bytes in. */
export const uploadsTable = (t: ColumnTypes, chunks: boolean) => `CREATE TABLE uploads (
     id ${t.text} PRIMARY KEY,
     session ${t.text} NOT NULL,
     client ${t.text} NOT NULL,
     filename ${t.text} NOT NULL,
     filetype ${t.text} NOT NULL,
     length ${t.big} NOT NULL,
     upload_offset ${t.big} NOT NULL DEFAULT 0,
     created_at ${t.big} NOT NULL,
     expires_at ${t.big} NOT NULL,
     sha256 ${t.text},
     kind ${t.text},
     verdict ${t.text},
     claimed_by ${t.text}
   );
   CREATE INDEX uploads_expiry ON uploads (expires_at);
   CREATE INDEX uploads_client ON uploads (client, expires_at);${
     chunks
       ? `
   CREATE TABLE upload_chunks (
     upload_id ${t.text} NOT NULL REFERENCES uploads (id) ON DELETE CASCADE,
     start ${t.big} NOT NULL,
     bytes bytea NOT NULL,
     PRIMARY KEY (upload_id, start)
   );
   -- As file_chunks: few rows of up to 1 MiB, all deleted soon, so vacuumed early.
   ALTER TABLE upload_chunks SET (
     autovacuum_vacuum_threshold = 8, autovacuum_vacuum_scale_factor = 0.01);`
       : ''
   }`;

/** An upload's key, returned once at its creation, kept as its SHA-256 (issue 42). */
export const uploadKeyColumn = (t: ColumnTypes) =>
  `ALTER TABLE uploads ADD COLUMN key_hash ${t.text}`;

/**
 * The language its visitor reads (`Upload-Metadata`'s `lang`, else `Accept-Language`, matched to
 * the form's): the checks' verdict and the routes' refusals are said in it (issue 44).
 */
export const uploadLanguageColumn = (t: ColumnTypes) =>
  `ALTER TABLE uploads ADD COLUMN lang ${t.text}`;

/**
 * Until when the check of a complete upload is taken by the request checking it (or, after a
 * check that failed on a fault of ours, when the next may try): a complete upload is checked
 * once, whichever instance its PATCHes land on (issue 55).
 */
export const uploadCheckingColumn = (t: ColumnTypes) =>
  `ALTER TABLE uploads ADD COLUMN checking_until ${t.big}`;

/** An upload's row. */
export interface UploadRow {
  id: string;
  /** SHA-256 of the form token that made it: the one form session that may name it. */
  session: string;
  /**
   * SHA-256 of the key its creation answered (`Upload-Key`): the other proof of the form session,
   * which outlives a renewed form token. Null for an upload made before keys.
   */
  key_hash: string | null;
  /** The creating client's rate-limit key: what it holds is bounded. */
  client: string;
  filename: string;
  filetype: string;
  length: number;
  upload_offset: number;
  created_at: number;
  expires_at: number;
  sha256: string | null;
  kind: string | null;
  /** What the checks on arrival said (JSON of `UploadVerdict`), once complete and checked. */
  verdict: string | null;
  /** The claim of the enquiry being stored with it. */
  claimed_by: string | null;
  /** The form's language its visitor reads; null for a form in one language. */
  lang: string | null;
  /** Until when its check is taken (`uploadCheckingColumn`); null before its first. */
  checking_until?: number | null;
}

/** What an upload is created with: the rest comes as its bytes arrive and are checked. */
export type NewUpload = Omit<
  UploadRow,
  'upload_offset' | 'sha256' | 'kind' | 'verdict' | 'claimed_by' | 'lang'
> &
  Partial<Pick<UploadRow, 'lang'>>;

/** A claimed upload stays this long past its expiry before the sweep takes it anyway. */
const CLAIM_GRACE_MS = 60 * 60 * 1000;

/**
 * Sets when a complete, unclaimed, unchecked upload's check may next be taken to `until`, when
 * the check is free at `now`: true when it was.
 */
function* checkUntil(id: string, now: number, until: number): Plan<boolean> {
  return (
    (yield* run(
      `UPDATE uploads SET checking_until = @until
        WHERE id = @id AND verdict IS NULL AND claimed_by IS NULL AND upload_offset = length
          AND (checking_until IS NULL OR checking_until <= @now)`,
      { id, now, until },
    )) === 1
  );
}

/** The uploads' plans over `d`. */
export function uploadPlans(d: Dialect) {
  return {
    *create(row: NewUpload): Plan<void> {
      yield* run(
        `INSERT INTO uploads (id, session, key_hash, client, filename, filetype, length, created_at, expires_at, lang)
         VALUES (@id, @session, @key_hash, @client, @filename, @filetype, @length, @created_at, @expires_at, @lang)`,
        { lang: null, ...row },
      );
    },

    /** The upload, while it lives and no enquiry has taken it. */
    *byId(id: string, now: number): Plan<UploadRow | undefined> {
      return yield* one<UploadRow>(
        'SELECT * FROM uploads WHERE id = @id AND expires_at > @now AND claimed_by IS NULL',
        { id, now },
      );
    },

    /** Moves the offset from `from` to `to`; false when it was not at `from` (another PATCH). */
    *advance(id: string, from: number, to: number): Plan<boolean> {
      return (
        (yield* run(
          `UPDATE uploads SET upload_offset = @to
            WHERE id = @id AND upload_offset = @from AND claimed_by IS NULL`,
          { id, from, to },
        )) === 1
      );
    },

    /** Where the upload is: its offset, if it is still there. */
    *offsetOf(id: string): Plan<number | undefined> {
      const row = yield* one<{ upload_offset: number }>(
        'SELECT upload_offset FROM uploads WHERE id = @id AND claimed_by IS NULL',
        { id },
      );
      return row?.upload_offset;
    },

    /** Other bytes took the upload's place (a PDF cleaned of its active content). */
    *resize(id: string, size: number): Plan<void> {
      yield* run('UPDATE uploads SET length = @size, upload_offset = @size WHERE id = @id', {
        id,
        size,
      });
    },

    /**
     * Takes the check of a complete, unchecked upload until `until`; false when it is checked,
     * or another request is checking it, or one failed and `now` is before its next try.
     */
    *takeCheck(id: string, now: number, until: number): Plan<boolean> {
      return yield* checkUntil(id, now, until);
    },

    /**
     * A check that failed on a fault of ours gives its turn back, to be taken again from `at`:
     * the same statement as taking it, whoever's turn it is now (an upload being checked is
     * complete and unclaimed, as the take asked).
     */
    *giveCheckBack(id: string, at: number): Plan<void> {
      yield* checkUntil(id, Number.MAX_SAFE_INTEGER, at);
    },

    *recordVerdict(id: string, sha256: string, kind: string, verdict: string): Plan<void> {
      yield* run(
        'UPDATE uploads SET sha256 = @sha256, kind = @kind, verdict = @verdict WHERE id = @id',
        {
          id,
          sha256,
          kind,
          verdict,
        },
      );
    },

    /**
     * Takes every upload in `ids` for `claim`, when each is complete, checked, alive, not taken
     * and made by `session` or named with its key (`keyHashes[i]`, the SHA-256 of the key given
     * for `ids[i]`); takes none otherwise (answering the ones it could not take).
     */
    *claim(
      ids: readonly string[],
      session: string,
      claim: string,
      now: number,
      keyHashes: readonly (string | null)[] = [],
    ): Plan<string[]> {
      const missing: string[] = [];
      for (const [i, id] of ids.entries()) {
        const taken = yield* run(
          `UPDATE uploads SET claimed_by = @claim
            WHERE id = @id AND (session = @session OR key_hash = @keyHash)
              AND claimed_by IS NULL AND expires_at > @now
              AND upload_offset = length AND verdict IS NOT NULL`,
          { id, session, keyHash: keyHashes[i] ?? null, claim, now },
        );
        if (taken !== 1) missing.push(id);
      }
      // All or none: what was taken is given back.
      if (missing.length > 0) yield* this.release(claim);
      return missing;
    },

    *claimed(claim: string): Plan<UploadRow[]> {
      return yield* all<UploadRow>('SELECT * FROM uploads WHERE claimed_by = @claim', { claim });
    },

    *release(claim: string): Plan<void> {
      yield* run('UPDATE uploads SET claimed_by = NULL WHERE claimed_by = @claim', { claim });
    },

    *removeClaimed(claim: string): Plan<void> {
      yield* run('DELETE FROM uploads WHERE claimed_by = @claim', { claim });
    },

    /** Removes an upload no enquiry is taking; true when it was there. */
    *remove(id: string): Plan<boolean> {
      return (
        (yield* run('DELETE FROM uploads WHERE id = @id AND claimed_by IS NULL', { id })) === 1
      );
    },

    /** The ids of uploads past their expiry (a claim left by a crash, past its grace too). */
    *expired(now: number): Plan<string[]> {
      const rows = yield* all<{ id: string }>(
        `SELECT id FROM uploads WHERE expires_at <= @now
            AND (claimed_by IS NULL OR expires_at <= @graceEnd) ORDER BY expires_at LIMIT 500`,
        { now, graceEnd: now - CLAIM_GRACE_MS },
      );
      return rows.map((row) => row.id);
    },

    *removeExpired(ids: readonly string[]): Plan<number> {
      return yield* run(`DELETE FROM uploads WHERE ${d.inList('id', '@ids')}`, { ids: [...ids] });
    },

    /** Bytes the client's live, unclaimed uploads may still grow to. */
    *heldBy(client: string, now: number): Plan<number> {
      const row = yield* one<{ held: number | string | null }>(
        `SELECT SUM(length) AS held FROM uploads
          WHERE client = @client AND expires_at > @now AND claimed_by IS NULL`,
        { client, now },
      );
      return Number(row?.held ?? 0);
    },
  };
}
