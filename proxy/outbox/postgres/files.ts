/**
 * The PostgreSQL outbox's files and hearing of new work: the files' bytes as the binder asks
 * for them (`FileBytes`: bytea chunks, read one chunk in memory at a time, dropped in the
 * transaction that lets them go), and the `LISTEN` connection that wakes delivery on every
 * instance when any of them stores a submission, and tells each of a new version of the form.
 */
import pg from 'pg';
import type { ByteSource } from '../../client/byte-source.ts';
import { copiedBytes, literal } from './bytea-copy.ts';
import type { FileBytes } from '../binder.ts';
import { run, type Plan } from '../machine/plan.ts';
import { FORM_CHANNEL, WORK_CHANNEL } from './driver.ts';

/** The files' bytes as chunks in `pool`; writes that drop some run by `atomic`. */
export function chunkBytes(pool: pg.Pool, atomic: <T>(plan: Plan<T>) => Promise<T>): FileBytes {
  return {
    source: (id, index) => chunkSource(pool, id, index),
    dropBytes: (plan, which, gone = () => true) =>
      atomic(
        (function* () {
          const result = yield* plan;
          if (gone(result))
            yield* run(
              `DELETE FROM file_chunks WHERE (submission_id, idx) IN
                 (SELECT submission_id, idx FROM files WHERE ${which.where})`,
              which.params,
            );
          return result;
        })(),
      ),
    // The chunks go with their rows (ON DELETE CASCADE), in the same transaction.
    dropWithRows: (plan) => atomic(plan),
    // Bytes are written in the same transaction as their rows: a crash leaves none behind.
    removeOrphans: () => Promise.resolve(0),
  };
}

/** A stored file, its chunks streamed back in order (`bytea-copy.ts`). */
async function chunkSource(pool: pg.Pool, id: number, index: number): Promise<ByteSource> {
  const { rows } = await pool.query<{ size: number }>(
    'SELECT size FROM files WHERE submission_id = $1 AND idx = $2',
    [id, index],
  );
  const file = rows[0];
  if (!file) throw new Error(`outbox has no file ${String(index)} for submission ${String(id)}`);
  const select = `SELECT bytes FROM file_chunks
    WHERE submission_id = ${literal(id)} AND idx = ${literal(index)} ORDER BY seq`;
  return {
    size: file.size,
    async *pieces() {
      let read = 0;
      for await (const piece of copiedBytes(pool, select)) {
        read += piece.byteLength;
        yield piece;
      }
      if (read !== file.size)
        throw new Error(`file ${String(index)} of submission ${String(id)} lost a chunk`);
    },
  };
}

/** What each channel's notifications are for. */
export interface Heard {
  work: () => void;
  form: () => void;
}

/**
 * A connection of its own that `LISTEN`s for new work and new versions of the form,
 * reconnecting after the server went away (polling covers the gap). Returns how to stop it.
 */
export function listen(url: string, heard: Heard) {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url, application_name: 'enquiry-form listen' });
    next.on('notification', (message) => {
      if (message.channel === FORM_CHANNEL) heard.form();
      else heard.work();
    });
    next.on('error', () => {
      void next.end().catch(() => undefined);
      if (client === next) client = undefined;
      if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), 1000).unref();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${WORK_CHANNEL}; LISTEN ${FORM_CHANNEL}`);
    } catch {
      await next.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), 1000).unref();
      return;
    }
    if (stopped) await next.end();
    else client = next;
  };
  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
