/**
 * An operator erases a person (`npm run outbox -- erase --email … --force`, the code the console
 * runs too) while the running proxy is sending that person's lead to a platform holding the
 * create or the file's upload: the stand-in of the enquiry API, slowed by its own fault knobs,
 * on SQLite and on a real PostgreSQL. What the operator notices: delivery goes on for the next
 * lead (and its webhooks), `subject` finds nothing, no byte of the person is back in the store
 * (nor in a webhook message) once the held step has ended, and the log has no error in it.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../../demo/enquiry-api/fault-settings.ts';
import { runOutboxCommand } from '../../cli/outbox-command.ts';
import { openPostgresOutbox } from '../../outbox/postgres/store.ts';
import { openSqliteOutbox } from '../../outbox/sqlite/store.ts';
import type { OutboxStore } from '../../outbox/store.ts';
import { scanDirectory, scanTables } from '../fixtures/leak-scan.ts';
import {
  newSecret,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../fixtures/webhook-receiver.ts';
import { sampleFiles } from '../fixtures/proxy-harness.ts';
import { missing } from '../fixtures/postgres-server.ts';
import { usePostgresServer } from '../fixtures/use-postgres-server.ts';
import { eventually, platformSession, type PlatformSession } from './platform-session.ts';

const EMAIL = 'ada.erased@example.com';
const SURNAME = 'Erasedwright';
/** Longer than one PostgreSQL chunk (1 MiB), so the upload is still reading when she is erased. */
const FILE_BYTES = Buffer.from(sampleFiles.png(9_000_000));
const NEEDLES = [EMAIL, SURNAME, FILE_BYTES.subarray(500_000, 500_064).toString('hex')];
/** How long the platform holds the step: time enough to erase while it waits. */
const HOLD_MS = 1500;

/** Where a store's bytes live, to scan after the erasure. */
type Where = { dataDir: string } | { databaseUrl: string };

/** Runs one outbox command as an operator would, beside the running proxy. */
async function outbox(store: OutboxStore, args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOutboxCommand(args, store, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    now: Date.now,
  });
  return { code, out, err };
}

/** The needles still somewhere in the store. */
async function leftovers(where: Where): Promise<string[]> {
  if ('dataDir' in where) return scanDirectory(where.dataDir, NEEDLES);
  return (await scanTables(where.databaseUrl, NEEDLES)).hits;
}

/** The proxy, sending signed webhooks (the enquiry in each) to a receiver of the firm's. */
interface Running {
  session: PlatformSession;
  receiver: WebhookReceiver;
}

/** Runs `test` on a proxy with `env`, sending every event to a webhook receiver. */
async function withProxy(env: Record<string, string>, test: (running: Running) => Promise<void>) {
  const secret = newSecret();
  const receiver = await startWebhookReceiver({ secret });
  try {
    const events = ['enquiry.received', 'enquiry.delivered', 'enquiry.failed'];
    const endpoints = [{ url: receiver.url, secret, events }];
    const session = await platformSession({
      env: { ...env, WEBHOOK_ENDPOINTS: JSON.stringify(endpoints) },
    });
    await test({ session, receiver });
  } finally {
    await receiver.close();
  }
}

/**
 * Ada's lead is held by the platform at `held`; she is erased meanwhile; then Grace's lead goes
 * through the same proxy.
 */
async function eraseWhileHeld(
  { session, receiver }: Running,

  cli: OutboxStore,
  where: Where,
  held: Endpoint,
) {
  session.faults({ latencyMs: HOLD_MS, endpoints: [held] });
  const files =
    held === 'upload' ? [new File([FILE_BYTES], 'passport.png', { type: 'image/png' })] : [];
  const visitor = session.submit(files, { email: EMAIL, surname: SURNAME });
  await eventually(
    () => cli.findSubject({ email: EMAIL }),
    ({ submissions: [lead] }) => lead?.pendingStep?.startsWith(held) === true,
    15_000,
  );
  expect(await outbox(cli, ['erase', '--email', EMAIL, '--force'])).toMatchObject({
    code: 0,
    err: [],
  });
  // The visitor is told it is received, as for any lead the proxy could not finish sending.
  expect((await visitor).status).toBe(202);
  // The attempt ends when its held step does (the upload taken, or cut short when the bytes it
  // was reading went with her), and says why it stopped.
  await eventually(
    () => Promise.resolve(session.logged('this attempt stops here')),
    (lines) => lines.length === 1,
    15_000,
  );
  expect((await session.inbox()).map((enquiry) => enquiry.surname)).toEqual([SURNAME]);

  session.faults({ latencyMs: 0 });
  const grace = await session.submit([], {
    forename: 'Grace',
    surname: 'Hopper',
    email: 'grace@example.com',
  });
  expect(grace).toMatchObject({ status: 201, body: { status: 'delivered' } });
  expect(await session.health()).toMatchObject({
    delivery: 'running',
    outbox: { queued: 0, dead: 0 },
  });

  expect((await outbox(cli, ['subject', EMAIL])).out).toEqual([
    `The outbox holds nothing about ${EMAIL}.`,
  ]);
  // The firm's other tools hear of Grace's lead: the webhooks go on too.
  await eventually(
    () =>
      Promise.resolve(receiver.messages().map((m) => [m.payload.type, m.payload.data.reference])),
    (heard) =>
      heard.some(
        ([type, reference]) => type === 'enquiry.delivered' && reference === grace.body.reference,
      ),
  );
  expect(await leftovers(where)).toEqual([]);
  const errors = session.logs
    .lines()
    .filter((line) => ['error', 'fatal'].includes(String(line.level)));
  expect(errors).toEqual([]);
}

describe('erasing a person while the proxy sends their lead (SQLite)', () => {
  for (const held of ['create', 'upload'] as const)
    it(`neither stops delivery nor brings them back when the platform holds the ${held}`, async () => {
      await withProxy({}, async (running) => {
        const { dataDir } = running.session;
        const cli = openSqliteOutbox(join(dataDir, 'outbox.sqlite'));
        try {
          await eraseWhileHeld(running, cli, { dataDir }, held);
        } finally {
          await cli.close();
        }
      });
    });
});

const absent = missing();
describe.skipIf(absent)('erasing a person while the proxy sends their lead (PostgreSQL)', () => {
  const postgres = usePostgresServer();

  for (const held of ['create', 'upload'] as const)
    it(`neither stops delivery nor brings them back when the platform holds the ${held}`, async () => {
      const databaseUrl = await postgres().createDatabase();
      await withProxy({ DATABASE_URL: databaseUrl }, async (running) => {
        const cli = await openPostgresOutbox(databaseUrl, { poolSize: 2 });
        try {
          await eraseWhileHeld(running, cli, { databaseUrl }, held);
        } finally {
          await cli.close();
        }
      });
    });
});
