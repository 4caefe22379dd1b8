/**
 * The two ways a file comes in, side by side: sent ahead by tus (`/api/uploads`, in the widget's
 * 512 KiB PATCHes, answered once stored and checked) and in the multipart body of
 * `POST /api/enquiries` (answered once stored, `DELIVERY_DEADLINE_MS=0`). Eight visitors send a
 * 10 MiB PDF each at once; what is measured is the intake alone: the stand-in is stopped after
 * the warm-up, so no delivery runs beside it (a queued enquiry's attempt fails at once and waits).
 */
import {
  startPostgres,
  missing as postgresMissing,
} from '../../proxy/test/fixtures/postgres-server.ts';
import { median, mib, num, ratio, table } from './report.ts';
import { AT_ONCE, FILE_BYTES, MB, run, WARM_ROUNDS, type Path, type Run } from './intake-run.ts';

const RUNS = 3;
const POSTGRES_RUNS = 2;

const NAMES: Record<Path, string> = {
  'tus-small': 'sent ahead (tus), 16 KiB PATCHes',
  tus: 'sent ahead (tus), 512 KiB PATCHes',
  'tus-whole': 'sent ahead (tus), one PATCH',
  multipart: 'multipart body',
};

const row = (path: Path, runs: Run[]) => {
  const rates = runs.map((r) => (AT_ONCE * FILE_BYTES) / MB / (r.ms / 1000));
  const most = (of: (r: Run) => number) => Math.max(...runs.map(of));
  return [
    NAMES[path],
    runs.map((r) => num(r.ms)).join(', '),
    `**${num(median(rates))}**`,
    runs.map((r) => mib(r.growth)).join(', '),
    `**${ratio(most((r) => r.growth) / FILE_BYTES)}**`,
    mib(most((r) => r.heap)),
    mib(most((r) => r.buffers)),
    num((median(runs.map((r) => r.cpu)) * 1000) / ((AT_ONCE * FILE_BYTES) / MB)),
  ];
};

const HEADERS = [
  'path',
  'batch ms',
  'MiB/s',
  'growth',
  '÷ one file',
  'V8 heap',
  'buffers',
  'proxy CPU ms/MiB',
];

const tableOf = (paths: readonly Path[], runs: Run[]) =>
  table(
    HEADERS,
    paths.map((path) =>
      row(
        path,
        runs.filter((r) => r.path === path),
      ),
    ),
  );

/**
 * The same batches with the outbox in PostgreSQL (a server of the bench's own, a new database
 * for each run), or why there are none.
 */
async function onPostgres(paths: readonly Path[]): Promise<string> {
  const absent = postgresMissing();
  if (absent) return `Not measured on this machine: ${absent}.`;
  const server = await startPostgres();
  try {
    const runs: Run[] = [];
    for (let i = 0; i < POSTGRES_RUNS; i++)
      for (const path of paths)
        runs.push(await run(path, { databaseUrl: await server.createDatabase() }));
    return tableOf(paths, runs);
  } finally {
    await server.destroy();
  }
}

