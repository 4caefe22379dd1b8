/**
 * Uploads in the SQLite outbox: each one a file in the upload folder beside the vault, written
 * at its offset as the PATCH arrives, and its row in the database (`../machine/uploads.ts`).
 * The offset is recorded once the bytes are synced, so a HEAD never promises bytes a power cut
 * could take back; a write that went further than the recorded offset is cut back to it on the
 * next PATCH. An enquiry takes an upload's file by a hard link the vault moves in: no copy.
 *
 * A client may send any size of PATCH (issue 55): in 16 KiB ones, a sync of the file and a commit
 * of the offset each cost the proxy ten times the CPU per MiB of the widget's 512 KiB. So a PATCH
 * that leaves less than `SYNC_BYTES` unsynced, and neither ends the upload nor broke off, is
 * written but not synced: this process remembers where its bytes end (`unsynced`), the next
 * PATCH goes on from there, and the sync and the commit come with the PATCH that brings the
 * unsynced bytes to `SYNC_BYTES`, the last one, one cut short, or a HEAD (`syncUpload`). What a
 * crash loses is at most that much, which the recorded offset never claimed: the client's next
 * PATCH is refused as out of place, and its HEAD says where to resume.
 *
 * Opening, cutting back and closing the file cost such a PATCH as much as its bytes: so the file
 * of an unsynced tail stays open for the next PATCH (`HANDLE_IDLE_MS`), which goes on at its end
 * with nothing to cut; it is closed by the sync, the upload's removal, or the wait running out.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { link, open, readdir, rename, unlink, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { uploadPlans } from '../machine/uploads.ts';
import type { Plan } from '../machine/plan.ts';
import { asPromise } from '../rows.ts';
import { keptAfter, UploadOffsetConflict, withinRoom, type UploadStore } from '../upload-store.ts';
import { sqliteDialect } from './driver.ts';
import { fileSource, writeFully } from './file-vault.ts';
import type { GroupWrite } from './group-commit.ts';

const plans = uploadPlans(sqliteDialect);

/** Bytes gathered before one write: a socket's piece, held no longer (`intake/file-spool.ts` says why). */
const WRITE_BATCH_BYTES = 64 * 1024;
/** Bytes a PATCH may leave unsynced: the widget's chunk, which is synced with its PATCH. */
export const SYNC_BYTES = 512 * 1024;

/** How long an unsynced tail's file is kept open for the next PATCH (the widget's come at once). */
const HANDLE_IDLE_MS = 2000;

/**
 * Bytes of an upload written but not yet synced: from its recorded offset `from` to `to`, and the
 * file still open at `to` while the next PATCH may come (none while a PATCH or a sync has it).
 */
interface UnsyncedTail {
  from: number;
  to: number;
  open?: { handle: FileHandle; idle: NodeJS.Timeout } | undefined;
}

/** The tail's open file, taken out of it (the taker closes it or hands it on). */
function takeOpen(tail: UnsyncedTail | undefined): FileHandle | undefined {
  const kept = tail?.open;
  if (!tail || !kept) return undefined;
  tail.open = undefined;
  clearTimeout(kept.idle);
  return kept.handle;
}

/** Closes the tail's open file, if it has one. */
const closeOpen = async (tail: UnsyncedTail | undefined) => takeOpen(tail)?.close();

