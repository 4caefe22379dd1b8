/**
 * How PostgreSQL plans the console's reads (EXPLAIN) over 20,000 analysed leads: with sequential
 * scans switched off, a read whose shape no index serves still scans; one that an index serves
 * does not. So the list and the overview are index-backed with 100,000 stored leads, and the
 * same name searches find the same leads as on SQLite.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMachine } from '../machine/index.ts';
import type { Plan } from '../machine/plan.ts';
import {
  CONSOLE_READS,
  CROWD,
  CROWD_SEARCHES,
  expectedPage,
  explained,
} from '../../test/fixtures/lead-query-plans.ts';
import { missing } from '../../test/fixtures/postgres-server.ts';
import { usePostgresServer } from '../../test/fixtures/use-postgres-server.ts';
import { execute, postgresDialect } from './driver.ts';
import { createPool, migrate } from './schema.ts';

const absent = missing();
const machine = outboxMachine(postgresDialect);
const postgres = usePostgresServer();
let pool: pg.Pool | undefined;
const LEADS = 20_000;

beforeAll(async () => {
  if (absent) return;
  // One connection, so the setting holds for every statement.
  pool = createPool(await postgres().createDatabase(), 1);
  await migrate(pool);
  // Leads enough for the statistics to tell a rare name from a common state, as in the field.
  await pool.query(
    `INSERT INTO submissions (reference, state, upstream, next_attempt_at, received_at, retry_from)
     SELECT 'EQ-P' || lpad(n::text, 7, '0'),
       (ARRAY['delivered', 'delivered', 'delivered', 'partial', 'dead'])[n % 5 + 1],
       json_build_object('forename', 'Person' || n, 'surname', 'Family' || n % 997,
         'email', 'person' || n || '@example.com')::text, n, n, n
     FROM generate_series(1, $1::integer) AS n`,
    [LEADS],
  );
  await pool.query('VACUUM ANALYZE submissions');
  await pool.query('SET enable_seqscan = off');
}, 60_000);
// Before the server's removal (`usePostgresServer`): Vitest runs after-all hooks last first.
afterAll(async () => {
  await pool?.end();
});

async function planOf(read: (m: typeof machine) => Plan<unknown>): Promise<string[]> {
  const plans: unknown[][] = [];
  if (!pool) throw new Error('no PostgreSQL');
  await execute(
    pool,
    explained(read(machine), (sql) => `EXPLAIN ${sql}`, plans),
  );
  return plans.flat().map((row) => (row as { 'QUERY PLAN': string })['QUERY PLAN']);
}

describe.skipIf(absent)('the console’s reads on PostgreSQL', () => {
  it.each(CONSOLE_READS)(
    'finds %s through its indexes, never by reading every lead',
    async (_, read, indexes) => {
      const lines = await planOf(read);
      expect(lines.filter((line) => line.includes('Seq Scan'))).toEqual([]);
      for (const index of indexes) expect(lines.some((line) => index.test(line))).toBe(true);
    },
  );

  it('finds the newest leads whose name starts with a search, whether few or many share it', async () => {
    if (!pool) throw new Error('no PostgreSQL');
    const { rows } = await pool.query<{ id: number; reference: string }>(
      `INSERT INTO submissions (reference, state, upstream, next_attempt_at, received_at, retry_from)
       SELECT reference, state, upstream, 0, 0, 0
       FROM unnest($1::text[], $2::text[], $3::text[]) AS crowd (reference, state, upstream)
       RETURNING id, reference`,
      [
        CROWD.map((lead) => lead.reference),
        CROWD.map((lead) => lead.state),
        CROWD.map((lead) => JSON.stringify({ ...lead, email: 'a@b.example' })),
      ],
    );
    const ids = new Map(rows.map((row) => [row.reference, row.id]));
    const stored = CROWD.map((lead) => ({ ...lead, id: ids.get(lead.reference) ?? 0 }));
    for (const filter of CROWD_SEARCHES) {
      const page = await execute(pool, machine.leadPage(filter));
      expect(
        page.map((lead) => lead.reference),
        JSON.stringify(filter),
      ).toEqual(expectedPage(stored, filter));
    }
  });
});
