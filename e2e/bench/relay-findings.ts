/**
 * What `npm run bench -- relay` has shown about where the proxy's CPU goes (issue #61), from
 * profiles and diagnostics run beside it (`profile-stages.ts`, `statement-cost.ts`): written
 * under its figures in BENCHMARKS.md. Measured once and dated, unlike the tables above it.
 */
export const RELAY_FINDINGS = `**Where the proxy's CPU goes** (issue #61): \`BENCH_CPU_PROF=proxy/main npm run bench -- relay\`
(see \`servers.ts\`), the proxy's profile read by \`node --import tsx e2e/bench/profile-stages.ts
<profile> --per <ms>\`: the samples after its first 20 s (tsx compiling the proxy), each in the
stage of its innermost frame that names one, each share times the median CPU per enquiry of
that run. A sample is the main thread's wall time, so a call that hands work to libuv's threads
(the WAL's \`fdatasync\`, a log write) is charged the moment the machine takes the thread away:
the store's and logging's shares hold some of that. Before: f7dace2 and d03b6bf (stop 65) at a
load average of 8 to 14, when absolute figures were about three times a quiet machine's;
3190a82 at a load average of 3.6 to 3.8 (profiled rounds 4.32, 3.78 and 3.03 ms). Then stop 69,
on a machine about four times as fast (the relay 0.30 to 0.35 ms an enquiry, 1.2 before):
3cb52f4 (profiled rounds 1.00, 0.97, 0.96 ms, load 1.6) and 7299547, the log lines written
once per turn (1.09, 1.12, 1.20 ms, load 1.5 to 1.9: a busier run; its logging share is the
comparison that holds).

| stage | f7dace2: 9.37 ms in all | d03b6bf: 7.19 ms | 3190a82: 3.78 ms | 3cb52f4: 0.97 ms | 7299547: 1.12 ms |
| ----- | ----------------------- | ---------------- | ---------------- | ---------------- | ---------------- |
| store: SQLite, group commit, WAL flush | 1.81 (19 %) | 1.47 (20 %) | 1.34 (35 %) | 0.42 (43 %) | 0.44 (39 %) |
| HTTP server and framework (Hono, node-server) | 1.54 (16 %) | 1.29 (18 %) | 0.73 (19 %) | 0.10 (10 %) | 0.15 (13 %) |
| delivery: the attempt, the client, undici | 1.97 (21 %) | 1.47 (20 %) | 0.40 (11 %) | 0.09 (10 %) | 0.14 (13 %) |
| logging (pino, the log sink) | 0.76 (8 %) | 0.58 (8 %) | 0.33 (9 %) | 0.10 (11 %) | 0.05 (4 %) |
| runtime: timers, promises, node internals | 0.68 (7 %) | 0.57 (8 %) | 0.25 (7 %) | 0.04 (4 %) | 0.06 (6 %) |
| intake: take-in, store-checked, aftercare | 0.78 (8 %) | 0.47 (6 %) | 0.21 (6 %) | 0.07 (7 %) | 0.09 (8 %) |
| garbage collection | 0.68 (7 %) | 0.48 (7 %) | 0.15 (4 %) | 0.06 (6 %) | 0.07 (7 %) |
| checks: schema, rules, files | 0.48 (5 %) | 0.38 (5 %) | 0.14 (4 %) | 0.04 (4 %) | 0.05 (5 %) |
| multipart | 0.27 (3 %) | 0.15 (2 %) | 0.08 (2 %) | 0.02 (2 %) | 0.03 (3 %) |
| limits | 0.15 (2 %) | 0.13 (2 %) | 0.07 (2 %) | 0.01 (1 %) | 0.01 (1 %) |
| form token | 0.15 (2 %) | 0.13 (2 %) | 0.05 (1 %) | 0.01 (1 %) | 0.02 (2 %) |
| funnel | 0.10 (1 %) | 0.06 (1 %) | 0.03 (1 %) | 0.01 (1 %) | 0.01 (1 %) |
| origin | 0.01 (0 %) | 0.01 (0 %) | 0.01 (0 %) | 0.00 (0 %) | 0.00 (0 %) |

**A hand-off to libuv's thread pool** costs about 25 µs of CPU on this virtual machine:
20,000 log lines written with \`fs.write\` took 25.7 and 26.8 µs of CPU each, with
\`fs.writeSync\` 1.2 and 1.4. pino's own destination wrote each of an enquiry's four lines
that way (the logging stage of 3cb52f4, and \`LOG_LEVEL=warn\` took 0.74 to 0.84 ms an
enquiry against 0.80 to 1.00); since 2663a66 the lines of one turn of the event loop go in one
synchronous write (\`proxy/log-sink.ts\`; Node writes standard output to a file or a pipe
synchronously itself). Alternated with 3cb52f4 twice (\`npm run bench -- relay\`'s first
table): 0.84 to 0.96 ms an enquiry against 0.89 to 1.10, means 0.90 and 0.98. What still
crosses to the pool: the WAL's \`fdatasync\`, once a commit (1.12 commits an enquiry at 16
connections), which must not block the event loop.

**What changed since d03b6bf** (issue #61; each with its own measure in its commit): the
submission route's CORS headers set before it answers (Hono's \`cors\` copied every answer
into a new \`Response\` twice); the enquiry parsed as JSON once; the form token's HMAC checked
once; the enquiry API client with one timer a call, its answers read in place; the accept
answered from the row its insert returned, and the create recorded in the update that marks an
enquiry without files delivered; the name search indexes without the state (a delivery leaves
them alone); and the visitor who finds the four delivery places taken told \`202 queued\` at once
(the enquiry held in memory for the next free place), so the proxy answers at the rate it
stores, as the relay does, and delivers behind.

**Why the proxy is not at the relay's CPU** (what V8's profile said at stop 79; Linux perf's
account in this section, "Where the gap goes on a core", corrects it: on a core the proxy's store costs no
more than the relay's, and the gap is the features the relay lacks): the store looked two fifths
of it.
\`node --import tsx e2e/bench/statement-cost.ts\` times each SQLite statement in a running proxy
(2026-11-27, 3cb52f4): 21.4 a small enquiry (the spent token, the submission, its receipt and
funnel cell, each in a savepoint of a group commit; the create noted and recorded; delivered;
the funnel's count; the queue's reads), 161 µs at their medians and 243 µs of the event loop in
all, of 0.94 ms of CPU, against the relay's two, on a \`submissions\` table with 18 indexes (the
console's searches, 4 on expressions of the enquiry's JSON; a delivery rewrites the entries of
5, those on the state and on when it was delivered) against none. The commit takes 36.5 µs at
its median and 87.5 on average (1.12 an enquiry: at 16 connections few enquiries share one),
the insert 25 µs, the delivered update 27. The relay records none of a delivery's steps. The
HTTP layer builds Node's web \`Request\` for every request; the proxy makes about 225
promises an enquiry (counted with \`async_hooks\`: a tenth of them the multipart reader's
lookahead, a twentieth the group commit's flush), the relay a few. The checks themselves (token,
origin, limits, funnel, the schema and rules) are under a tenth.

**The yardstick flushed** (stop 70): until then the relay committed with \`synchronous =
NORMAL\`, its WAL left in the system's cache (a power cut loses what it acknowledged), on the
reasoning that an fsync takes little CPU. It takes a good deal here: an \`fdatasync\` of a small
write costs 55 to 63 µs of CPU (49 to 51 of them the kernel's), the same through Node's thread
pool 120 to 134 µs (\`fs.writeSync\` + \`fdatasync\`, then \`FileHandle.write\` + \`datasync\`, 2,000 of
each on the disk under \`/var/tmp\`, quiet). Flushing each commit, as #61's "written to disk
before a 202" asks and the proxy does, took the relay from 0.31 to 0.35 ms an enquiry to 0.56 to
0.65 (two runs, 2026-11-27 06:27 and 06:31 UTC), and its rate from about 4,600 a second to 1,960
to 2,130, at or below the proxy's 2,140 to 2,300: the proxy's group commit shares one flush among the writes of several
enquiries (1.11 commits an enquiry), the relay flushes once for each. Both figures are printed.

**Tried at stop 71 and not kept** (prototypes, each alternated with the code as it is in
\`node --import tsx e2e/bench/statement-cost.ts 16 8\`, one run each; this session's runs of the
code as it is gave 0.82 to 0.92 ms an enquiry, so a change under a tenth is within the noise):
- *A commit delay*, as PostgreSQL's \`commit_delay\`: each commit at least 1 or 2 ms after the one
  before, so more writes share it. Commits an enquiry fell only from 1.14 to 0.98 to 1.01, and CPU
  rose to 0.96 to 1.03 ms: a delivery's writes follow one another (claimed, create recorded,
  delivered), each now waiting its turn, so the outbox drained slower after the load, with 2.3
  writes a commit. Delayed only when the last commit carried four writes or more: 0.93 and 0.94
  commits an enquiry, 0.83 and 0.79 ms against 0.86 and 0.82; at eight or more it never
  triggered. Four per cent at best, and a millisecond more before every visitor's answer when
  busy: not kept.
- *Fewer bytes to the disk.* The proxy writes 88 KiB in 44 calls an enquiry, the relay 20 KiB in
  11 (the line under the table above, and \`statement-cost.ts\`): each commit writes every page
  it changed to the WAL (a header and the page, two calls a frame) and the checkpoint copies
  them into the database, and an enquiry changes a page of each of the 18 indexes. With 1 KiB
  pages: 39 KiB but 67 calls (the enquiry's JSON spills over a page), 0.88 ms against 0.84;
  a checkpoint every 10,000 frames instead of 1,000: 76 KiB in 41 calls, 0.84 ms; both: 34 KiB
  in 62 calls, 0.81 ms. The CPU did not follow the bytes; SQLite's defaults kept.

**Where the rest goes: the backlog after the load** (stop 72). In a run of this benchmark with
the proxy's CPU read before and after each wait (2026-11-27 12:12 UTC), the proxy took 9.7 to
12.1 s after the 8 s of load to deliver what it had taken, and spent 5.5 to 7.1 s of CPU there:
two fifths of its CPU an enquiry. The relay drained in 3.6 to 4.3 s with 2.7 to 3.1 s. The
proxy sends four enquiries to the platform at once, by design (a firm's WordPress serves each
with a PHP worker); three quarters of a burst's enquiries find the places taken and wait in the
outbox. The first 256 wait in memory with their lease; the rest are given back to the queue (a
write) and claimed again as places free (a write and two reads), and each delivery in the
drain meets its three writes (claimed, step noted, delivered) in small group commits. Measured
with \`statement-cost.ts 16 8\`, prototypes alternated with the code as it is (two runs each):
- *Sixteen places* (the relay's number): 0.66 and 0.72 ms an enquiry against 0.83 and 0.84;
  0.32 commits an enquiry against 1.13, 15.3 statements against 21.3, 58 KiB written against
  88. But every visitor then waits for the platform's answer, and 1,430 to 1,550 enquiries a
  second are taken instead of 2,200 to 2,300: not kept. The relay with four places instead of
  sixteen: 0.58 to 0.63 ms, as with sixteen (0.51 to 0.66): its cost does not depend on it.
- *Every waiting enquiry held in memory* (no cap of 256): 0.73, 0.74, 0.77, 0.78 ms against
  0.83 to 0.85; 16.0 statements, 0.80 commits, 68 KiB. The cap is what bounds a flood's memory
  (an enquiry part may be 256 KiB), so not kept as it is. **Kept instead** (\`6ae4c02\`): past the
  first 256, up to 65,536 wait by their lease alone and are read again when their turn comes
  (a read, no write; where one process owns the outbox): alternated four times with the rule
  before, 0.72 to 0.78 ms (median 0.755) against 0.75 to 0.88 (0.79); 18.9 statements against
  21.3, 0.79 commits against 1.13, 66 KiB written against 86.
- *Claiming 64 at once* when the held ones run out, with enquiries past the cap stored without a
  lease (no give-back write): 0.78 and 0.83 ms; commits fell to 0.80, the CPU within the noise.
- _A narrow delivery queue beside the lead_ (issue #77: due time, lease, step, attempts, one
  index, written at acceptance and deleted at delivery, the lead's row written only when what
  the console shows changes). Tried first as a prototype on a real outbox (\`node --import tsx
  e2e/bench/queue-apart.ts 20000 6\`: the proxy's migrations and accept, 20,000 leads, a
  delivery's writes as the proxy writes them, alternated in turns of 500, 2026-11-27 at a load
  average of 15 to 19): 520 µs of CPU an enquiry against 459 on the lead's row (1.13×) at one
  commit an enquiry, 37.3 KiB to the WAL against 29.1; 1,278 against 1,075 µs (1.19×) and 53.3
  KiB against 37.9 at a commit a write. SQLite rewrites only the indexes whose columns an update
  changes: the claim and the step noted change no indexed column of the lead's, so they rewrite
  its row's page alone, as they would the queue's; the state the console shows changes at
  delivery either way, with its indexes; and the queue adds a row, an index entry and their
  delete. Not built: it costs the SQLite outbox more than it saves, on the measure the target
  is on. (On PostgreSQL an update that changes no indexed column is a HOT update when its page
  has room, so the same holds there while the table's pages keep room; not measured.)
- The wait of this benchmark itself: \`/admin/status\` asked every 50 ms during the drain, each a
  count of the outbox, was 3.1 s of the proxy's 58 s of CPU in a profile of a whole run; since
  stop 72 the wait asks the stand-in's counts instead (see the method).

**What #76 added, and what came back** (2026-11-28, a load average of 9 to 23 on the two shared
cores: other engineers' benchmarks and suites). From 1.28× (after \`6ae4c02\`) the ratio went to
1.41× (\`febdab4\`). \`statement-cost.ts 16 8\`: 19.1 statements and 0.79 commits an enquiry at
\`6ae4c02\`, 24.0 and 1.09 on \`febdab4\`. What came with the extra: \`6cea846\` (#76 item 4) recorded
every create alone before the delivery's end, so a small enquiry's delivery wrote its row twice
(an update, a savepoint and its release more, and on SQLite, where a record is a write in the
next group commit like any other, the end waiting for the commit after the record's, with its
WAL flush); every delivered end read its files' names (2.5 µs); and \`82ef211\`'s outage row is
read at each look at the queue (0.54 an enquiry, 13 µs). \`0b0d7b1\`'s room forecast is not on the
way of an enquiry (\`/admin/status\`, \`/readyz\` and the alerts' loop; its week's rate read once in
10 minutes), nor is \`977da81\`. **Kept:** on SQLite an enquiry with no file to send has its create
recorded by the delivery's end again, one update (\`recordsWithWrites\`; PostgreSQL, and any
enquiry with a file, keep 6cea846's record alone and first): a small enquiry's delivery writes,
four at once on an outbox on disk, 16 rounds of 800 alternated in one process, 321.6 → 258.8 µs
of CPU (medians), and 0.94× main's CPU an enquiry under \`wrk\` in six paired rounds (0.84 to 1.29:
the noise of that load). A held claim read again in one read of its row with the hold's check
(was a check, then the row): 23.4 → 19.6 µs, 20 rounds of 3,000 alternated.
`;
