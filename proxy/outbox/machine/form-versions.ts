/**
 * The form's published versions and its one draft (`firm-tables.ts`: `formTables`), written once
 * for both databases. A version, once inserted, never changes: publishing inserts the next
 * number, and two publishing at once cannot both have it (the primary key; the second is told).
 * The draft is one row whose revision only grows: a save names the revision it started from and
 * is refused when someone saved since, and a discarded or published draft keeps counting, so a
 * save begun before either is refused too. The audit entry naming who published goes in with
 * the version, and on PostgreSQL every instance hears of it at once (`Dialect.announceForm`).
 */
import { recordAudit } from './audit.ts';
import { all, one, run, type Dialect, type Plan } from './plan.ts';

/** How a version came to be published. */
export type FormSource = 'file' | 'studio' | 'import' | 'rollback';

/** One published version, without its configuration. */
export interface FormVersionSummary {
  /** 1, 2, 3…: never reused. */
  version: number;
  /** Milliseconds since the epoch. */
  publishedAt: number;
  /** Who published it: a person's address, `admin token`, or the file or CLI it came from. */
  publishedBy: string;
  source: FormSource;
  /** For a rollback, the version published again. */
  from?: number | undefined;
}

/**
 * One version as the outbox keeps it: the configuration's text byte for byte, and the text of
 * each strings file it names (`"strings"`), by the path it names it with, read when it was
 * published, so a version is whole in the database wherever it is served.
 */
export interface StoredFormVersion extends FormVersionSummary {
  text: string;
  strings: Readonly<Record<string, string>>;
}

/** The draft's row: `text` null when nobody saved one since the last publish or discard. */
export interface StoredFormDraft {
  text: string | null;
  strings: Readonly<Record<string, string>>;
  revision: number;
  /** The version the draft was started from (0 before any was published). */
  basedOn: number;
  savedBy: string;
  savedAt: number;
}

/** Who did it, as the audit log names them. */
export interface FormActor {
  /** `Ann Lee <ann@firm.example>`, `admin token`, `cli`, `FORM_CONFIG`. */
  person: string;
  role?: string | null | undefined;
  /** The client's address, `cli`, or `start` for a proxy publishing its file. */
  client: string;
}

/** A version to publish, after `expected` (the latest the publisher checked against). */
export interface NewFormVersion {
  expected: number;
  text: string;
  strings: Readonly<Record<string, string>>;
  source: FormSource;
  from?: number | undefined;
  at: number;
  by: FormActor;
  /** Publishing the draft at this revision: it is emptied with the publish. */
  draftRevision?: number | undefined;
}

/** What publishing came to: the version made, or why not (nothing was written). */
export type PublishRecord =
  | { kind: 'published'; version: StoredFormVersion }
  | { kind: 'stale version'; latest: number }
  | { kind: 'stale draft'; draft: StoredFormDraft };

/** What saving the draft came to. */
export type DraftRecord =
  { kind: 'saved'; draft: StoredFormDraft } | { kind: 'stale'; draft: StoredFormDraft };

interface VersionRow {
  version: number;
  publishedAt: number;
  publishedBy: string;
  source: FormSource;
  from: number | null;
}

const SUMMARY = `version, published_at AS "publishedAt", published_by AS "publishedBy",
  source, from_version AS "from"`;

const summary = (row: VersionRow): FormVersionSummary => ({
  version: row.version,
  publishedAt: row.publishedAt,
  publishedBy: row.publishedBy,
  source: row.source,
  ...(row.from === null ? {} : { from: row.from }),
});

const stringsOf = (json: string | null): Record<string, string> =>
  json ? (JSON.parse(json) as Record<string, string>) : {};

/** The latest version's number, 0 when none: the cheap look every instance takes now and then. */
export function* latestFormVersion(): Plan<number> {
  const row = yield* one<{ latest: number | null }>(
    'SELECT MAX(version) AS latest FROM form_versions',
  );
  return row?.latest ?? 0;
}

/** Every version, newest first, without its configuration. */
export function* formVersions(): Plan<FormVersionSummary[]> {
  const rows = yield* all<VersionRow>(`SELECT ${SUMMARY} FROM form_versions ORDER BY version DESC`);
  return rows.map(summary);
}