/** The section: both paths, `RUNS` fresh proxies each, alternating. */
export async function intakePaths(): Promise<string> {
  const paths = ['tus-small', 'tus', 'tus-whole', 'multipart'] as const;
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) for (const path of paths) runs.push(await run(path));
  const glibc: Run[] = [];
  for (const path of paths) glibc.push(await run(path, { allocator: 'glibc-default' }));
  const postgres = await onPostgres(paths);
  return `### Files sent ahead beside the multipart body (intake only)

**Method** (\`e2e/bench/intake-paths.ts\`, \`intake-senders.ts\`). ${AT_ONCE} visitors at once each send
a 10 MiB PDF to a fresh proxy process (outbox on disk, \`MALLOC_ARENA_MAX=2\` as the systemd unit
and the image run it): sent ahead by tus as the widget sends it (creation, then PATCHes of 512
KiB, the last answered once the file is stored and checked), in one PATCH as tus-js-client sends
by default, or in the multipart body of an enquiry answered \`202\` once stored
(\`DELIVERY_DEADLINE_MS=0\`). Before the batch, ${WARM_ROUNDS} rounds of a 4 MiB PDF by each path at once,
delivered to the stand-in, which is then stopped, so what runs is the intake alone, in a proxy
whose hot code V8 has compiled. The visitors are \`node:http\` requests over kept-alive
connections, their form tokens fetched and bodies encoded before the clock starts: the bench
shares the proxy's two cores. ${RUNS} runs of each, alternating. "MiB/s" is ${AT_ONCE} × 10 MiB over the
batch's wall time (median of the runs); "growth" is the proxy's peak RSS (\`VmHWM\`, reset before
the batch) over its RSS before it, and "÷ one file" the largest of the runs over 10 MiB. "V8
heap" and "buffers" are the largest growth, over the sample before the batch, of \`heapUsed\` and
\`arrayBuffers\` (the pieces of bodies and files outside V8's heap) in \`process.memoryUsage()\`,
sampled every 5 ms inside the proxy (\`memory-probe.ts\`). "proxy CPU" counts all its threads
(the event loop, libuv's pool writing and syncing, V8's collector); the proxy alone could take
1000 ÷ that many MiB/s per core. Targets: at least 100 MiB/s, at most 1.5× one file.

${tableOf(paths, runs)}

**Diagnostic, not how the proxy runs:** one run of each with glibc's default malloc arenas (no
\`MALLOC_ARENA_MAX\`: eight per core):

${tableOf(paths, glibc)}

**With the outbox in PostgreSQL** (\`DATABASE_URL\`, as several instances share it; ${POSTGRES_RUNS} runs
of each): the bytes go into \`upload_chunks\` and \`file_chunks\` rows of at most 512 KiB in the
transaction that records them, and the checks read them back as a streamed binary \`COPY\`
(\`proxy/outbox/postgres/bytea-copy.ts\`). PostgreSQL (\`fsync=off\`, as the tests run it) shares
the two cores, so the MiB/s are the machine's, not the proxy's:

${postgres}

Each chunk is written by a binary \`COPY … FROM STDIN\` from one 512 KiB buffer per upload or file
being written, reused and kept for the next (\`chunk-buffer.ts\`). In rows of 1 MiB (before
\`8f0f75f\`) a file sent in one PATCH held 22-29 MiB of buffers outside V8's heap for the batch and
the proxy grew by 2.0-2.7× one file, for some 6 % more speed. Before \`e909a19\` the checks read each
chunk back as a 1.3 MiB base64 string (node-postgres gives a \`bytea\` only as text): V8's heap grew
by 48-105 MiB and the proxy by 89-124 MiB for the same batches; before \`61dba4d\` each chunk was
also written as a query parameter, gathered by \`Buffer.concat\` and copied twice more into
node-postgres's message: 31-36 MiB (both measured with other tests running beside).

**Reading it.** What grows is not files held: no file is ever whole in memory, on either path. It
is pieces passing through: each 64 KiB of a request body is a buffer outside V8's heap, freed only
when V8 collects its young generation, which it does by what its heap allocates or once 32 MiB of
such buffers wait; the proxy collects it itself every 4 MiB passed (\`proxy/passing-bytes.ts\`).
"buffers" is what waits in between, and the pieces on their way to disk. What RSS adds on top is
the allocator's: memory freed to glibc and kept for the next request. How much moves from run to
run: over the runs of this work (load average 6-10), eight 10 MiB files at once grew the proxy by
0.02-1.39× one file in 24 runs with two arenas, 0.63-2.18× in 12 with glibc's default; one run
of the diagnostic table says little on its own.

**Issue 55: small PATCHes and a loop of PATCHes at the end of finished uploads** (one run each,
same machine, before and after the change that keeps an unsynced tail's file open and paces
those PATCHes per address). CPU per MiB: one run of \`run('tus-small')\` and \`run('tus')\`
from \`intake-run.ts\` (8 × 10 MiB, SQLite on disk, as above); the loop: \`npx tsx
e2e/bench/empty-patch-loop.ts\` (another visitor's small enquiry, median of 7, alone and while
one address loops empty PATCHes on four finished uploads of a 99-megapixel PNG).

| measure                             | before (2026-11-26 09:40 UTC) | after (10:05 UTC)        |
| ----------------------------------- | ----------------------------- | ------------------------ |
| proxy CPU ms/MiB, 16 KiB PATCHes    | 145.1                         | 128.5                    |
| proxy CPU ms/MiB, 512 KiB PATCHes   | 21.0                          | 18.6                     |
| enquiry alone, median ms            | 33                            | 47                       |
| enquiry during the loop, median ms  | 386 (**11.7×**)               | 65 (**1.38×**)           |
| empty PATCHes answered during the 7 | 258                           | 14                       |
| load average (1 min) before → after | 5.0 → 11.6, 11.5 → 10.1       | 11.5 → 12.5, 12.5 → 10.8 |

A 16 KiB PATCH still costs some 2 ms of fixed CPU (7× the 512 KiB figure per MiB): what is left
is the request itself (Hono and Node's HTTP, the guard's metered body, the response's write to
the socket), two indexed reads of the upload's row, and a
\`statfs\` of the disk for the room check, which looks every time by design (\`upload-room.ts\`).
Sent ahead, a file costs more CPU per MiB in 512 KiB PATCHes than in one: each PATCH is a request,
a sync of the upload's file and a commit of its offset, which is what lets a phone lose at most
one chunk to a dropped connection.

**Before the memory work** (\`37200b1\`, this method, 2026-11-25 11:10 UTC, load average about
1): growth 2.6-3.8× (tus, 512 KiB PATCHes), 1.9-3.7× (one PATCH) and 2.2-4.3× (multipart) one
file, V8's heap and the buffers outside it each 20-32 MiB over their baseline, at 119-127, 165-175
and 159-173 MiB/s and 9.4-10.0, 6.6-7.3 and 6.8-7.1 ms of proxy CPU per MiB. What changed: the
young generation collected every 4 MiB passed (V8 let 32 MiB of dead pieces wait); the PDF scan's
text made 16 KiB at a time (its 192 KiB strings went to V8's space for large objects); the
multipart reader no longer copying each piece; pieces written as they come rather than held in 1
MiB batches (held, they outlived two collections); and two malloc arenas. The cost is in the
threads beside the event loop (the collector's helpers, a write per 64 KiB): 20-60 ms more per
batch, within the runs' spread on the tus paths and some 5-10 % of the multipart path's MiB/s.

**The method before** (until 2026-11-25 11:00 UTC): the visitors were \`fetch\`, which fetched
the form token and encoded the multipart body inside the timed batch, and the warm-up was one
64 KiB PDF. \`fetch\` spent 3× the CPU per request of \`node:http\` (522 ms against 150 for the
batch's 160 PATCHes), which the proxy then lacked, and a proxy whose code was not yet compiled
spent 10.4-10.6 ms per MiB on the 512 KiB path against 9.1-10.3 warm. By it, on today's code at
load average 0.9: 84-96, 120-135 and 106-110 MiB/s (the 77, 112 and 90 of the last stop were at
load 0.9 rising to 2.2).
`;
}
