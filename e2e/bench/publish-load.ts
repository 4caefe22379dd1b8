/**
 * Ten publishes of the form while 16 connections send enquiries (issue #56): the proxy as
 * deployed (a child process, its SQLite outbox on disk), wrk sending enquiries drawn from version
 * 1 (each with a token signed for it, as the widget fetches one), and the widget script that
 * carries the form asked every 100 ms, its time to first byte timed. The same load runs twice,
 * back to back: without a publish, then with ten, made as `npm run outbox -- form import
 * <file> --publish` makes them, beside the running proxy (which finds each by its look every
 * 2 s). The first publish removes a question every enquiry answers.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { exampleConfigPath } from '../../demo/forms/index.ts';
import { runOutboxCommand } from '../../proxy/cli/outbox-command.ts';
import { createFormTokens } from '../../proxy/http/bots/form-token.ts';
import { openSqliteOutbox } from '../../proxy/outbox/sqlite/store.ts';
import { TEST_FORM_TOKEN_SECRET } from '../../proxy/test/fixtures/proxy-env.ts';
import { ORIGIN, validEnquiry } from '../../proxy/test/fixtures/proxy-harness.ts';
import { scratchDir } from './processes.ts';
import { median, num, quantile, table } from './report.ts';
import { startProxyServer, startStandIn, type ProxyServer } from './servers.ts';
import { runWrk, type LoadCell } from './wrk.ts';
import type { EncodedBody } from './requests.ts';

const SECONDS = 20;
const CONNECTIONS = 16;
const PUBLISHES = 10;
const SAMPLE_EVERY_MS = 100;

/** The enquiry of a form drawn from version 1, a fresh token signed for it in each request. */
async function drawnFromVersion1(): Promise<EncodedBody> {
  const tokens = createFormTokens(TEST_FORM_TOKEN_SECRET);
  const token = tokens.issue(1);
  const form = new FormData();
  form.append('enquiry', JSON.stringify({ ...validEnquiry(), form_token: token, form_version: 1 }));
  const request = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return {
    contentType: request.headers.get('content-type') ?? '',
    bytes: Buffer.from(await request.arrayBuffer()),
    token: { inBody: token, issue: () => tokens.issue(1) },
  };
}

/**
 * GET `path` from the proxy over a connection of its own, as a visitor's first request comes
 * (a kept-alive connection would race the server's closing of it); its time to first byte (to
 * its headers). A failure says why, with the proxy's last words.
 */
function ask(proxy: ProxyServer, path: string, headers: Record<string, string>) {
  const started = performance.now();
  return new Promise<{ status: number; etag: string; body: Buffer; ttfbMs: number }>(
    (resolve, reject) => {
      const request = get(`${proxy.origin}${path}`, { headers, agent: false }, (response) => {
        const ttfbMs = performance.now() - started;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const etag = response.headers.etag ?? '';
          resolve({ status: response.statusCode ?? 0, etag, body: Buffer.concat(chunks), ttfbMs });
        });
      });
      request.on('error', (error) => {
        const log = readFileSync(proxy.child.logPath, 'utf8').trimEnd().split('\n').slice(-10);
        reject(
          new Error(
            `GET ${path} failed (${error.message}); the proxy's log ends:\n${log.join('\n')}`,
          ),
        );
      });
    },
  );
}

/** Whether `until` has yet to settle (its failure is for its own awaiter to see). */
function stillRunning(until: Promise<unknown>): () => boolean {
  const state = { settled: false };
  const stop = () => (state.settled = true);
  until.then(stop, stop);
  return () => !state.settled;
}

/** The widget script's time to first byte, every `SAMPLE_EVERY_MS` until `until` settles. */
async function sampleScript(proxy: ProxyServer, until: Promise<unknown>) {
  const running = stillRunning(until);
  const times: number[] = [];
  const etags = new Set<string>();
  while (running()) {
    const response = await ask(proxy, '/enquiry-form.js', {
      origin: ORIGIN,
      'accept-encoding': 'br',
    });
    if (response.status !== 200) throw new Error(`the script answered ${String(response.status)}`);
    times.push(response.ttfbMs);
    etags.add(response.etag);
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
  }
  return { times, etags };
}

const versionServed = async (proxy: ProxyServer) =>
  (
    JSON.parse((await ask(proxy, '/api/form', { origin: ORIGIN })).body.toString()) as {
      version: number;
    }
  ).version;

/** Each version's first sight in `GET /api/form`, polled every 50 ms until `until` settles. */
async function watchVersions(proxy: ProxyServer, until: Promise<unknown>) {
  const running = stillRunning(until);
  const firstSeen = new Map<number, number>();
  while (running()) {
    const version = await versionServed(proxy);
    if (!firstSeen.has(version)) firstSeen.set(version, performance.now());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return firstSeen;
}

/**
 * Ten versions, one every `SECONDS / (PUBLISHES + 2)` s from the start of the load (the last
 * well inside it), each imported and published into the running proxy's outbox as the CLI does
 * it; when each publish began, by version.
 */
async function publishTen(proxy: ProxyServer): Promise<Map<number, number>> {
  const dir = scratchDir('publish', 'memory');
  const config = JSON.parse(readFileSync(exampleConfigPath('law-firm'), 'utf8')) as {
    caseTypes: { questions: { id: string; label: string }[] }[];
  };
  const conveyancing = config.caseTypes[0];
  if (!conveyancing) throw new Error('the law firm has case types');
  const began = new Map<number, number>();
  const start = performance.now();
  for (let n = 1; n <= PUBLISHES; n += 1) {
    const at = start + (n * SECONDS * 1000) / (PUBLISHES + 2);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));
    // Every enquiry answers the lender question: from version 2 on, there is none.
    conveyancing.questions = conveyancing.questions
      .filter((q) => q.id !== 'lender')
      .map((q) => (q.id === 'notes' ? { ...q, label: `Anything else we should know? (${n})` } : q));
    const file = join(dir, `version-${String(n + 1)}.json`);
    writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
    const store = openSqliteOutbox(join(proxy.dataDir, 'outbox.sqlite'));
    began.set(n + 1, performance.now());
    try {
      const said: string[] = [];
      const io = {
        out: (l: string) => said.push(l),
        err: (l: string) => said.push(l),
        now: Date.now,
      };
      const code = await runOutboxCommand(['form', 'import', file, '--publish'], store, io);
      if (code !== 0) throw new Error(`form import failed: ${said.join('\n')}`);
    } finally {
      await store.close();
    }
  }
  // Until the last is served (the proxy's look every 2 s finds it).
  while ((await versionServed(proxy)) < PUBLISHES + 1)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return began;
}

