/**
 * What the stand-in received, in SQLite: every enquiry (with its raw body, to debug what a
 * client really sent) and every file (its name, size and SHA-256; its decoded bytes in a file
 * beside the database, `file-shelf.ts`), plus request counters for tests.
 */
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { shelfBeside, type FileShelf } from './file-shelf.ts';
import { CONTACT_FIELDS, MARKETING_FIELDS, type MetaEntry, type NewEnquiry } from './validate.ts';

/** Enquiry ids start here, so they look like WordPress post ids rather than row numbers. */
export const FIRST_ENQUIRY_ID = 1001;
/** Attachment ids have their own sequence, far from enquiry ids so a client mixing them up fails. */
export const FIRST_FILE_ID = 50001;

/**
 * `bytes` holds a file's bytes only where the database has no folder beside it (`:memory:`) and
 * in rows written before files moved to the shelf; elsewhere it is empty. The bytes come last:
 * SQLite reads a row's columns in order, and a 10 MB BLOB before `size` and
 * `sha256` made the inbox's listing follow each file's chain of pages to reach them (9.9 ms to
 * list nine 10 MB files, 0.011 ms with the bytes last).
 */
const FILE_COLUMNS = 'post_id, received_at, name, mime, postname, size, sha256, bytes';
const FILES_TABLE = `CREATE TABLE IF NOT EXISTS files (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  post_id INTEGER NOT NULL REFERENCES enquiries(id) ON DELETE CASCADE,
  received_at TEXT NOT NULL,
  name TEXT NOT NULL, mime TEXT NOT NULL, postname TEXT NOT NULL,
  size INTEGER NOT NULL, sha256 TEXT NOT NULL, bytes BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS files_post_id ON files(post_id);`;

// AUTOINCREMENT never reuses an id, even after `clear()`: a client that kept an old id must
// get a 404, not someone else's enquiry. The sequences are seeded once, on an empty database.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS enquiries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  received_at TEXT NOT NULL,
  forename TEXT NOT NULL,
  surname TEXT, telephone_mobile TEXT, email TEXT, case_type TEXT,
  meta TEXT NOT NULL,
  marketing_lead_referer TEXT, marketing_campaign TEXT, marketing_keywords TEXT,
  marketing_detail TEXT,
  raw_body TEXT NOT NULL
);
${FILES_TABLE}
INSERT INTO sqlite_sequence (name, seq)
  SELECT 'enquiries', ${FIRST_ENQUIRY_ID - 1}
  WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'enquiries');
INSERT INTO sqlite_sequence (name, seq)
  SELECT 'files', ${FIRST_FILE_ID - 1}
  WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'files');
