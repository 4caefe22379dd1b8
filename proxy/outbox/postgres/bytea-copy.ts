/**
 * Chunks written and read back as binary `COPY`s, streamed (`pg-copy-streams`). A plain
 * query cannot hand a `bytea` over as bytes: node-postgres reads every field as text (its binary
 * results decode them as UTF-8), so each 1 MiB chunk came back as a 1.3 MiB base64 string, and
 * eight 10 MiB uploads checked at once grew the proxy's heap by 48-93 MiB of them (read in 64 KiB
 * slices, still 45-105 MiB: they outlived two scavenges and went to the old generation). A
 * binary COPY sends the bytes as they are, in the socket's pieces, with the socket's
 * backpressure: no string, no decoding, one query for a whole file. Written as a parameter, a
 * chunk was gathered into one buffer and copied again, twice, as node-postgres built its message:
 * a binary `COPY … FROM STDIN` sends the pieces as they came.
 */
import pg from 'pg';
import { finished } from 'node:stream/promises';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { passing } from '../../passing-bytes.ts';
import {
  binaryCopyFields,
  COPY_HEADER,
  COPY_TRAILER,
  rowHead,
  type CopyField,
} from './binary-copy.ts';

/**
 * The `bytes` column of every row `select` gives (one column, `bytea`, never null), one row's
 * bytes after another, as they arrive. A connection of the pool is held while they are read;
 * stopped before the end, the connection is closed rather than returned mid-COPY.
 */
export async function* copiedBytes(pool: pg.Pool, select: string): AsyncGenerator<Uint8Array> {
  const client = await pool.connect();
  let finished = false;
  try {
    const stream = client.query(copyTo(`COPY (${select}) TO STDOUT (FORMAT binary)`));
    const fields = binaryCopyFields();
    for await (const piece of passing(stream as AsyncIterable<Buffer>)) yield* fields.read(piece);
    fields.end();
    finished = true;
  } finally {
    if (!finished) {
      // Its socket is closed under a COPY still running: whatever the server says after that
      // (its goodbye when it shuts down) has no one to tell.
      client.on('error', () => undefined);
      client.release(true);
    } else client.release();
  }
}

/** `value` as a SQL literal (node-postgres's own quoting), for a COPY, which takes no parameters. */
export const literal = (value: string | number): string =>
  typeof value === 'number' && Number.isSafeInteger(value)
    ? String(value)
    : pg.escapeLiteral(String(value));

/**
 * Writes one row into `table` on `db` (in its transaction): `leading` into the first of
 * `columns`, then `bytes` into the last, a `bytea`.
 */
export async function copyRowIn(
  db: pg.PoolClient,
  table: 'upload_chunks' | 'file_chunks',
  columns: readonly string[],
  leading: readonly CopyField[],
  bytes: Uint8Array,
): Promise<void> {
  const stream = db.query(
    copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN (FORMAT binary)`),
  );
  const done = finished(stream);
  stream.write(COPY_HEADER);
  stream.write(rowHead(leading, bytes.byteLength));
  if (bytes.byteLength > 0) stream.write(bytes);
  stream.end(COPY_TRAILER);
  await done;
}
