/**
 * What `npm run bench -- upload` has shown about files sent end to end (issues #61 and #77),
 * from profiles and alternated runs beside it: written under its figures in BENCHMARKS.md.
 * Measured once and dated, unlike the table above it.
 */
export const UPLOAD_FINDINGS = `**What limits it** (issue #61 asks for 100 MiB/s at most 1.5× one file). On this stop's
machine (2026-11-27, about four times as fast as the one before) runs of this benchmark alone
gave 82 to 107 MiB/s end to end (40 on the machine before), the last answer at 580 to 900 ms,
both servers at 6 to 7 ms of CPU per MiB; growth 0.00× to 2.6× one file, garbage V8 had not
collected when the peak was read (the forced-collection diagnostic in "Upload path" above), not
bytes the proxy holds: within 1.5× in 8 of 22 runs. Since 556ebad the delivery reads each file
into one buffer rather than a buffer per 192 KiB piece: within 1.5× in 18 of 20 runs (0.00× to
1.94×), MiB/s unchanged (91 to 107, median 98). Not met reliably on either count. The machine is the limit: the visitor's
side (this benchmark's \`fetch\`), the proxy and the stand-in share two cores, and the columns
on the event loops say so: the proxy's waited for a core a quarter to a third of the run, and
slept the rest, waiting for its bodies and for the stand-in. Where the CPU goes
(\`BENCH_CPU_PROF=proxy/main\`, then \`enquiry-api/main\`, the run's last 0.9 s): the proxy's
spool (SHA-256 of every byte, the batch copied and handed to the disk's thread) a quarter of
its busy time, the delivery's BASE64 and reading the file back a tenth, the collections of
the young generation every 4 MiB that keep its memory flat (\`passing-bytes.ts\`) about 10 %,
the socket writes of 107 MB of BASE64 another tenth; the stand-in's storing of each 10 MB BLOB
in SQLite 15 to 20 ms a file (two fifths of its busy time; a platform on WordPress writes a file
to disk instead) and its collections 12 %. This stop took from the stand-in: the inbox's listing
reading every file's pages (its bytes stored before its size and digest: 9.9 ms a listing of
nine files, polled every 20 ms here), the check of the alphabet by encoding back, and the
copies of each file in pieces and at its padding (its upload reader from 0.81 to 0.47 ms of CPU
per MiB). 100 MiB/s is 0.8 s for the 80 MiB: two servers at 6 ms a MiB are 1 s of CPU, so it
needs the visitor's side elsewhere or each server nearer 4.

**Issue #77** asks for the multipart path to stream as the tus path does. It does already: the
body is read as it arrives, each file part written to the spool in pieces as they come (hashed
on the way), never held whole; and the intake alone ("Files sent ahead beside the multipart
body" above) takes a multipart body at less of the proxy's CPU per MiB than the tus path (4.00
against 5.12 to 6.50 ms in stop 72's quiet runs). In a profile of the proxy over the last 2.7 s
of a run at a load average of 15 (2026-11-27, \`BENCH_CPU_PROF=proxy/main\`, 31.7 MiB/s) the
multipart reader took 28 ms, the spool's copies 42 and its SHA-256 61: about a tenth of the
proxy's busy time. The delivery's BASE64 (164 ms: each 48 KiB made a string, then written into
one buffer), its socket writes (145 ms) and the young generation's collections (158 ms) are
more; and the hand-offs to libuv's threads (the spool's writes, 314 ms, the delivery's reads,
129 ms) were charged the time the machine took the event loop away from them, the loop waiting
for a core 41 to 59 % of the run. So the MiB/s of this table is the machine's share for three
processes on two cores, not the intake's: nothing changed on the multipart path.

**Issue #77's CPU per MiB** (2026-11-28): each change run alternately with the code
before it, a pair of runs each, three times back to back, medians, the machine at a load
average of 13 to 20 (\`/proc\` user and system time of each process, its event loop's from
\`schedstat\`). The stand-in keeps each file's bytes in a file beside its row (as WordPress
keeps an upload on disk) instead of a 10 MB BLOB in SQLite: 6.25 ms of CPU per MiB from 8.44;
and decodes each chunk's BASE64 from one text cut from the chunk (no joined copy, the URL-safe
characters looked for in the bytes): its event loop 4.37 ms per MiB from 4.63, the process
6.13 from 6.25. The proxy stays at 8.8 to 9.1 ms per MiB at that load (7.5 to 7.9 at a load of
2 to 3): 5.9 of it user time, 2.9 the kernel's (the loopback sockets both ways, the spool's
writes and its \`fdatasync\`, the reads back), 5.5 on the event loop. Tried and left out, no
better than the noise or worse: the delivery reading 768 KiB at a time with one BASE64 string
per piece (Node makes a string that long outside V8's heap: 11.5 to 14.1 ms per MiB, memory
3.6× to 6.7× one file, each 1 MiB buffer fresh memory for the kernel to zero); 768 KiB reads
sent 256 KiB at a time (9.06 against 9.13, memory up to 2.95×); the spool writing 1 MiB at a
time rather than 256 KiB (8.75 against 8.88, its loop 5.50 against 5.54). Node 20 has no
encoder from bytes to BASE64 bytes (a buffer's \`write\` with \`'base64'\` decodes; encoding
only makes a string), and one in JavaScript into a buffer made beforehand (a 4,096-entry table,
two characters a write) took 1.32 ms per MiB against 0.80 for the 48 KiB strings the delivery
makes now. In the proxy's profile (\`BENCH_CPU_PROF=proxy/main\`, load 3.5, 1,105 ms busy over
the run) the spool took 304 ms (its SHA-256 102, 0.6 ms per MiB alone; the hand-offs of its
writes to libuv 128), the delivery 204 (its reads' hand-offs 153, BASE64 20), the socket writes
122, the young generation's collections 104: no one piece left to take. So 100 MiB/s is still
missed, and why: the two servers need 8.9 + 6.1 = 15 ms of CPU per MiB, 1.2 s for the 80 MiB,
beside the visitors' side, on two cores that must give it all in 0.8 s; it needs the machine
to itself and each server nearer 4 ms a MiB, which the proxy's kernel time alone (2.9) and its
SHA-256, socket and disk hand-offs leave out of reach in this design.

The run of 2026-11-26 13:36 UTC, every step of each file timestamped (the machine before, load
average 10 to 11, 13.0 MiB/s): the eight bodies came in together over the first 3.2 s; the
PNG's check took 5 to 240 ms (sharp in the proxy, no sandbox process); each delivery was claimed
10 to 60 ms after its enquiry was stored, woken, never a poll tick; create answered, then 25 to
100 ms for its record and the upload's note to be flushed; four uploads run at once and the
other visitors are told "queued" at once, their deliveries following as places free; each
upload streamed in 0.8 to 1.6 s. Nothing waited on a timer or a poll.

**Issue #77, by stage, the kernel and every thread counted** (2026-11-28, 04:10 to 04:35 UTC,
load average 8 to 17 from others' work on the machine). V8's \`--cpu-prof\` samples the main
thread's wall time: it charges a hand-off to libuv's threads with the time the machine took the
thread away, and sees neither the kernel nor the other threads. So both servers were sampled by
\`perf record -F 1999 -g -p <proxy>,<stand-in>\` over the timed batch (\`NODE_OPTIONS=--perf-basic-prof\`
naming the JavaScript frames; \`perf script\`, each sample put in a stage by its frames, leaf
first), and each process's CPU split by thread from \`/proc/<pid>/task/*/stat\`. The proxy as this
benchmark ran it until now (one 256 KiB warm-up, \`fetch\` visitors; 1,655 samples, 10.3 ms per
MiB): JavaScript not yet optimised (the interpreter, baseline code and V8's runtime, 8 of
the 26 under Node's HTTP parser) 26 %, V8's compiler 10 %, the kernel's file work (the spool's writes,
\`fsync\`, the reads back) 13 %, its TCP over loopback 7 %, waking and switching threads (the
hand-offs to libuv's pool) 8 %, other kernel work 4 %, SHA-256 5 %, SQLite 5 %, garbage collection
5 % (three quarters of it the forced scavenges of \`passing-bytes.ts\`), copies (\`memcpy\`) 5 %,
the BASE64 encoding itself (simdutf) 1 %. Warmed (three rounds of eight 2 MiB files first,
\`node:http\` visitors; 885 samples, 6.6 ms per MiB by \`/proc\`): the kernel two fifths (file work
18 %, TCP 9 %, thread wake-ups 8 %, the rest 6 %), V8's compiler still 13 % (on its own threads),
JavaScript not yet optimised 11 %, copies 7 % (half of them the BASE64 text's: Node encodes into
a buffer, copies that into a V8 string, and the delivery copies the string into the body's
buffer), SHA-256 7 %, SQLite 5 %, collections 4 %, libvips reading the PNG for its check 3 %, the
multipart reader's boundary search 1 %, BASE64 1 %. By thread, over the runs: the event loop
2.8 to 5.8 ms per MiB in user time (the cold runs the most) and 0.75 to 1.5 in the kernel, the
other threads (libuv's pool writing, syncing and reading; V8's compiler and collector) 2.5 to 3.3. The stand-in warmed (851
samples, 5.4 ms per MiB): collections 26 % (a tenth of its CPU the marking and sweeping of full
collections: each upload's 10 MiB decoded buffer outlives the scavenges and counts as external
memory, which starts them), Node's HTTP parser and the JavaScript under it 14 %, the kernel's file
work 13 %, SHA-256 for its inbox 11 %, V8's compiler 11 %, copies 7 %, BASE64 decoding 5 %. Its
event loop slept 31 to 65 % of each run: it is not what the batch waits for. And the visitors:
\`fetch\` posting a \`FormData\` took 5.9 to 9.2 ms of CPU per MiB in the bench's process, more than
the stand-in, on the same two cores; \`node:http\` with the body encoded beforehand 0.9 to 2.5.

**So the method changed** (the "Method" above): the visitors are \`node:http\` with their bodies
encoded before the clock, as the intake bench's have been since 2026-11-25 (a browser posting the
page without JavaScript, or a site's server, spends its CPU elsewhere), and two rounds of eight
4 MiB files warm the servers up first (as \`intake-paths.ts\` does), so V8's first compiles of
the path are not counted as its cost. Nothing in the proxy or the stand-in changed. The two
methods alternated on the same code (main at 27af4bd against this one), three rounds of the two
runs each, load average 10 to 17: end to end 38.8, 37.4 / 37.9, 44.5 / 13.8, 25.4 MiB/s before
(median 37.7) against 55.5, 43.6 / 53.3, 17.7 / 40.7, 34.2 (median 42.2); proxy CPU per MiB
median 8.31 (7.75 to 9.00) against 7.31 (6.25 to 8.37); stand-in 5.94 (5.50 to 6.38) against
5.50 (4.87 to 6.75); the visitors 1.32 (0.91 to 2.49); growth 0.00× to 0.65× one file against
0.05× to 1.20×.

**Tried and not kept** (alternated pairs, \`/proc\` CPU over the batch, warmed, \`node:http\`
visitors, load 9 to 17): the stand-in reading its upload body from Node's request
(\`c.env.incoming\`) rather than the web stream, with a limit of its own for a declared length so
that Hono's \`bodyLimit\` would not make the web request (whose stream pulls the first chunk at
once): stand-in 6.63, 7.13, 7.38 ms per MiB against 7.00, 6.50, 5.88 before, no better (Node's
async iterator over the request costs about what the web stream did). The delivery's reads of
the file without the forced scavenge every 4 MiB (its pieces share one buffer, so they leave
nothing to collect; the BASE64 text does): proxy 7.75, 6.38, 8.00 against 7.25, 7.38, 7.88,
growth 1.22×, 0.17×, 1.10× against 0.98×, 0.58×, 1.22×: within the noise.

**V8's compiler and the interpreter in the timed batch** (2026-11-28, 08:07 UTC, load average 1.6
to 2.5; main at 47ca0ec, this benchmark's two runs with \`--trace-deopt\`, then \`--trace-opt\`,
added to the proxy's flags in \`node-flags.ts\` for the run only). Nothing in the path deopts
over and over: 19 and 24 bailouts in a whole run, all in the start (tsx's parser, module loading)
or the warm-up, none after it. But 29 and 32 functions were first optimised by
TurboFan during the timed batch, after the two warm-up rounds of eight 4 MiB files: the
per-piece path itself (\`readPieces\`, \`encoded\` and \`base64Of\` of the delivery, the multipart
reader's \`#piece\` and Node's \`indexOf\` under it, Node's \`parserOnBody\`, \`Readable.push\`,
\`fsCall\`). V8 tiers a function up by the bytecode it has run, and these run once a 64 KiB or
192 KiB piece: 30 MiB of warm-up is a few hundred calls each, not enough. So the profile's
compiler (13 %) and unoptimised JavaScript (11 %) are largely this benchmark's short life, not
a proxy that has run a while; a longer warm-up would say how much (not changed here: the
lead's method). Plain runs of the same code beside them: proxy 9.00 and 8.00 ms of CPU per
MiB, stand-in 6.50 and 5.00, 89.7 and 71.3 MiB/s.

**What is left.** Warmed, the two servers need 6.3 to 8.4 + 4.9 to 6.8 ms of CPU per MiB and the
visitors about 1: 12 to 16 ms, 1.0 to 1.3 core-seconds for the 80 MiB, 0.5 to 0.65 s on two free
cores; 100 MiB/s is 0.8 s, so it is within reach only when the benchmark has the machine mostly
to itself (at this session's load the event loops waited for a core 44 to 63 % of each run). In
the proxy the kernel's two fifths are the design (the spool written and synced before the
answer, read back to be sent; two loopback sockets), SHA-256 names each file in its record,
idempotency key and webhooks, and no single stage is over a seventh; the next would be the
BASE64 text's two copies (about 4 %), which need an encoder from bytes into a buffer that Node 20
does not have (an encoder in JavaScript was slower, above). The proxy runs under tsx here
(\`servers.ts\`), as \`dist/proxy/main.js\` where deployed: warmed, that changes nothing measurable
(three alternated pairs, \`npm run build:proxy\` first, load 17 to 19: 6.75, 7.00, 8.13 ms per MiB
under tsx against 6.63, 7.38, 7.88 built).
`;
