/**
 * A client sending an upload in small PATCHes (tus lets it choose any size): its bytes are synced
 * and their offset committed once per `SYNC_BYTES`, not once per PATCH (issue 55: 16 KiB PATCHes
 * cost the proxy ten times the CPU per MiB of 512 KiB ones), while the offset the database holds,
 * which is what a restart or a HEAD finds, never claims a byte that is not synced.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it, vi } from 'vitest';
import { readAll } from '../../client/byte-source.ts';
import { uploadRow } from '../../test/store-contract-uploads.ts';
import type { OutboxStore } from '../store.ts';
import { openSqliteOutbox } from './store.ts';
import { SYNC_BYTES } from './uploads.ts';

const KIB = 1024;
const opened: { close(): unknown }[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const closing of opened.splice(0)) await closing.close();
});

/** A store on disk, and what a second connection (a restart) reads as the recorded offset. */
async function outboxWith(length: number) {
  const path = join(mkdtempSync(join(tmpdir(), 'outbox-')), 'outbox.sqlite');
  const store = openSqliteOutbox(path);
  opened.push(store);
  await store.createUpload(uploadRow('u1', length));
  const reader = new Database(path, { readonly: true });
  opened.push(reader);
  const recorded = () =>
    (
      reader.prepare('SELECT upload_offset FROM uploads WHERE id = ?').get('u1') as {
        upload_offset: number;
      }
    ).upload_offset;
  return { path, store, recorded };
}

async function* once(bytes: Uint8Array) {
  yield bytes;
}

/** Sends `file` from `from` to `to` in PATCHes of `size`, as a tus client would. */
async function patches(
  store: OutboxStore,
  file: Uint8Array,
  from: number,
  to: number,
  size: number,
) {
  for (let at = from; at < to; at += size)
    await store.appendUpload(
      { id: 'u1', length: file.byteLength },
      at,
      once(file.subarray(at, Math.min(at + size, to))),
    );
}

it('syncs and commits 16 KiB PATCHes once per SYNC_BYTES, not once each', async () => {
  const file = randomBytes(2 * SYNC_BYTES + 100);
  const { store, recorded } = await outboxWith(file.byteLength);
  // Every fsync the process makes: the upload's file's and the database's write-ahead log's.
  const handle = await open(__filename);
  const syncs = vi.spyOn(
    Object.getPrototypeOf(handle) as { datasync(): Promise<void> },
    'datasync',
  );
  await handle.close();
  const seen = new Set<number>();
  for (let at = 0; at < 2 * SYNC_BYTES; at += 16 * KIB) {
    await patches(store, file, at, at + 16 * KIB, 16 * KIB);
    seen.add(recorded());
  }
  // 64 PATCHES: each of the first 31 of a SYNC_BYTES waits, the 32nd syncs them all.
  expect([...seen]).toEqual([0, SYNC_BYTES, 2 * SYNC_BYTES]);
  // Two of the file (before the fix: 64), and the log's, as few.
  expect(syncs.mock.calls.length).toBeGreaterThanOrEqual(2);
  expect(syncs.mock.calls.length).toBeLessThanOrEqual(4);
  // The last PATCH, however small, completes the upload at once.
  await patches(store, file, 2 * SYNC_BYTES, file.byteLength, 16 * KIB);
  expect(recorded()).toBe(file.byteLength);
  const found = await store.findUpload('u1', 2_000);
  if (!found) throw new Error('no upload u1');
  expect(Buffer.from(await readAll(await store.uploadSource(found))).equals(file)).toBe(true);
});

it('goes on where the unsynced PATCHes end, and syncs them when asked where the upload is', async () => {
  const file = randomBytes(SYNC_BYTES);
  const { store, recorded } = await outboxWith(file.byteLength);
  await patches(store, file, 0, 48 * KIB, 16 * KIB);
  expect(recorded()).toBe(0);
  expect((await store.findUpload('u1', 2_000))?.upload_offset).toBe(48 * KIB);
  await store.syncUpload('u1');
  expect(recorded()).toBe(48 * KIB);
  await patches(store, file, 48 * KIB, 64 * KIB, 16 * KIB);
  expect((await store.findUpload('u1', 2_000))?.upload_offset).toBe(64 * KIB);
});

it('syncs and commits at once a small PATCH cut short, keeping what arrived', async () => {
  const file = randomBytes(SYNC_BYTES);
  const { store, recorded } = await outboxWith(file.byteLength);
  await patches(store, file, 0, 32 * KIB, 16 * KIB);
  async function* cutShort() {
    yield file.subarray(32 * KIB, 40 * KIB);
    throw new Error('connection reset');
  }
  const upload = { id: 'u1', length: file.byteLength };
  await expect(store.appendUpload(upload, 32 * KIB, cutShort())).rejects.toThrow('reset');
  expect(recorded()).toBe(40 * KIB);
  expect((await store.findUpload('u1', 2_000))?.upload_offset).toBe(40 * KIB);
});

it('after a crash goes on from the offset recorded, and the file completes byte for byte', async () => {
  const file = randomBytes(SYNC_BYTES);
  const { path, store } = await outboxWith(file.byteLength);
  await patches(store, file, 0, 80 * KIB, 16 * KIB);
  // The process that held the unsynced tail is gone: another opens the same outbox.
  const restarted = openSqliteOutbox(path);
  opened.push(restarted);
  expect((await restarted.findUpload('u1', 2_000))?.upload_offset).toBe(0);
  const upload = { id: 'u1', length: file.byteLength };
  await expect(
    restarted.appendUpload(upload, 80 * KIB, once(file.subarray(80 * KIB))),
  ).rejects.toThrow('is not at');
  await patches(restarted, file, 0, file.byteLength, 16 * KIB);
  const found = await restarted.findUpload('u1', 2_000);
  if (!found) throw new Error('no upload u1');
  expect(found.upload_offset).toBe(file.byteLength);
  expect(Buffer.from(await readAll(await restarted.uploadSource(found))).equals(file)).toBe(true);
});

it("keeps the upload's file open between small PATCHes: opened once per SYNC_BYTES, not once each", async () => {
  const file = randomBytes(2 * SYNC_BYTES);
  const { store, recorded } = await outboxWith(file.byteLength);
  const handle = await open(__filename);
  const prototype = Object.getPrototypeOf(handle) as { truncate(): Promise<void> };
  await handle.close();
  // Each opening of the upload's file cuts it back to the recorded offset.
  const truncates = vi.spyOn(prototype, 'truncate');
  await patches(store, file, 0, file.byteLength, 16 * KIB);
  expect(recorded()).toBe(file.byteLength);
  // 64 PATCHes: before, 64 openings.
  expect(truncates.mock.calls.length).toBe(2);
  const found = await store.findUpload('u1', 2_000);
  if (!found) throw new Error('no upload u1');
  expect(Buffer.from(await readAll(await store.uploadSource(found))).equals(file)).toBe(true);
});
