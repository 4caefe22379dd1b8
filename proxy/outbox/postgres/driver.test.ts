import { describe, expect, it } from 'vitest';
import { run, type Plan } from '../machine/plan.ts';
import { alone } from './driver.ts';

/** Runs `plan` as a driver would, each statement answering `1`; the statements it ran. */
function ran<T>(plan: Plan<T>): { sql: string[]; result: T } {
  const sql: string[] = [];
  let step = plan.next();
  while (!step.done) {
    sql.push(step.value.sql);
    step = plan.next(1);
  }
  return { sql, result: step.value };
}

describe('a record of one statement', () => {
  it('runs as it is, its result its plan’s', () => {
    expect(ran(alone(run('UPDATE submissions SET lease_until = 1')))).toEqual({
      sql: ['UPDATE submissions SET lease_until = 1'],
      result: 1,
    });
  });

  it('refuses a second statement before it runs', () => {
    function* two(): Plan<number> {
      yield* run('UPDATE submissions SET pending_step = NULL');
      return yield* run('UPDATE files SET attachment_id = 1');
    }
    const sql: string[] = [];
    const plan = alone(two());
    const first = plan.next();
    if (!first.done) sql.push(first.value.sql);
    expect(() => plan.next(1)).toThrow(/name it atomicRecord in plan-table\.ts/);
    expect(sql).toEqual(['UPDATE submissions SET pending_step = NULL']);
  });
});
