/**
 * A long run of the PostgreSQL outbox: rounds of submissions with files taken in, delivered and
 * purged on the retention schedule. The tables must not grow round after round: delivered
 * files' chunks go at delivery, purged rows in small batches, and autovacuum reclaims the
 * space for the next round. `npm run soak:postgres` runs many rounds; the suite runs a few.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { memorySource } from '../../client/byte-source.ts';
import { openPostgresOutbox } from '../../outbox/postgres/store.ts';
import { sampleSubmission } from '../fixtures/outbox.ts';
import { eventually } from '../platform/platform-session.ts';
import { absent, postgres, usePostgres } from './shared-session.ts';

usePostgres();

const ROUNDS = Number(process.env.SOAK_ROUNDS ?? 4);
const PER_ROUND = 40;
// Random bytes: PostgreSQL would compress anything simpler to nothing.
const FILE = new Uint8Array(randomBytes(96 * 1024));

/**
 * Bytes of the outbox's tables with their indexes and TOAST, and how often autovacuum has done
 * the chunks' table and, apart from it, their TOAST table (where the bytes are).
 */
async function footprint(client: pg.Client) {
  const { rows } = await client.query<{ bytes: string; chunks: string; toast: string }>(
    `SELECT
       (SELECT sum(pg_total_relation_size(relid)) FROM pg_stat_user_tables
         WHERE relname IN ('submissions', 'files', 'file_chunks'))::text AS bytes,
       (SELECT autovacuum_count FROM pg_stat_all_tables WHERE relid = 'file_chunks'::regclass)::text AS chunks,
       (SELECT autovacuum_count FROM pg_stat_all_tables
         WHERE relid = (SELECT reltoastrelid FROM pg_class WHERE oid = 'file_chunks'::regclass))::text AS toast`,
  );
  const row = rows[0];
  return { bytes: Number(row?.bytes), chunks: Number(row?.chunks), toast: Number(row?.toast) };
}

describe.skipIf(absent)('the PostgreSQL outbox over a long run', () => {
  it(`stays the same size round after round (${String(ROUNDS)} rounds of ${String(PER_ROUND)})`, async () => {
    const url = await postgres().createDatabase();
    const store = await openPostgresOutbox(url, { poolSize: 4 });
    const client = new pg.Client(url);
    await client.connect();
    // Each round's size with its submissions in, and once they are purged and vacuumed.
    const peaks: number[] = [];
    const settledSizes: number[] = [];
    try {
      for (let round = 0; round < ROUNDS; round++) {
        for (let i = 0; i < PER_ROUND; i++) {
          const base = sampleSubmission();
          const [file] = base.files;
          if (!file) throw new Error('a sample file');
          await store.accept({
            ...base,
            reference: `EQ-SOAK-${String(round)}-${String(i)}`,
            files: [{ ...file, content: memorySource(FILE), size: FILE.byteLength }],
          });
        }
        const before = await footprint(client);
        for (const { lease } of await store.claimDue('soak', 60_000, Date.now(), PER_ROUND))
          await store.finish(lease, { kind: 'delivered', at: Date.now() });
        expect(await store.purgeDelivered(Date.now() + 1)).toBe(PER_ROUND);
        // Autovacuum (every second in the suite's server) reclaims what the purge left dead.
        const settled = await eventually(
          () => footprint(client),
          ({ chunks, toast }) => chunks > before.chunks && toast > before.toast,
          30_000,
        );
        peaks.push(before.bytes);
        settledSizes.push(settled.bytes);
      }
    } finally {
      await client.end();
      await store.close();
    }
    // Later rounds reuse the space the first one made; a purged outbox never holds more.
    const [first = 0] = peaks;
    expect(first).toBeGreaterThan(PER_ROUND * FILE.byteLength);
    expect(Math.max(...peaks)).toBeLessThanOrEqual(first * 1.25);
    expect(Math.max(...settledSizes)).toBeLessThanOrEqual(first * 1.1);
  }, 300_000);
});
