/**
 * The console's end-to-end stack: an outbox seeded with a month of leads (on SQLite in a data
 * directory, or on a PostgreSQL of the test's own), then the demo stack (stand-in, proxy with
 * `ADMIN_TOKEN`) started on it, as an operator's proxy would start on a store it has used.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemo, type RunningDemo } from '../../demo/stack.ts';
import type { FormConfigFile } from '../../proxy/contract/schemas/form-config.ts';
import { createLogger } from '../../proxy/logger.ts';
import { submissionJson } from '../../proxy/operator/lead-report.ts';
import { openPostgresOutbox } from '../../proxy/outbox/postgres/store.ts';
import { openSqliteOutbox } from '../../proxy/outbox/sqlite/store.ts';
import type { OutboxStore } from '../../proxy/outbox/store.ts';
import {
  leaseOf,
  SAMPLE_PDF,
  SAMPLE_PNG,
  sampleSubmission,
  stored,
} from '../../proxy/test/fixtures/outbox.ts';
import { startPostgres, type PostgresServer } from '../../proxy/test/fixtures/postgres-server.ts';

export const ADMIN_TOKEN = randomBytes(32).toString('base64url');
const DAY = 86_400_000;

/** The leads the specs look for. */
export const SEEDED = {
  /** Dead, found by its email address and retried. */
  dead: { reference: 'EQ-DEAD-0001', email: 'grace.hopper@example.com' },
  /** Dead too, exported (it does not change, so its export is known in advance). */
  exported: 'EQ-KEEP-0002',
  /** Days with leads, counted back from today. */
  days: [1, 2, 3, 5, 8, 13, 21, 29],
};

/** The UTC day `at` falls on, in days since the epoch. */
export const utcDay = (at: number) => Math.floor(at / DAY);

/** A running console stack, and what its export of `SEEDED.exported` must hold. */
export interface ConsoleStack {
  demo: RunningDemo;
  /** The UTC day the leads were seeded on (`utcDay`): `SEEDED.days` count back from it. */
  seededDay: number;
  expectedExport: Map<string, Buffer>;
  close(): Promise<void>;
}

/**
 * Seeds the leads at noon (UTC) of their days, counted back from `now`'s: the chart counts by UTC
 * day, so a stack started a minute before midnight still has each seeded lead on its day.
 */
async function seed(store: OutboxStore, now: number): Promise<Map<string, Buffer>> {
  const noon = utcDay(now) * DAY + DAY / 2;
  let n = 0;
  // Oldest first, as leads arrive: the list is newest first by arrival.
  for (const daysAgo of [...SEEDED.days].reverse()) {
    for (let k = 0; k < 1 + (daysAgo % 3); k += 1) {
      n += 1;
      const at = noon - daysAgo * DAY + k * 60_000;
      const { id } = await stored(
        store,
        sampleSubmission({ reference: `EQ-SEED-${String(n).padStart(4, '0')}`, receivedAt: at }),
      );
      const lease = await leaseOf(store, id, at);
      await store.recordCreated(lease, 9000 + n, at + 2000);
      await store.recordUploaded(lease, 0, 19_000 + n, at + 3000);
      await store.recordUploaded(lease, 1, 29_000 + n, at + 4000);
      await store.finish(lease, { kind: 'delivered', at: at + 5000 });
    }
  }
  const dead = (reference: string, email: string, forename: string) =>
    sampleSubmission({
      reference,
      receivedAt: noon - DAY,
      upstream: { ...sampleSubmission().upstream, forename, surname: 'Hopper', email },
    });
  for (const lead of [
    dead(SEEDED.dead.reference, SEEDED.dead.email, 'Grace'),
    dead(SEEDED.exported, 'kept@example.com', 'Keeping'),
  ]) {
    const { id } = await stored(store, lead);
    await store.deadLetter(
      await leaseOf(store, id, noon - DAY),
      'the platform was away',
      noon - DAY,
    );
  }
  const kept = await store.get(SEEDED.exported);
  if (!kept) throw new Error('the exported lead was not stored');
  return new Map([
    ['enquiry.json', Buffer.from(`${JSON.stringify(submissionJson(kept), null, 2)}\n`)],
    ['0-plan.pdf', Buffer.from(SAMPLE_PDF)],
    ['1-photo.png', Buffer.from(SAMPLE_PNG)],
  ]);
}

/** What a spec adds to the console's stack: the proxy's port and variables, more seeds. */
export interface ConsoleStackOptions {
  /** The form served, written into the data directory; the law firm's example otherwise. */
  form?: FormConfigFile;
  proxyPort?: number;
  proxyEnv?: Record<string, string>;
  seed?: (store: OutboxStore, now: number) => Promise<void>;
}

/** Seeds an outbox on `database` and starts the stack on it. */
export async function openConsoleStack(
  database: 'sqlite' | 'postgresql',
  options: ConsoleStackOptions = {},
): Promise<ConsoleStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-console-'));
  const formConfig = join(dataDir, 'form.json');
  if (options.form) writeFileSync(formConfig, JSON.stringify(options.form, null, 2));
  let postgres: PostgresServer | undefined;
  let databaseUrl: string | undefined;
  const now = Date.now();
  let expectedExport: Map<string, Buffer>;
  if (database === 'postgresql') {
    postgres = await startPostgres();
    databaseUrl = await postgres.createDatabase();
    const store = await openPostgresOutbox(databaseUrl);
    expectedExport = await seed(store, now);
    await options.seed?.(store, now);
    await store.close();
  } else {
    const store = openSqliteOutbox(join(dataDir, 'outbox.sqlite'));
    expectedExport = await seed(store, now);
    await options.seed?.(store, now);
    await store.close();
  }
  const demo = await startDemo({
    log: createLogger({ level: 'error' }),
    env: {},
    sitePort: 0,
    proxyPort: options.proxyPort ?? 0,
    apiPort: 0,
    dataDir,
    proxyEnv: {
      ADMIN_TOKEN,
      ...(options.form ? { FORM_CONFIG: formConfig } : {}),
      ...options.proxyEnv,
      // Instances sharing a database must share the form tokens' key.
      ...(databaseUrl
        ? {
            DATABASE_URL: databaseUrl,
            FORM_TOKEN_SECRET: 'e2e-console-form-token-secret-0123456789',
          }
        : {}),
    },
  });
  return {
    demo,
    expectedExport,
    seededDay: utcDay(now),
    async close() {
      await demo.close();
      await postgres?.destroy();
    },
  };
}
