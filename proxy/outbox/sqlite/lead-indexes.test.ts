/**
 * How SQLite plans the console's reads (EXPLAIN QUERY PLAN): each through an index, so the list
 * and the overview stay fast with 100,000 stored leads (`npm run bench -- console` measures it).
 * The plans do not depend on how many rows there are: the outbox is never ANALYZEd.
 */
import { describe, expect, it } from 'vitest';
import { outboxMachine } from '../machine/index.ts';
import {
  CONSOLE_READS,
  CROWD,
  CROWD_SEARCHES,
  expectedPage,
  explained,
  ID_ORDER_READS,
} from '../../test/fixtures/lead-query-plans.ts';
import { sqliteDialect, sqliteRunner } from './driver.ts';
import { openOutboxDatabase } from './schema.ts';

function planner() {
  const db = openOutboxDatabase(':memory:');
  const run = sqliteRunner(db);
  const machine = outboxMachine(sqliteDialect);
  /** Each step of each statement's plan, as SQLite words it. */
  const plan = (read: (m: typeof machine) => Generator<unknown, unknown, unknown>) => {
    const plans: unknown[][] = [];
    run(explained(read(machine) as never, (sql) => `EXPLAIN QUERY PLAN ${sql}`, plans));
    return plans.flat().map((row) => (row as { detail: string }).detail);
  };
  return { db, run, machine, plan };
}

describe('the console’s reads on SQLite', () => {
  it.each(CONSOLE_READS)(
    'finds %s through its indexes, never by reading every lead',
    (_, read, indexes) => {
      const steps = planner().plan(read);
      expect(steps.filter((step) => /^SCAN submissions\b/.test(step))).toEqual([]);
      for (const index of indexes)
        expect(steps.some((step) => step.startsWith('SEARCH') && index.test(step))).toBe(true);
    },
  );

  it.each(ID_ORDER_READS)('reads %s in id order, sorting nothing', (_, read) => {
    const steps = planner().plan(read);
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatch(/^(SCAN submissions$|SEARCH submissions USING INTEGER PRIMARY KEY)/);
  });

  it('finds the newest leads whose name starts with a search, whether few or many share it', () => {
    const { db, run, machine } = planner();
    const insert = db.prepare(
      `INSERT INTO submissions (reference, state, upstream, next_attempt_at, received_at, retry_from)
       VALUES (?, ?, ?, 0, 0, 0)`,
    );
    db.transaction(() => {
      for (const lead of CROWD)
        insert.run(lead.reference, lead.state, JSON.stringify({ ...lead, email: 'a@b.example' }));
    })();
    const ids = new Map(
      db
        .prepare('SELECT reference, id FROM submissions')
        .all()
        .map((row) => [(row as { reference: string }).reference, (row as { id: number }).id]),
    );
    const stored = CROWD.map((lead) => ({ ...lead, id: ids.get(lead.reference) ?? 0 }));
    for (const filter of CROWD_SEARCHES)
      expect(
        run(machine.leadPage(filter)).map((lead) => lead.reference),
        JSON.stringify(filter),
      ).toEqual(expectedPage(stored, filter));
  });
});
