import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { EnquiryStore, FIRST_ENQUIRY_ID, FIRST_FILE_ID } from './store.ts';
import { ENQUIRY, FILES, sha256 } from './test-fixtures.ts';
import { checkCreate, type NewEnquiry } from './validate.ts';

const checked = checkCreate({ ...ENQUIRY });
if (!checked.ok) throw new Error('the example enquiry must pass its checks');
const enquiry: NewEnquiry = checked.value;
const png = (postId: number) => ({
  postId,
  name: 'site-plan.png',
  mime: 'image/png',
  postname: 'site-plan.png',
  bytes: FILES.png,
});

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('EnquiryStore', () => {
  it('numbers enquiries from 1001 and files from 50001', () => {
    const store = new EnquiryStore(':memory:');
    const id = store.createEnquiry(enquiry, '{}');
    expect([id, store.addFile(png(id))]).toEqual([FIRST_ENQUIRY_ID, FIRST_FILE_ID]);
    expect(store.createEnquiry(enquiry, '{}')).toBe(1002);
  });

  it('lists enquiries oldest first, each with its own files and their sha256', () => {
    const store = new EnquiryStore(':memory:');
    const first = store.createEnquiry(enquiry, '{"first":true}');
    const second = store.createEnquiry({ ...enquiry, forename: 'Grace' }, '{}');
    store.addFile(png(second));
    const [a, b] = store.listEnquiries();
    expect(a).toMatchObject({ id: first, forename: 'Ada', rawBody: '{"first":true}', files: [] });
    expect(b?.files).toEqual([
      {
        id: FIRST_FILE_ID,
        name: 'site-plan.png',
        mime: 'image/png',
        postname: 'site-plan.png',
        size: FILES.png.length,
        sha256: sha256(FILES.png),
      },
    ]);
    expect(b?.meta).toEqual(ENQUIRY.meta);
  });

  it('gives back a file with the very bytes it was given', () => {
    const store = new EnquiryStore(':memory:');
    const fileId = store.addFile(png(store.createEnquiry(enquiry, '{}')));
    expect(sha256(store.getFile(fileId)?.bytes ?? new Uint8Array())).toBe(sha256(FILES.png));
    expect(store.getFile(fileId + 1)).toBeUndefined();
  });

  it('knows which enquiries exist', () => {
    const store = new EnquiryStore(':memory:');
    const id = store.createEnquiry(enquiry, '{}');
    expect([store.hasEnquiry(id), store.hasEnquiry(id + 1)]).toEqual([true, false]);
  });

  it('never reuses an id after clear, so an old id cannot find a new enquiry', () => {
    const store = new EnquiryStore(':memory:');
    const id = store.createEnquiry(enquiry, '{}');
    store.addFile(png(id));
    store.stats.created = 5;
    store.clear();
    expect(store.listEnquiries()).toEqual([]);
    expect(store.stats.created).toBe(0);
    expect(store.hasEnquiry(id)).toBe(false);
    const next = store.createEnquiry(enquiry, '{}');
    expect([next, store.addFile(png(next))]).toEqual([id + 1, FIRST_FILE_ID + 1]);
  });

  it('rebuilds a database whose files have their bytes first, keeping files and ids', () => {
    const dir = mkdtempSync(join(tmpdir(), 'enquiry-api-'));
    dirs.push(dir);
    const path = join(dir, 'enquiry-api.sqlite');
    const old = new Database(path);
    old.exec(`CREATE TABLE enquiries (id INTEGER PRIMARY KEY AUTOINCREMENT, received_at TEXT NOT NULL,
      forename TEXT NOT NULL, surname TEXT, telephone_mobile TEXT, email TEXT, case_type TEXT,
      meta TEXT NOT NULL, marketing_lead_referer TEXT, marketing_campaign TEXT,
      marketing_keywords TEXT, marketing_detail TEXT, raw_body TEXT NOT NULL);
    CREATE TABLE files (id INTEGER PRIMARY KEY AUTOINCREMENT,
      post_id INTEGER NOT NULL REFERENCES enquiries(id) ON DELETE CASCADE,
      received_at TEXT NOT NULL, name TEXT NOT NULL, mime TEXT NOT NULL, postname TEXT NOT NULL,
      bytes BLOB NOT NULL, size INTEGER NOT NULL, sha256 TEXT NOT NULL);
    CREATE INDEX files_post_id ON files(post_id);
    INSERT INTO enquiries (id, received_at, forename, meta, raw_body) VALUES (1001, 'then', 'Ada', '[]', '{}');
    INSERT INTO files (id, post_id, received_at, name, mime, postname, bytes, size, sha256)
      VALUES (50001, 1001, 'then', 'a.png', 'image/png', 'a.png', x'89504e47', 4, 'abc');
    UPDATE sqlite_sequence SET seq = 50007 WHERE name = 'files';`);
    old.close();

    const store = new EnquiryStore(path);
    expect(store.listEnquiries()[0]?.files).toEqual([
      { id: 50001, name: 'a.png', mime: 'image/png', postname: 'a.png', size: 4, sha256: 'abc' },
    ]);
    expect([...(store.getFile(50001)?.bytes ?? [])]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(store.addFile(png(1001))).toBe(50008);
    store.close();
    const raw = new Database(path, { readonly: true });
    const columns = raw.pragma('table_info(files)') as { name: string }[];
    expect(columns.map(({ name }) => name).slice(-3)).toEqual(['size', 'sha256', 'bytes']);
    raw.close();
  });

  it('keeps the bytes of files in a folder beside a file database, read back after a restart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'enquiry-api-'));
    dirs.push(dir);
    const path = join(dir, 'enquiry-api.sqlite');
    const first = new EnquiryStore(path);
    const fileId = first.addFile(png(first.createEnquiry(enquiry, '{}')));
    first.close();
    expect(sha256(readFileSync(join(`${path}-files`, String(fileId))))).toBe(sha256(FILES.png));
    const raw = new Database(path, { readonly: true });
    expect(raw.prepare('SELECT length(bytes) FROM files').pluck().get()).toBe(0);
    raw.close();
    const second = new EnquiryStore(path);
    expect(sha256(second.getFile(fileId)?.bytes ?? new Uint8Array())).toBe(sha256(FILES.png));
    second.clear();
    expect(readdirSync(`${path}-files`)).toEqual([]);
    second.close();
  });

  it('keeps a file database in WAL mode across restarts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'enquiry-api-'));
    dirs.push(dir);
    const path = join(dir, 'enquiry-api.sqlite');
    const first = new EnquiryStore(path);
    const id = first.createEnquiry(enquiry, '{}');
    first.close();
    const second = new EnquiryStore(path);
    expect(second.hasEnquiry(id)).toBe(true);
    expect(second.createEnquiry(enquiry, '{}')).toBe(id + 1);
    second.close();
    const raw = new Database(path, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();
  });
});
