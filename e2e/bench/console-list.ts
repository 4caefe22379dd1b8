/**
 * The console's list with 100,000 stored leads: the proxy as deployed (a child process, its
 * SQLite outbox on disk) over an outbox filled beforehand, signed in as a browser would be, and
 * each kind of page timed over HTTP: the newest page, a state's page, a page deep in the list
 * (keyset: `before` an id half-way down), an email address, a rare and a common start of a name,
 * one letter every name starts with, a surname's in one state, a name nobody has, the overview;
 * then the public health and readiness checks, and the status behind the admin token.
 * `console-ab.ts` asks the same of two checkouts side by side.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { openOutboxDatabase } from '../../proxy/outbox/sqlite/schema.ts';
import { sampleSubmission } from '../../proxy/test/fixtures/outbox.ts';
import { scratchDir } from './processes.ts';
import { median, num, quantile, table } from './report.ts';
import { startProxyServer, startStandIn } from './servers.ts';

const LEADS = 100_000;
const SAMPLES = 40;
const TOKEN = randomBytes(32).toString('base64url');
const DAY = 86_400_000;
/**
 * No queued lead (the proxy would deliver them all at start) and no spam (purged after 7 days):
 * what is measured is the console over a settled outbox, not a start's catching up.
 */
const STATES = ['delivered', 'delivered', 'delivered', 'delivered', 'partial', 'dead'];

/**
 * Fills an outbox file with `LEADS` leads over the last 25 days, within `RETENTION_DAYS` (rows
 * only), through `open` (another checkout's, for `console-ab.ts`: each proxy its own schema).
 */
export function fillLeads(dataDir: string, open = openOutboxDatabase): void {
  const db = open(join(dataDir, 'outbox.sqlite'));
  const upstream = sampleSubmission().upstream;
  const insert = db.prepare(
    `INSERT INTO submissions (reference, state, upstream, next_attempt_at, received_at, retry_from, delivered_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const now = Date.now();
  db.transaction(() => {
    for (let n = 0; n < LEADS; n += 1) {
      const at = now - 25 * DAY + Math.floor((n * 25 * DAY) / LEADS);
      const state = STATES[n % STATES.length] ?? 'dead';
      const person = {
        ...upstream,
        forename: `Person${String(n)}`,
        surname: `Family${String(n % 997)}`,
        email: `person${String(n)}@example.com`,
      };
      insert.run(
        `EQ-B${String(n).padStart(7, '0')}`,
        state,
        JSON.stringify(person),
        at,
        at,
        at,
        state === 'delivered' ? at + 3000 : null,
      );
    }
  })();
  db.close();
}

/** The console's session cookie, signed in with `token` as a browser would. */
export async function signIn(origin: string, token = TOKEN): Promise<string> {
  const form = await fetch(`${origin}/admin/sign-in`);
  const nonce = form.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  const signedIn = await fetch(`${origin}/admin/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: nonce, origin },
    body: new URLSearchParams({ csrf, token }),
  });
  const cookie = signedIn.headers
    .getSetCookie()
    .find((c) => c.startsWith('console_session='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`console sign-in failed: ${String(signedIn.status)}`);
  return cookie;
}

/** What is asked, in this order: the console's pages (signed in), then the health routes. */
export const CONSOLE_ASKS: readonly {
  label: string;
  path: string;
  as: 'session' | 'token' | 'anyone';
}[] = [
  { label: 'newest 50', path: '/admin/leads', as: 'session' },
  { label: 'newest 50 dead', path: '/admin/leads?state=dead', as: 'session' },
  {
    label: '50 half-way down (keyset)',
    path: `/admin/leads?before=${String(LEADS / 2)}`,
    as: 'session',
  },
  { label: 'an email address', path: '/admin/leads?q=person77777%40example.com', as: 'session' },
  { label: 'a name’s start', path: '/admin/leads?q=Person9999', as: 'session' },
  { label: 'a common name’s start', path: '/admin/leads?q=person1', as: 'session' },
  { label: 'one letter (every lead)', path: '/admin/leads?q=p', as: 'session' },
  {
    label: 'a surname’s start, one state',
    path: '/admin/leads?q=family12&state=dead',
    as: 'session',
  },
  { label: 'nobody’s name', path: '/admin/leads?q=nobody', as: 'session' },
  { label: 'overview (chart, counts)', path: '/admin/', as: 'session' },
  // Beside them, what anyone may ask without signing in, and the details behind the token.
  { label: 'health, public', path: '/healthz', as: 'anyone' },
  { label: 'readiness, public', path: '/readyz', as: 'anyone' },
  { label: 'status behind the token (counts)', path: '/admin/status', as: 'token' },
];

/** The headers one ask goes with: the console's session cookie, the admin token, or none. */
export const headersFor = (as: string, cookie: string, token: string): Record<string, string> =>
  as === 'session' ? { cookie } : as === 'token' ? { authorization: `Bearer ${token}` } : {};

/** One GET's milliseconds, its body read; anything but a 200 ends the run. */
export async function timedGet(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`${url} answered ${String(response.status)}`);
  await response.arrayBuffer();
  return performance.now() - started;
}

export async function consoleList(): Promise<string> {
  const dataDir = scratchDir('console-outbox', 'disk');
  const filling = performance.now();
  fillLeads(dataDir);
  const fillSeconds = (performance.now() - filling) / 1000;
  const standIn = await startStandIn();
  const proxy = await startProxyServer(standIn, { env: { DATA_DIR: dataDir, ADMIN_TOKEN: TOKEN } });
  const cookie = await signIn(proxy.origin);
  const rows: string[][] = [];
  for (const { label, path, as } of CONSOLE_ASKS) {
    const headers = headersFor(as, cookie, TOKEN);
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1)
      times.push(await timedGet(`${proxy.origin}${path}`, headers));
    rows.push([label, `\`${path}\``, num(median(times)), num(quantile(times, 0.95))]);
  }
  return `## Console list

The console's pages with ${num(LEADS)} leads in the outbox (SQLite on disk, filled beforehand
in ${num(fillSeconds)} s over 25 days: delivered, partly delivered and dead, no files), each asked ${String(SAMPLES)} times in a row over HTTP by a
signed-in client, one at a time. The issue's bound is 200 ms for the list.

${table(['page', 'address', 'p50 ms', 'p95 ms'], rows)}

Keyset paging (\`id < before\`, newest first) and the indexes on \`(state, id)\` and on the
lower-cased email address keep every list page off a full scan. A name's start is a range of
the indexes on \`(lower-cased name, id)\` and \`(lower-cased surname, id)\`, of which the
newest 50 are kept: what is read grows with the matches (one letter that every name starts with
reads every entry of both indexes; within one state, each match's row too), never with the rows.
The state is not in those indexes, so a delivery, which changes it, leaves them as they are.
The overview counts each state and each of the chart's days as ranges of indexes, never reading
a row. The public \`/healthz\` does not count: it asks whether any lead is dead or partly
delivered and when the oldest waiting one came, each a seek that stops at its first entry of an
index, so anyone asking it over and over costs the proxy the same with ten leads or a million
(until stop 71 it counted, as \`/admin/status\` does behind its token). \`/readyz\` writes the
outbox once for everybody asking within a second.

A before and after: \`node --import tsx e2e/bench/console-ab.ts [--runs N] <checkout>...\`
asks the same of two checkouts' proxies side by side, each request alternated between them, so
that a shared machine's load falls on both alike.`;
}