`;

/**
 * A database made while the bytes came before `size` and `sha256` is rebuilt with them last,
 * its files and their ids kept, and the sequence where it was (ids are never reused).
 */
function putBytesLast(db: Database.Database): void {
  const columns = db.pragma('table_info(files)') as { name: string }[];
  if (columns.at(-1)?.name === 'bytes') return;
  db.transaction(() => {
    const seq = db
      .prepare("SELECT MAX(seq) FROM sqlite_sequence WHERE name = 'files'")
      .pluck()
      .get();
    db.exec(`ALTER TABLE files RENAME TO files_bytes_first;
      DROP INDEX files_post_id;
      ${FILES_TABLE}
      INSERT INTO files (id, ${FILE_COLUMNS}) SELECT id, ${FILE_COLUMNS} FROM files_bytes_first;
      DROP TABLE files_bytes_first;
      DELETE FROM sqlite_sequence WHERE name IN ('files', 'files_bytes_first');`);
    db.prepare("INSERT INTO sqlite_sequence (name, seq) VALUES ('files', ?)").run(seq);
  })();
}

/** The `bytes` of a row whose file is on the shelf. */
const NO_BYTES = Buffer.alloc(0);

/** A stored file without its bytes. */
export interface FileSummary {
  id: number;
  name: string;
  mime: string;
  postname: string;
  size: number;
  sha256: string;
}

/** A stored enquiry with the files attached to it. */
export type StoredEnquiry = NewEnquiry & {
  id: number;
  receivedAt: string;
  rawBody: string;
  files: FileSummary[];
};

/** A file to attach to an existing enquiry. */
export interface NewFile {
  postId: number;
  name: string;
  mime: string;
  postname: string;
  bytes: Buffer;
}

/** Counts of service requests since start or the last `clear()`. */
export interface Stats {
  createRequests: number;
  uploadRequests: number;
  created: number;
  uploaded: number;
  /** Answered 4xx by the service itself (auth, checks, 404, 413, 415), not by a fault. */
  rejected: number;
  /** Failed, hung or dropped on purpose by fault injection. */
  faulted: number;
}

const NO_STATS: Readonly<Stats> = Object.freeze({
  createRequests: 0,
  uploadRequests: 0,
  created: 0,
  uploaded: 0,
  rejected: 0,
  faulted: 0,
});

/** The enquiry columns that hold one text field each, named as in the create body. */
const TEXT_COLUMNS = ['forename', ...CONTACT_FIELDS, ...MARKETING_FIELDS] as const;

type EnquiryRow = Omit<StoredEnquiry, 'meta' | 'files' | 'receivedAt' | 'rawBody'> & {
  received_at: string;
  raw_body: string;
  meta: string;
};

/**
 * The stand-in's storage. Pass a file path, or `':memory:'` for tests.
 *
 * @example const store = new EnquiryStore(':memory:'); store.createEnquiry(enquiry, rawBody)
 */
export class EnquiryStore {
  readonly #db: Database.Database;
  /** Counters the routes bump; kept in memory, so they start at zero with each process. */
  readonly stats: Stats = { ...NO_STATS };
  /** The enquiries whose creates' connections were cut after storing them (in memory too). */
  readonly #dropped = new Set<number>();
  /** Where files' bytes go; none for an in-memory database, which keeps them in their rows. */
  readonly #shelf: FileShelf | undefined;

  constructor(path: string) {
    this.#db = new Database(path);
    const inMemory = path === ':memory:' || path === '';
    this.#shelf = inMemory ? undefined : shelfBeside(path);
    // Files are stored whole, 10 MB at a time: in 64 KiB pages SQLite writes one a sixteenth as
    // often as in its default 4 KiB ones, and a file took half the CPU to store (measured). It
    // holds for a new database only; one made before keeps its pages.
    this.#db.pragma('page_size = 65536');
    // WAL lets the inbox read while an upload writes; it means nothing for `:memory:`.
    if (!inMemory) this.#db.pragma('journal_mode = WAL');
    this.#db.pragma('foreign_keys = ON');
    this.#db.exec(SCHEMA);
    putBytesLast(this.#db);
  }

  /** Stores an enquiry and returns its new id. */
  createEnquiry(enquiry: NewEnquiry, rawBody: string): number {
    const values = TEXT_COLUMNS.map((column) => enquiry[column]);
    const insert = `INSERT INTO enquiries (received_at, meta, raw_body, ${TEXT_COLUMNS.join(', ')})
      VALUES (?, ?, ?, ${TEXT_COLUMNS.map(() => '?').join(', ')})`;
    const result = this.#db
      .prepare(insert)
      .run(new Date().toISOString(), JSON.stringify(enquiry.meta), rawBody, ...values);
    return Number(result.lastInsertRowid);
  }

  /** Notes that the create of enquiry `id` had its connection cut instead of an answer. */
  noteDropped(id: number): void {
    this.#dropped.add(id);
  }

  /** True when the create of enquiry `id` had its connection cut: its client cannot know of it. */
  wasDropped(id: number): boolean {
    return this.#dropped.has(id);
  }

  /** True when an enquiry with this id was created. */
  hasEnquiry(id: number): boolean {
    return this.#db.prepare('SELECT 1 FROM enquiries WHERE id = ?').get(id) !== undefined;
  }

  /**
   * Stores a file for an existing enquiry and returns the attachment id. Its bytes are on the
   * shelf before its row commits: a failed write stores nothing.
   */
  addFile(file: NewFile): number {
    const sha256 = createHash('sha256').update(file.bytes).digest('hex');
    const insert = this.#db.prepare(
      `INSERT INTO files (${FILE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const shelf = this.#shelf;
    return this.#db.transaction(() => {
      const result = insert.run(
        file.postId,
        new Date().toISOString(),
        file.name,
        file.mime,
        file.postname,
        file.bytes.length,
        sha256,
        shelf ? NO_BYTES : file.bytes,
      );
      const id = Number(result.lastInsertRowid);
      shelf?.put(id, file.bytes);
      return id;
    })();
  }

  /** Every enquiry, oldest first, each with its files (without their bytes). */
  listEnquiries(): StoredEnquiry[] {
    const files = this.#db
      .prepare('SELECT id, post_id, name, mime, postname, size, sha256 FROM files ORDER BY id')
      .all() as (FileSummary & { post_id: number })[];
    const filesOf = new Map<number, FileSummary[]>();
    for (const { post_id: postId, ...file } of files) {
      const list = filesOf.get(postId);
      if (list) list.push(file);
      else filesOf.set(postId, [file]);
    }
    const rows = this.#db.prepare('SELECT * FROM enquiries ORDER BY id').all() as EnquiryRow[];
    return rows.map(({ received_at, raw_body, meta, ...row }) => ({
      ...row,
      receivedAt: received_at,
      rawBody: raw_body,
      meta: JSON.parse(meta) as MetaEntry[],
      files: filesOf.get(row.id) ?? [],
    }));
  }

  /** One file with its bytes (from its row, or from the shelf when the row has none), or `undefined`. */
  getFile(id: number): (FileSummary & { bytes: Buffer }) | undefined {
    const file = this.#db
      .prepare('SELECT id, name, mime, postname, size, sha256, bytes FROM files WHERE id = ?')
      .get(id) as (FileSummary & { bytes: Buffer }) | undefined;
    if (!file || file.bytes.byteLength > 0 || file.size === 0) return file;
    const bytes = this.#shelf?.get(id);
    return bytes ? { ...file, bytes } : undefined;
  }

  /** Forgets every enquiry, file and count. Ids keep counting up: none is ever reused. */
  clear(): void {
    this.#db.exec('DELETE FROM files; DELETE FROM enquiries;');
    this.#shelf?.clear();
    Object.assign(this.stats, NO_STATS);
    this.#dropped.clear();
  }

  close(): void {
    this.#db.close();
  }
}
