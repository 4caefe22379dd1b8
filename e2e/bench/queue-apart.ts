/**
 * `node --import tsx e2e/bench/queue-apart.ts [leads] [rounds]`: what a delivery's writes cost
 * on the lead's own row (`submissions`, with every index the console searches by) against a
 * narrow queue beside it (due time, lease, step, attempts, one index), the prototype issue #77
 * asks to try. An outbox on disk made by the proxy's own migrations and accept holds `leads`
 * small enquiries (20,000 unless said); then, in turns of 500 enquiries each way, `rounds`
 * times (4 unless said), each enquiry's delivery writes as the proxy writes them for an enquiry
 * without files (claimed, step noted, created and delivered), with the narrow queue's own
 * additions (its row inserted at acceptance, deleted at delivery). An enquiry's writes share
 * one commit, as the group commit's measured rate at 16 connections has it (about one commit an
 * enquiry, flushed: `synchronous = FULL`). Prints the CPU (user + system) per enquiry of each, and the bytes the
 * WAL grew by. Diagnostics: not part of `npm run bench`.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { openSqliteOutbox } from '../../proxy/outbox/sqlite/store.ts';
import { sampleSubmission } from '../../proxy/test/fixtures/outbox.ts';
import { scratchDir } from './processes.ts';
import { median, num } from './report.ts';

const [leads = 20_000, rounds = 4] = process.argv.slice(2).map(Number);
const TURN = 500;
const dir = scratchDir('queue-apart');
const path = join(dir, 'outbox.sqlite');

// The outbox as the proxy makes it: its migrations, its accept, a lead with a name, an address.
const store = openSqliteOutbox(path);
const accepted: number[] = [];
for (let n = 0; n < leads; n++) {
  const outcome = await store.accept(
    sampleSubmission({
      reference: `EQ-BENCH-${String(n)}`,
      receivedAt: 1_000 + n,
      files: [],
      upstream: {
        ...sampleSubmission().upstream,
        forename: `Person${String(n)}`,
        surname: `Family${String(n % 997)}`,
        email: `person${String(n)}@example.com`,
      },
    }),
  );
  if (outcome.kind !== 'stored') throw new Error(`enquiry ${String(n)} was not stored`);
  accepted.push(outcome.submission.id);
}
await store.close();

const db = new Database(path);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
// The WAL is measured, not checkpointed along the way (each turn starts it afresh).
db.pragma('wal_autocheckpoint = 0');
db.exec(`CREATE TABLE IF NOT EXISTS delivery_queue (
  submission_id INTEGER PRIMARY KEY, due_at INTEGER NOT NULL, lease_owner TEXT,
  lease_until INTEGER, lease_token INTEGER NOT NULL DEFAULT 0, pending_step TEXT,
  attempts INTEGER NOT NULL DEFAULT 0);
  CREATE INDEX IF NOT EXISTS delivery_queue_due ON delivery_queue (due_at)`);
const walBytes = () =>
  (db.prepare('PRAGMA wal_checkpoint(PASSIVE)').get() as { log: number }).log * 4096;

const wide = {
  claim: db.prepare(`UPDATE submissions SET lease_owner = 'me', lease_until = @until,
    lease_token = lease_token + 1 WHERE id = @id AND state = 'queued' AND lease_until IS NULL
    RETURNING lease_token AS token`),
  step: db.prepare(`UPDATE submissions SET pending_step = 'create' WHERE id = @id
    AND lease_token = @token`),
  delivered: db.prepare(`UPDATE submissions SET enquiry_id = @id, enquiry_created_at = @until,
    enquiry_recorded_at = @until, state = 'delivered', delivered_at = @until,
    attempts = attempts + 1, last_error = NULL, lease_owner = NULL, lease_until = NULL,
    pending_step = NULL WHERE id = @id AND lease_token = @token`),
};
const narrow = {
  enqueue: db.prepare(`INSERT INTO delivery_queue (submission_id, due_at) VALUES (@id, @until)`),
  claim: db.prepare(`UPDATE delivery_queue SET lease_owner = 'me', lease_until = @until,
    lease_token = lease_token + 1 WHERE submission_id = @id AND lease_until IS NULL
    RETURNING lease_token AS token`),
  step: db.prepare(`UPDATE delivery_queue SET pending_step = 'create' WHERE submission_id = @id
    AND lease_token = @token`),
  // What the console shows changes once: the lead delivered, its enquiry's id; the queue's row goes.
  delivered: db.prepare(`UPDATE submissions SET enquiry_id = @id, enquiry_created_at = @until,
    enquiry_recorded_at = @until, state = 'delivered', delivered_at = @until,
    attempts = attempts + 1 WHERE id = @id`),
  dequeue: db.prepare(
    `DELETE FROM delivery_queue WHERE submission_id = @id AND lease_token = @token`,
  ),
};
const commitEach = <T>(work: () => T) => db.transaction(work)();

/** CPU microseconds per enquiry for `deliver` over `ids`, and the WAL's bytes per enquiry. */
function timed(ids: readonly number[], deliver: (id: number) => void) {
  walBytes();
  db.pragma('wal_checkpoint(TRUNCATE)');
  const before = process.cpuUsage();
  for (const id of ids) deliver(id);
  const spent = process.cpuUsage(before);
  return { cpu: (spent.user + spent.system) / ids.length, wal: walBytes() / ids.length };
}

