/**
 * Uploads in the PostgreSQL outbox: the bytes as `upload_chunks` rows of at most 512 KiB, each
 * stored in the transaction that moves the upload's offset past it, so whichever instance a PATCH
 * lands on continues the one file, and two PATCHes for one upload cannot both write (the offset's
 * conditional update waits for the other's transaction, then finds the offset moved).
 */
import type pg from 'pg';
import type { ByteSource } from '../../client/byte-source.ts';
import { uploadPlans } from '../machine/uploads.ts';
import { keptAfter, UploadOffsetConflict, withinRoom, type UploadStore } from '../upload-store.ts';
import { inTransaction } from './access.ts';
import { copiedBytes, copyRowIn, literal } from './bytea-copy.ts';
import { storeInChunks } from './chunk-buffer.ts';
import { execute, postgresDialect } from './driver.ts';

const plans = uploadPlans(postgresDialect);

/** Keeps `bytes` as the chunk of upload `id` that starts at `at`. */
const insertChunk = (db: pg.PoolClient, id: string, at: number, bytes: Uint8Array) =>
  copyRowIn(
    db,
    'upload_chunks',
    ['upload_id', 'start', 'bytes'],
    [{ text: id }, { bigint: at }],
    bytes,
  );

/** The upload store of a PostgreSQL outbox on `pool`. */
export function pgUploads(pool: pg.Pool): UploadStore {
  /** Stores `bytes` at `at` and moves the offset past them, or throws the conflict. */
  const storeChunk = (id: string, at: number, bytes: Uint8Array) =>
    inTransaction(pool, async (db) => {
      if (!(await execute(db, plans.advance(id, at, at + bytes.byteLength))))
        throw new UploadOffsetConflict(`upload ${id} is not at ${String(at)}`);
      await insertChunk(db, id, at, bytes);
    });

  return {
    createUpload: (row) => execute(pool, plans.create(row)),
    findUpload: (id, now) => execute(pool, plans.byId(id, now)),
    // Each chunk is committed with the offset past it: nothing waits to be synced.
    syncUpload: async () => undefined,
    async appendUpload(upload, offset, pieces) {
      if ((await execute(pool, plans.offsetOf(upload.id))) !== offset)
        throw new UploadOffsetConflict(`upload ${upload.id} is not at ${String(offset)}`);
      let position = offset;
      await storeInChunks(
        withinRoom(pieces, upload.length - offset),
        async (bytes) => {
          await storeChunk(upload.id, position, bytes);
          position += bytes.byteLength;
        },
        keptAfter,
      );
      return position;
    },
    uploadSource: async (upload) => chunks(pool, upload.id, upload.upload_offset),
    // Its chunks are copied into the enquiry's inside the database, by the accept (`accept.ts`).
    sourceToStore: async (upload): Promise<UploadChunks> => ({
      ...chunks(pool, upload.id, upload.upload_offset),
      upload: { id: upload.id, size: upload.upload_offset },
    }),
    async replaceUpload(id, content) {
      await inTransaction(pool, async (db) => {
        await db.query('DELETE FROM upload_chunks WHERE upload_id = $1', [id]);
        let at = 0;
        await storeInChunks(content.pieces(), async (bytes) => {
          await insertChunk(db, id, at, bytes);
          at += bytes.byteLength;
        });
        await execute(db, plans.resize(id, at));
      });
    },
    takeUploadCheck: (id, now, until) => execute(pool, plans.takeCheck(id, now, until)),
    giveUploadCheckBack: (id, at) => execute(pool, plans.giveCheckBack(id, at)),
    recordUploadVerdict: (id, sha256, kind, verdict) =>
      execute(pool, plans.recordVerdict(id, sha256, kind, verdict)),
    claimUploads: (ids, session, claim, now, keyHashes) =>
      inTransaction(pool, (db) => execute(db, plans.claim(ids, session, claim, now, keyHashes))),
    claimedUploads: (claim) => execute(pool, plans.claimed(claim)),
    releaseUploads: (claim) => execute(pool, plans.release(claim)),
    dropClaimedUploads: (claim) => execute(pool, plans.removeClaimed(claim)),
    async removeUpload(id) {
      await execute(pool, plans.remove(id));
    },
    async removeExpiredUploads(now) {
      const ids = await execute(pool, plans.expired(now));
      if (ids.length > 0) await execute(pool, plans.removeExpired(ids));
      return ids.length;
    },
    uploadBytesHeldBy: (client, now) => execute(pool, plans.heldBy(client, now)),
  };
}

/**
 * An upload an enquiry takes: its bytes are copied from `upload_chunks` to `file_chunks` by one
 * statement in the accept's transaction, never through the proxy (as SQLite's vault takes the
 * upload's file by a hard link). Read through the proxy, each file would also hold a second
 * connection of the pool while the accept holds its first: with as many Sends at once as the
 * pool has connections, every one waited for a connection none would give back.
 */
export interface UploadChunks extends ByteSource {
  upload: { id: string; size: number };
}

/** Whether `source` is an upload's chunks, to be copied in the database. */
export const isUploadChunks = (source: ByteSource): source is UploadChunks => 'upload' in source;

/** An upload's first `size` bytes, its chunks streamed back in order (`bytea-copy.ts`). */
function chunks(pool: pg.Pool, id: string, size: number): ByteSource {
  return {
    size,
    async *pieces() {
      let at = 0;
      const select = `SELECT bytes FROM upload_chunks WHERE upload_id = ${literal(id)}
        AND start < ${literal(size)} ORDER BY start`;
      for await (const piece of copiedBytes(pool, select)) {
        const bytes = piece.subarray(0, size - at);
        at += bytes.byteLength;
        if (bytes.byteLength > 0) yield bytes;
      }
      if (at < size)
        throw new Error(`upload ${id} lost a chunk: ${String(at)} of ${String(size)} bytes`);
    },
  };
}
