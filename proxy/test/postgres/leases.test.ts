/**
 * Who may take over a submission another instance holds, on a shared PostgreSQL outbox: not
 * while its holder lives (however long the database kept it from recording what it sent), at
 * once when its holder's heartbeat has stopped, and not in the moment after an outage when
 * every heartbeat looks stale.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgresOutbox } from '../../outbox/postgres/store.ts';
import { sampleSubmission } from '../fixtures/outbox.ts';
import { eventually } from '../platform/platform-session.ts';
import { absent, postgres, sharedGroup, usePostgres } from './shared-session.ts';

usePostgres();

/** Two instances on a new database, whose heartbeats count for `aliveForMs`. */
async function twoInstances(aliveForMs: number) {
  const url = await postgres().createDatabase();
  const a = await openPostgresOutbox(url, { poolSize: 2, aliveForMs });
  const b = await openPostgresOutbox(url, { poolSize: 2, aliveForMs });
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  const stored = await a.accept(sampleSubmission({ receivedAt: Date.now() }));
  if (stored.kind !== 'stored') throw new Error('not stored');
  return {
    a,
    b,
    sql,
    id: stored.submission.id,
    /** What `b` takes of the due work now. */
    bClaims: async () => (await b.claimDue(b.owner, 60_000, Date.now(), 10)).length,
    async close() {
      await sql.end();
      await Promise.all([a.close(), b.close()]);
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(absent)('leases on a shared PostgreSQL outbox', () => {
  it('stay with a live instance after their time ran out, and go to another at once when it dies', async () => {
    const group = await twoInstances(1000);
    try {
      // `b` has beaten for a while: it judges others by their heartbeats.
      await pause(1200);
      // `a` sends the create, then the database keeps it from recording the answer past its lease.
      expect(await group.a.claim(group.id, group.a.owner, 100, Date.now())).not.toBeNull();
      await pause(300);
      expect(await group.bClaims()).toBe(0);
      // `a` is killed: its heartbeat stops (its row stays, stale), its lease's time not yet run out.
      await group.sql.query('UPDATE submissions SET lease_until = $1', [Date.now() + 60_000]);
      // Its work is due for `b` when its heartbeat runs out, not at `b`'s next poll: `b`'s
      // deliverer sleeps till then (half a minute later, the dead one's lead waited past it).
      const asked = Date.now();
      const due = await group.b.nextDueAt();
      expect(due).toBeGreaterThan(asked);
      expect(due).toBeLessThanOrEqual(Date.now() + 1000);
      await group.a.close();
      await group.sql.query('INSERT INTO instances (owner, alive_until) VALUES ($1, $2)', [
        group.a.owner,
        Date.now() - 1,
      ]);
      expect(await group.bClaims()).toBe(1);
    } finally {
      await group.close();
    }
  });

  it('are not taken over just after the database returns, while the live instances beat again', async () => {
    const group = await twoInstances(3000);
    try {
      await pause(3200);
      // An instance (not one of these two) holds the submission; its lease's time runs out.
      await group.sql.query('INSERT INTO instances (owner, alive_until) VALUES ($1, $2)', [
        'instance-elsewhere',
        Date.now() + 1000,
      ]);
      expect(await group.b.claim(group.id, 'instance-elsewhere', 100, Date.now())).not.toBeNull();
      await group.sql.end();

      // The database is away longer than a heartbeat counts: every heartbeat is stale after it.
      await postgres().stop();
      await pause(1500);
      await postgres().start();
      const claimedAfterReturn = await eventually(
        () => group.bClaims().catch(() => undefined),
        (claimed) => claimed !== undefined,
        10_000,
      );
      expect(claimedAfterReturn).toBe(0);
      // The holder never beats again: it is gone, and its work is taken over.
      expect(await eventually(group.bClaims, (claimed) => claimed === 1, 10_000)).toBe(1);
    } finally {
      await Promise.all([group.a.close(), group.b.close()]);
    }
  });

  it('are taken by a proxy under the name its heartbeat goes by', { timeout: 30_000 }, async () => {
    const group = await sharedGroup(1, { env: { DELIVERY_DEADLINE_MS: '200' } });
    const [proxy] = group.instances;
    if (!proxy) throw new Error('one instance');
    // The platform hangs every create: the submission stays held by the proxy that took it.
    group.faults({ hangRate: 1, endpoints: ['create'] });
    expect((await proxy.submit()).status).toBe(202);
    const sql = new pg.Client({ connectionString: group.databaseUrl });
    await sql.connect();
    try {
      const holders = await sql.query<{ lease_owner: string; alive: boolean }>(
        `SELECT lease_owner, EXISTS (SELECT 1 FROM instances WHERE owner = lease_owner) AS alive
         FROM submissions`,
      );
      expect(holders.rows).toEqual([{ lease_owner: expect.any(String), alive: true }]);
    } finally {
      await sql.end();
      group.faults({ hangRate: 0 });
    }
  });
});