/**
 * How long after its publish began each version (or a later one, when two fell between two of
 * the proxy's looks) was first served.
 */
function servedAfter(began: Map<number, number>, firstSeen: Map<number, number>): number[] {
  const seen = [...firstSeen].sort(([a], [b]) => a - b);
  return [...began].map(([version, at]) => {
    const first = seen.find(([served]) => served >= version);
    if (!first) throw new Error(`version ${String(version)} was never served`);
    return first[1] - at;
  });
}

/** "all 201", or the statuses seen and socket errors. */
function answered(cell: LoadCell): { text: string; refused: number } {
  const refused = Object.entries(cell.statuses)
    .filter(([code]) => code !== '201' && code !== '202')
    .reduce((sum, [, n]) => sum + n, cell.socketErrors);
  const text = Object.entries(cell.statuses)
    .map(([code, n]) => `${num(n)}× ${code}`)
    .join(', ');
  return { text, refused };
}

export async function publishUnderLoad(): Promise<string> {
  const standIn = await startStandIn();
  const proxy = await startProxyServer(standIn);
  const body = await drawnFromVersion1();
  const load = () =>
    runWrk({
      url: `${proxy.origin}/api/enquiries`,
      body,
      headers: { Origin: ORIGIN },
      connections: CONNECTIONS,
      seconds: SECONDS,
    });
  await runWrk({
    url: `${proxy.origin}/api/enquiries`,
    body,
    headers: { Origin: ORIGIN },
    connections: CONNECTIONS,
    seconds: 3,
  });

  const quietLoad = load();
  const quiet = await sampleScript(proxy, quietLoad);
  const quietCell = await quietLoad;
  const busyLoad = load();
  const publishing = publishTen(proxy);
  const both = Promise.all([busyLoad, publishing]);
  const [busy, firstSeen, [busyCell, began]] = await Promise.all([
    sampleScript(proxy, both),
    watchVersions(proxy, both),
    both,
  ]);
  const served = servedAfter(began, firstSeen);
  const finalVersion = await versionServed(proxy);

  const row = (name: string, cell: LoadCell, script: { times: number[]; etags: Set<string> }) => {
    const { text, refused } = answered(cell);
    return [
      name,
      num(cell.requests),
      text,
      String(refused),
      num(cell.rps),
      num(cell.p50Ms),
      num(cell.p99Ms),
      num(median(script.times)),
      num(quantile(script.times, 0.9)),
      num(Math.max(...script.times)),
      String(script.times.length),
      String(script.etags.size),
    ];
  };
  return `## Publishing under load

Ten publishes of the form while ${String(CONNECTIONS)} connections send enquiries: the proxy as
deployed (its SQLite outbox on disk), \`${quietCell.command}\` sending for ${String(SECONDS)} s the
enquiry of a form drawn from version 1 (\`form_version\` 1, each request with a fresh form token
signed for version 1), and the widget script that carries the form (\`GET /enquiry-form.js\` from
an allowed page, brotli) asked every ${String(SAMPLE_EVERY_MS)} ms, its time to first byte timed
(the time to its headers, each over a new connection). The same load twice, back to
back: without a publish, then with ${String(PUBLISHES)}, one every
${num(SECONDS / (PUBLISHES + 2))} s, each made as \`npm run outbox -- form import <file>
--publish\` makes it, into the running proxy's outbox (\`e2e/bench/publish-load.ts\`). The first
publish removes the question every enquiry answers (\`lender\`); each renames another.

${table(
  [
    'run',
    'enquiries',
    'answers',
    'refused',
    'req/s',
    'p50 ms',
    'p99 ms',
    'script TTFB p50 ms',
    'p90 ms',
    'max ms',
    'samples',
    'script ETags',
  ],
  [row('no publish', quietCell, quiet), row(`${String(PUBLISHES)} publishes`, busyCell, busy)],
)}

The proxy served version ${String(finalVersion)} at the end; each version was served
${num(median(served) / 1000)} s (median; ${num(Math.max(...served) / 1000)} s at most) after its
publish began: the look every 2 s that finds a version published beside the proxy (the studio's
publish on the same instance is served as it returns). An answer to a question the form has
not is refused (\`unknown_question\`), and versions 2 to ${String(finalVersion)} have no
\`lender\` question: each enquiry taken was checked against version 1, the version its token
names. Each version's answers (its JSON, and the
script with it inlined, compressed with brotli at quality 11) are made once, on libuv's threads,
before it is served: the script's requests meanwhile are a lookup, and its ETag changed with
the version served (${String(busy.etags.size)} ETags seen for ${String(PUBLISHES + 1)} versions: two published between two
looks are found, and served, as one).
`;
}
