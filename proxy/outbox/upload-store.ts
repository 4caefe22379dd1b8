/**
 * What the resumable uploads (`intake/uploads/`) ask of the outbox: files sent ahead of their
 * enquiry, kept where the outbox keeps files (SQLite's upload folder beside its vault,
 * PostgreSQL's `upload_chunks`), so a PATCH may land on any instance sharing the database.
 */
import type { ByteSource } from '../client/byte-source.ts';
import type { NewUpload, UploadRow } from './machine/uploads.ts';

export type { NewUpload, UploadRow } from './machine/uploads.ts';

/** An upload's offset was not where the PATCH said it was (another PATCH moved it). */
export class UploadOffsetConflict extends Error {
  override readonly name = 'UploadOffsetConflict';
}

/**
 * A PATCH's `pieces` for an upload with `room` bytes left, as they come: a piece that would go
 * past it is refused with a `RangeError` before any of it is taken, and a stream that breaks on
 * something other than an `Error` breaks with one. Both stores read a PATCH through it.
 */
export async function* withinRoom(
  pieces: AsyncIterable<Uint8Array>,
  room: number,
): AsyncGenerator<Uint8Array> {
  let taken = 0;
  try {
    for await (const piece of pieces) {
      taken += piece.byteLength;
      if (taken > room) throw new RangeError('more bytes than the upload length');
      yield piece;
    }
  } catch (error) {
    throw error instanceof Error ? error : new Error('the upload broke', { cause: error });
  }
}

/**
 * Whether what a PATCH brought before it ended is kept: all of it when its stream broke (the
 * client resumes after it), none of that request when it went past the upload's length.
 */
export const keptAfter = (broken: unknown): boolean => !(broken instanceof RangeError);

/** Where uploads are kept. */
export interface UploadStore {
  createUpload(row: NewUpload): Promise<void>;
  /**
   * The upload, while it is alive and no enquiry took it; its offset is where the next PATCH
   * goes, which may be past what is synced yet (`syncUpload`).
   */
  findUpload(id: string, now: number): Promise<UploadRow | undefined>;
  /**
   * Appends `pieces` at `offset` (where the upload must be: `UploadOffsetConflict` if not), as
   * far as `length`; what arrived is kept even when the stream breaks (then rethrown), so the
   * client resumes from there. Answers the new offset. A store may leave a small append unsynced
   * (SQLite's, below its `SYNC_BYTES`); the last one, and one that broke off, are synced.
   */
  appendUpload(
    upload: Pick<UploadRow, 'id' | 'length'>,
    offset: number,
    pieces: AsyncIterable<Uint8Array>,
  ): Promise<number>;
  /**
   * Syncs what appends left unsynced and records its offset, so that a HEAD says only an offset
   * a crash cannot take back.
   */
  syncUpload(id: string): Promise<void>;
  /** The upload's bytes, read in pieces; `path` is set where they are one file on disk. */
  uploadSource(upload: Pick<UploadRow, 'id' | 'upload_offset'>): Promise<ByteSource>;
  /**
   * The bytes of a claimed upload, for the enquiry to store: on SQLite a second name of its file
   * (a hard link), which the outbox moves in, so the upload keeps its own until it is dropped.
   */
  sourceToStore(upload: Pick<UploadRow, 'id' | 'upload_offset'>): Promise<ByteSource>;
  /** Puts other bytes in place of the upload's (a PDF without its active content). */
  replaceUpload(id: string, content: ByteSource): Promise<void>;
  /**
   * Takes the check of a complete, unchecked upload until `until` (on every instance); false
   * when it is checked, being checked, or waiting to be tried again after a fault.
   */
  takeUploadCheck(id: string, now: number, until: number): Promise<boolean>;
  /** A check that failed on a fault of ours: the next may be taken from `at`. */
  giveUploadCheckBack(id: string, at: number): Promise<void>;
  recordUploadVerdict(id: string, sha256: string, kind: string, verdict: string): Promise<void>;
  /**
   * Takes the uploads `ids` for one enquiry (`claim`), all or none: answers the ids it could not
   * take (unknown, another session's and named without its key, incomplete, expired or taken).
   * Each is the form `session`'s, or named by the SHA-256 of its key in `keyHashes` (same order).
   */
  claimUploads(
    ids: readonly string[],
    session: string,
    claim: string,
    now: number,
    keyHashes?: readonly (string | null)[],
  ): Promise<string[]>;
  claimedUploads(claim: string): Promise<UploadRow[]>;
  /** Gives claimed uploads back (the enquiry was not stored). */
  releaseUploads(claim: string): Promise<void>;
  /** Drops claimed uploads once their enquiry holds their bytes. */
  dropClaimedUploads(claim: string): Promise<void>;
  removeUpload(id: string): Promise<void>;
  /** Removes uploads past their expiry with their bytes; answers how many. */
  removeExpiredUploads(now: number): Promise<number>;
  /** What a client's live uploads may grow to, in bytes. */
  uploadBytesHeldBy(client: string, now: number): Promise<number>;
}