/** The folder uploads are kept in, beside the vault (a private temporary one for a store in memory). */
export function uploadFolder(vaultDir: string | undefined): string {
  if (vaultDir === undefined) return mkdtempSync(join(tmpdir(), 'enquiry-form-uploads-'));
  const dir = `${vaultDir.replace(/-files$/, '')}-uploads`;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** The upload store of a SQLite outbox, its files in `dir`. */
export function sqliteUploads(
  write: GroupWrite,
  execute: <T>(plan: Plan<T>) => T,
  dir: string,
): UploadStore & { closeFiles: () => Promise<void> } {
  const fileOf = (id: string) => join(dir, `${id}.upload`);
  const read = <T>(plan: Plan<T>) => asPromise(() => execute(plan));
  const written = <T>(plan: () => Plan<T>) => write(() => execute(plan()));
  const unlinkQuietly = (path: string) => unlink(path).catch(() => undefined);
  const unsynced = new Map<string, UnsyncedTail>();
  /** Where the upload's bytes end: the recorded offset, or past it the unsynced tail's end. */
  const liveOffset = (id: string, recorded: number | undefined) => {
    const tail = unsynced.get(id);
    return tail && tail.from === recorded ? tail.to : recorded;
  };
  /** Forgets the upload's tail, closing its file. */
  const forget = async (id: string) => {
    const tail = unsynced.get(id);
    unsynced.delete(id);
    await closeOpen(tail);
  };
  /** Keeps `handle` open at the tail's end for the next PATCH, for `HANDLE_IDLE_MS`. */
  const keepOpen = (tail: UnsyncedTail, handle: FileHandle) => {
    const idle = setTimeout(() => void closeOpen(tail).catch(() => undefined), HANDLE_IDLE_MS);
    tail.open = { handle, idle: idle.unref() };
  };
  /** The upload's file, open to write at `offset`. */
  const openAt = async (id: string, offset: number) => {
    const handle = await open(fileOf(id), 'a+', 0o600);
    // Bytes past the recorded offset are from a write that never got recorded.
    await handle.truncate(offset);
    return handle;
  };
  const syncFile = async (id: string) => {
    const handle = takeOpen(unsynced.get(id)) ?? (await open(fileOf(id), 'r+'));
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
  };

  return {
    createUpload: (row) => written(() => plans.create(row)),
    async findUpload(id, now) {
      const row = execute(plans.byId(id, now));
      return row && { ...row, upload_offset: liveOffset(id, row.upload_offset) ?? 0 };
    },
    async syncUpload(id) {
      const tail = unsynced.get(id);
      if (!tail) return;
      await syncFile(id);
      await written(() => plans.advance(id, tail.from, tail.to));
      // A PATCH that came meanwhile left its own tail, which goes on from this one's end.
      if (unsynced.get(id) === tail) unsynced.delete(id);
    },
    async appendUpload(upload, offset, pieces) {
      const recorded = execute(plans.offsetOf(upload.id));
      if (liveOffset(upload.id, recorded) !== offset || recorded === undefined)
        throw new UploadOffsetConflict(`upload ${upload.id} is not at ${String(offset)}`);
      const tail = unsynced.get(upload.id);
      if (tail?.to !== offset) await closeOpen(tail);
      // Kept open at the tail's end by the PATCH before: nothing past it to cut back.
      const handle = takeOpen(tail) ?? (await openAt(upload.id, offset));
      let position = offset;
      let batch: Uint8Array[] = [];
      let batched = 0;
      const flush = async () => {
        // Taken out first: a write that failed partway is not written again at the break, after
        // the bytes it left (the next PATCH cuts those back to the recorded offset).
        const gathered = batch;
        const bytes = batched;
        batch = [];
        batched = 0;
        await writeFully(handle, gathered);
        position += bytes;
      };
      let broken: Error | undefined;
      try {
        for await (const piece of withinRoom(pieces, upload.length - offset)) {
          batch.push(piece);
          batched += piece.byteLength;
          if (batched >= WRITE_BATCH_BYTES) await flush();
        }
      } catch (error) {
        // `withinRoom` breaks with an `Error`, and so do the writes.
        broken = error as Error;
      }
      let deferred = false;
      try {
        if (keptAfter(broken)) await flush();
        deferred = !broken && position < upload.length && position - recorded < SYNC_BYTES;
        if (!deferred) await handle.datasync();
      } finally {
        if (!deferred) await handle.close();
      }
      if (deferred) {
        const next = { from: recorded, to: position };
        unsynced.set(upload.id, next);
        keepOpen(next, handle);
        return position;
      }
      unsynced.delete(upload.id);
      if (!(await written(() => plans.advance(upload.id, recorded, position))))
        throw new UploadOffsetConflict(`upload ${upload.id} moved while it was written`);
      if (broken) throw broken;
      return position;
    },
    uploadSource: async (upload) => ({
      ...fileSource(fileOf(upload.id), upload.upload_offset),
      path: fileOf(upload.id),
    }),
    async sourceToStore(upload) {
      const second = join(dir, `${upload.id}.${randomUUID()}.taken`);
      await link(fileOf(upload.id), second);
      return { ...fileSource(second, upload.upload_offset), path: second };
    },
    async replaceUpload(id, content) {
      const next = `${fileOf(id)}.next`;
      const handle = await open(next, 'w', 0o600);
      try {
        for await (const piece of content.pieces()) await writeFully(handle, [piece]);
        await handle.datasync();
      } finally {
        await handle.close();
      }
      await rename(next, fileOf(id));
      await written(() => plans.resize(id, content.size));
    },
    takeUploadCheck: (id, now, until) => written(() => plans.takeCheck(id, now, until)),
    giveUploadCheckBack: (id, at) => written(() => plans.giveCheckBack(id, at)),
    recordUploadVerdict: (id, sha256, kind, verdict) =>
      written(() => plans.recordVerdict(id, sha256, kind, verdict)),
    claimUploads: (ids, session, claim, now, keyHashes) =>
      written(() => plans.claim(ids, session, claim, now, keyHashes)),
    claimedUploads: (claim) => read(plans.claimed(claim)),
    async releaseUploads(claim) {
      const rows = execute(plans.claimed(claim));
      await written(() => plans.release(claim));
      // The second names an enquiry that was not stored left behind.
      const names = await readdir(dir);
      const taken = names.filter((name) =>
        rows.some((row) => name.startsWith(`${row.id}.`) && name.endsWith('.taken')),
      );
      await Promise.all(taken.map((name) => unlinkQuietly(join(dir, name))));
    },
    async dropClaimedUploads(claim) {
      const rows = execute(plans.claimed(claim));
      await written(() => plans.removeClaimed(claim));
      await Promise.all(rows.map((row) => unlinkQuietly(fileOf(row.id))));
    },
    async removeUpload(id) {
      await forget(id);
      if (await written(() => plans.remove(id))) await unlinkQuietly(fileOf(id));
    },
    async removeExpiredUploads(now) {
      const ids = execute(plans.expired(now));
      if (ids.length === 0) return 0;
      await Promise.all(ids.map(forget));
      await written(() => plans.removeExpired(ids));
      await Promise.all(ids.map((id) => unlinkQuietly(fileOf(id))));
      return ids.length;
    },
    uploadBytesHeldBy: (client, now) => read(plans.heldBy(client, now)),
    /** Closes the files kept open (the store is closing): their tails were never recorded. */
    closeFiles: async () => {
      await Promise.all([...unsynced.keys()].map(forget));
    },
  };
}
