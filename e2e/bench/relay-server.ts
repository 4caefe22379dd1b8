/**
 * The yardstick of `npm run bench -- relay`: the least a durable relay of enquiries can do, on
 * the proxy's own libraries (Hono on Node, better-sqlite3, the enquiry API client). It takes
 * the widget's multipart POST, writes the enquiry part to disk before answering 202, then
 * delivers it to the platform and marks it delivered. No origin, token, limit, schema or file
 * check, no funnel, no log line per request: what the proxy costs above this is what its checks
 * and guarantees cost.
 *
 * Run as a child process: `node --import tsx e2e/bench/relay-server.ts`, with `PORT`,
 * `DATA_DIR`, `ENQUIRY_API_URL`, `ENQUIRY_API_USERNAME` and `ENQUIRY_API_PASSWORD`.
 */
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import Database from 'better-sqlite3';
import { Hono } from 'hono';
import { lawFirm } from '../../demo/forms/index.ts';
import { createEnquiryApiClient } from '../../proxy/client/enquiry-api-client.ts';
import type { EnquiryPart } from '../../proxy/contract/schemas/enquiry-part.ts';
import { buildUpstreamEnquiry } from '../../proxy/intake/upstream-enquiry.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`the relay needs ${name}`);
  return value;
};

const db = new Database(join(env('DATA_DIR'), 'relay.sqlite'));
// As the proxy's outbox: WAL, so the writer never waits on readers. FULL (the default) flushes
// the WAL to the disk at each commit, before the 202: an enquiry acknowledged is on the disk,
// as the proxy's are. RELAY_SYNCHRONOUS=NORMAL leaves it in the system's cache, which a power
// cut loses: the yardstick as it was measured before, kept beside it, since an fdatasync is
// not free (about 55 µs of CPU each on the bench's machine, nearly all of it the kernel's).
db.pragma('journal_mode = WAL');
db.pragma(`synchronous = ${process.env.RELAY_SYNCHRONOUS === 'NORMAL' ? 'NORMAL' : 'FULL'}`);
db.exec(`CREATE TABLE IF NOT EXISTS enquiries (
  id INTEGER PRIMARY KEY,
  received_at INTEGER NOT NULL,
  enquiry TEXT NOT NULL,
  delivered INTEGER NOT NULL DEFAULT 0
)`);
// What any relay would have: the queue read by an index, not a scan of every enquiry ever taken.
db.exec('CREATE INDEX IF NOT EXISTS undelivered ON enquiries (id) WHERE delivered = 0');
const insert = db.prepare('INSERT INTO enquiries (received_at, enquiry) VALUES (?, ?)');
const markDelivered = db.prepare('UPDATE enquiries SET delivered = 1 WHERE id = ?');
const undelivered = db.prepare(
  'SELECT id, received_at, enquiry FROM enquiries WHERE delivered = 0 ORDER BY id LIMIT 64',
);
// Counted once at start, then kept as they change: the bench asks every 50 ms while it waits,
// and a count over the whole table would be charged to the relay's CPU.
const counts = db
  .prepare('SELECT count(*) AS accepted, coalesce(sum(delivered), 0) AS delivered FROM enquiries')
  .get() as { accepted: number; delivered: number };

const client = createEnquiryApiClient({
  baseUrl: env('ENQUIRY_API_URL'),
  username: env('ENQUIRY_API_USERNAME'),
  password: env('ENQUIRY_API_PASSWORD'),
});

interface Row {
  id: number;
  received_at: number;
  enquiry: string;
}

/** At most this many creates at once, as the proxy's pool allows per platform. */
const AT_ONCE = 16;
const inFlight = new Set<number>();
let retryTimer: NodeJS.Timeout | undefined;

async function deliver(row: Row): Promise<void> {
  try {
    const part = JSON.parse(row.enquiry) as EnquiryPart;
    await client.createEnquiry(buildUpstreamEnquiry(lawFirm, part, row.received_at));
    markDelivered.run(row.id);
    counts.delivered += 1;
    inFlight.delete(row.id);
    pump();
  } catch {
    // Left undelivered; tried again in a second, not at once (a platform that is down).
    inFlight.delete(row.id);
    retryTimer ??= setTimeout(() => {
      retryTimer = undefined;
      pump();
    }, 1000);
  }
}

/** Starts deliveries of stored enquiries until `AT_ONCE` are on their way. */
function pump(): void {
  if (inFlight.size >= AT_ONCE) return;
  for (const row of undelivered.all() as Row[]) {
    if (inFlight.size >= AT_ONCE) return;
    if (inFlight.has(row.id)) continue;
    inFlight.add(row.id);
    void deliver(row);
  }
}

const app = new Hono();
app.post('/api/enquiries', async (c) => {
  const body = await c.req.parseBody();
  const enquiry = body.enquiry;
  if (typeof enquiry !== 'string') return c.json({ error: 'no enquiry part' }, 400);
  const { lastInsertRowid } = insert.run(Date.now(), enquiry);
  counts.accepted += 1;
  pump();
  return c.json({ id: Number(lastInsertRowid) }, 202);
});
app.get('/status', (c) => c.json(counts));

serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(env('PORT')) });