const until = Date.now();
/** Each enquiry's writes in one commit, or each write committed by itself. */
type Commits = 'an enquiry' | 'a write';
const deliveries = (commits: Commits) => {
  const each = <T>(work: () => T) => (commits === 'a write' ? commitEach(work) : work());
  const whole = (work: () => void) => {
    if (commits === 'a write') work();
    else commitEach(work);
  };
  return {
    wide: (id: number) => {
      whole(() => {
        const { token } = each(() => wide.claim.get({ id, until })) as { token: number };
        each(() => wide.step.run({ id, token }));
        each(() => wide.delivered.run({ id, token, until }));
      });
    },
    narrow: (id: number) => {
      whole(() => {
        // At acceptance, in the accept's own commit: never a commit of its own.
        narrow.enqueue.run({ id, until });
        const { token } = each(() => narrow.claim.get({ id, until })) as { token: number };
        each(() => narrow.step.run({ id, token }));
        each(() => {
          narrow.delivered.run({ id, until });
          narrow.dequeue.run({ id, token });
        });
      });
    },
  };
};

interface Turn {
  cpu: number;
  wal: number;
}
let next = 0;
for (const commits of ['an enquiry', 'a write'] as const) {
  const results: Record<'wide' | 'narrow', Turn[]> = { wide: [], narrow: [] };
  const deliver = deliveries(commits);
  for (let round = 0; round < rounds; round++) {
    const first = accepted.slice(next, next + TURN);
    const second = accepted.slice(next + TURN, next + 2 * TURN);
    next += 2 * TURN;
    // Alternate which goes first, so a busy neighbour falls on both alike.
    const [a, b] = round % 2 === 0 ? (['wide', 'narrow'] as const) : (['narrow', 'wide'] as const);
    results[a].push(timed(first, deliver[a]));
    results[b].push(timed(second, deliver[b]));
  }
  console.log(`A commit ${commits}:`);
  for (const [label, runs] of Object.entries(results))
    console.log(
      `  ${label}: ${runs.map((r) => num(r.cpu)).join(', ')} µs of CPU an enquiry (median ${num(
        median(runs.map((r) => r.cpu)),
      )}), the WAL ${num(median(runs.map((r) => r.wal)) / 1024)} KiB an enquiry`,
    );
  const cpu = (runs: Turn[]) => median(runs.map((r) => r.cpu));
  console.log(`  narrow ÷ wide: ${num(cpu(results.narrow) / cpu(results.wide))}×`);
}
db.close();
console.log(`(${String(leads)} leads in the outbox)`);
