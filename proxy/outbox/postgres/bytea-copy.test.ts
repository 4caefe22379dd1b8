/**
 * Chunks streamed back by a binary COPY from a real PostgreSQL: the bytes as stored, a reader
 * that stops early costs the pool nothing, and a literal cannot break out of its quotes.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { missing } from '../../test/fixtures/postgres-server.ts';
import { usePostgresServer } from '../../test/fixtures/use-postgres-server.ts';
import { copiedBytes, literal } from './bytea-copy.ts';
import { createPool } from './schema.ts';

const absent = missing();
const postgres = usePostgresServer();

describe.skipIf(absent)('copiedBytes', () => {
  let pool: pg.Pool | undefined;
  afterEach(async () => {
    await pool?.end();
  });

  /** The outbox's pool, of one connection, on a new database with `chunks (name, seq, bytes)`. */
  const open = async () => {
    pool = createPool(await postgres().createDatabase(), 1);
    await pool.query('CREATE TABLE chunks (name text, seq integer, bytes bytea NOT NULL)');
    return pool;
  };
  const all = async (pieces: AsyncIterable<Uint8Array>) => {
    const out: Uint8Array[] = [];
    for await (const piece of pieces) out.push(piece);
    return Buffer.concat(out);
  };

  it('gives every chunk’s bytes in order, as stored', async () => {
    const db = await open();
    const chunks = [randomBytes(1024 * 1024), randomBytes(300_000), Buffer.from([0, 255, 0])];
    for (const [seq, bytes] of chunks.entries())
      await db.query('INSERT INTO chunks VALUES ($1, $2, $3)', ['plan', seq, bytes]);
    const read = await all(
      copiedBytes(db, `SELECT bytes FROM chunks WHERE name = ${literal('plan')} ORDER BY seq DESC`),
    );
    expect(read.equals(Buffer.concat(chunks.reverse()))).toBe(true);
  });

  it('gives the connection back usable when the reader stops after the first piece', async () => {
    const db = await open();
    await db.query('INSERT INTO chunks VALUES ($1, 0, $2)', ['big', randomBytes(4 * 1024 * 1024)]);
    for (let i = 0; i < 3; i++) {
      for await (const piece of copiedBytes(db, 'SELECT bytes FROM chunks')) {
        expect(piece.byteLength).toBeGreaterThan(0);
        break;
      }
    }
    // One connection in the pool: a COPY left open on it would hang or fail this.
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM chunks');
    expect(rows[0]?.n).toBe(1);
    // And the server holds no COPY for a reader gone: only this connection is left.
    const sessions = async () =>
      (
        await db.query<{ n: number }>(
          'SELECT count(*)::integer AS n FROM pg_stat_activity WHERE datname = current_database()',
        )
      ).rows[0]?.n;
    await expect.poll(sessions, { timeout: 5000 }).toBe(1);
  });

  it('reads a name with quotes in it as that name', async () => {
    const db = await open();
    const name = "o'brien'); DROP TABLE chunks; --";
    await db.query('INSERT INTO chunks VALUES ($1, 0, $2)', [name, Buffer.from('kept')]);
    const read = await all(
      copiedBytes(db, `SELECT bytes FROM chunks WHERE name = ${literal(name)}`),
    );
    expect(read.toString()).toBe('kept');
    expect(literal(42)).toBe('42');
  });
});