/** One version whole; `latest` for the newest. */
export function* formVersion(which: number | 'latest'): Plan<StoredFormVersion | undefined> {
  const row = yield* one<VersionRow & { text: string; strings: string }>(
    `SELECT ${SUMMARY}, text, strings FROM form_versions
     WHERE version = ${which === 'latest' ? '(SELECT MAX(version) FROM form_versions)' : '@which'}`,
    which === 'latest' ? {} : { which },
  );
  return row && { ...summary(row), text: row.text, strings: stringsOf(row.strings) };
}

/** The draft's row (the schema made it: there is always one). */
export function* formDraft(): Plan<StoredFormDraft> {
  const row = yield* one<{
    text: string | null;
    strings: string | null;
    revision: number;
    basedOn: number;
    savedBy: string;
    savedAt: number;
  }>(
    `SELECT text, strings, revision, based_on AS "basedOn", saved_by AS "savedBy",
       saved_at AS "savedAt" FROM form_draft WHERE id = 1`,
  );
  if (!row) throw new Error('the outbox has no form draft row: its schema is not up to date');
  return {
    text: row.text,
    strings: stringsOf(row.strings),
    revision: row.revision,
    basedOn: row.basedOn,
    savedBy: row.savedBy,
    savedAt: row.savedAt,
  };
}

/** Saves `text` as the draft over `revision`, unless someone saved (or published) since. */
export function* saveFormDraft(save: {
  text: string;
  strings: Readonly<Record<string, string>>;
  revision: number;
  basedOn: number;
  by: string;
  at: number;
}): Plan<DraftRecord> {
  const changed = yield* run(
    `UPDATE form_draft SET text = @text, strings = @strings, revision = revision + 1,
       based_on = @basedOn, saved_by = @by, saved_at = @at
     WHERE id = 1 AND revision = @revision`,
    { ...save, strings: JSON.stringify(save.strings) },
  );
  const draft = yield* formDraft();
  return changed === 1 ? { kind: 'saved', draft } : { kind: 'stale', draft };
}

/** Empties the draft: the next look at it finds the latest version. */
export function* discardFormDraft(by: string, at: number): Plan<StoredFormDraft> {
  yield* run(
    `UPDATE form_draft SET text = NULL, strings = NULL, revision = revision + 1,
       based_on = (SELECT COALESCE(MAX(version), 0) FROM form_versions), saved_by = @by,
       saved_at = @at
     WHERE id = 1`,
    { by, at },
  );
  return yield* formDraft();
}

/** The plans that write, in `d`'s spelling (PostgreSQL tells every instance of a publish). */
export function formVersionWrites(d: Dialect) {
  return {
    /**
     * Publishes the next version after `expected`, with its audit entry; nothing is written
     * when another version came first, or when the draft to publish was saved since.
     */
    *publishFormVersion(next: NewFormVersion): Plan<PublishRecord> {
      if (next.draftRevision !== undefined) {
        const draft = yield* formDraft();
        if (draft.revision !== next.draftRevision) return { kind: 'stale draft', draft };
      }
      const version = next.expected + 1;
      const inserted = yield* run(
        `INSERT INTO form_versions
           (version, text, strings, published_at, published_by, source, from_version)
         VALUES (@version, @text, @strings, @at, @person, @source, @from)
         ON CONFLICT (version) DO NOTHING`,
        {
          version,
          text: next.text,
          strings: JSON.stringify(next.strings),
          at: next.at,
          person: next.by.person,
          source: next.source,
          from: next.from ?? null,
        },
      );
      if (inserted === 0) return { kind: 'stale version', latest: yield* latestFormVersion() };
      // A save that slipped in after the look above keeps its edits as the draft (0 rows here).
      if (next.draftRevision !== undefined)
        yield* run(
          `UPDATE form_draft SET text = NULL, strings = NULL, revision = revision + 1,
             based_on = @version, saved_by = @person, saved_at = @at
           WHERE id = 1 AND revision = @revision`,
          { version, person: next.by.person, at: next.at, revision: next.draftRevision },
        );
      yield* recordAudit({
        at: next.at,
        client: next.by.client,
        action: 'publish form',
        reference: null,
        detail: `version ${String(version)} (${next.source}${next.from === undefined ? '' : ` of version ${String(next.from)}`})`,
        person: next.by.person,
        role: next.by.role ?? null,
      });
      if (d.announceForm) yield* run(d.announceForm);
      const published = yield* formVersion(version);
      if (!published) throw new Error(`version ${String(version)} vanished as it was published`);
      return { kind: 'published', version: published };
    },
  };
}
