/**
 * What the slowest requests at 64 connections wait for (issue #77), from diagnostics run beside
 * `npm run bench -- relay`: written under its figures in BENCHMARKS.md, after `RELAY_FINDINGS`.
 * Measured once and dated, unlike the tables above it.
 */
export const TAIL_FINDINGS = `**What the slowest 1 % wait for** (issue #77; 2026-11-28 04:10 to 04:40 UTC, a load average
of 9 to 20 on the two cores from other engineers' suites and benchmarks, so the milliseconds are
this machine's and the shares are the finding). Rounds of 10 s at 64 connections against proxies
started side by side on one stand-in, alternated, with a preload that timed every request inside
the proxy (from the HTTP server's \`request\` event to the answer's last byte, through an
\`AsyncLocalStorage\`) and the group commit stamping each write: asked, its batch begun, its
batch committed, its flush done (a temporary instrumentation, not kept). Then the requests sorted
by their time, the median band (45th to 55th percentile) against the slowest 1 %, over ten
windows of 10 s (the slowest in nine: one mixed in requests of several writes):

| where the time went, ms                                   | median band | slowest 1 % |
| --------------------------------------------------------- | ----------- | ----------- |
| in all, inside the proxy                                  | 32 to 58    | 174 to 409  |
| before its write is asked (multipart, checks)             | 0.4 to 1.5  | 0.5 to 40   |
| its write waiting for its batch (the flush under way)     | 12 to 26    | 71 to 234   |
| its batch, one transaction on the event loop              | 4.3 to 10   | 16 to 96    |
| its own flush (the WAL's \`fdatasync\`, on libuv's threads) | 4.7 to 13   | 4.6 to 97   |
| from the flush to the answer's last byte                  | 3.1 to 8.5  | 6.8 to 45   |

**The tail is the flush:** a visitor's write waits for the flush under way, then its batch, then
its own flush, and the waits for flushes are what grows: the largest share of the slowest 1 %
in every window. The WAL's \`fdatasync\` took 4.8 to 22 ms at its median in these windows and 63
to 312 at its 99th percentile; a 4 KiB write and \`fdatasync\` on
the same disk took 0.2 to 0.3 ms at the median, so what a flush waits for is the 30 or so
enquiries' pages of each commit (73 KiB an enquiry written, the table above) and the disk's
other tenants. The client's p50 was 44 to 95 ms, 12 to 37 more than the median band's time
inside: what a request waited in its socket for the loop's turn. **The event loop:** the
group commit's batches held it 1.3 to 2.6 s of each 10 s (33 writes a batch on average, up to
69; 4.0 to 5.3 ms a batch at the median, 5.4 to 8.1 on average: a third of the loop's running
time); its delay's 99th percentile was 38 to 123 ms, its longest 150 to 280. The main thread waited for a core (\`/proc/<pid>/task/<pid>/
schedstat\`) 3.3 to 6.0 s of each 10 s: wrk, the stand-in taking the deliveries and the proxy
share the two cores. SQLite's automatic checkpoint (every 1,000 WAL pages) runs inside a commit,
on the event loop, with its own fsyncs: with \`wal_autocheckpoint = 0\` in one of the proxies
(two rounds, nothing checkpointed in the load) a batch held the loop 5.4 and 5.7 ms against 7.1
and 8.1, its 99th percentile 25 and 51 against 36 and 85; the client's p99 266 and 285 ms against
275 and 482. Logging is one synchronous write a turn to a file on tmpfs (\`proxy/log-sink.ts\`),
and TLS ends at nginx in front (\`deploy/nginx.conf\`): neither is on this path.

**Garbage collection, and the young generation** (kept: \`--max-semi-space-size=64\`). In the
proxy the scavenges took 60 to 142 ms of the event loop per 1,000 enquiries, 13 to 18 of them, at up
to 66 ms each; the relay's took 30 (42 scavenges, 79.5 ms in all, at 265 enquiries a second in
this benchmark's run of 04:32, the new columns of the tail's table). What a scavenge costs is
what survives it: at Node's default of 16 MiB the young generation filled about every 70 ms, about
a request's own time in the proxy, so each scavenge copied every request still open. With
\`--max-semi-space-size=64\`, six rounds alternated with the default (\`NODE_OPTIONS\` in each of
two proxies side by side): scavenges 3 to 8 per 1,000 enquiries against 13 to 18, and 23 to 72 ms
of the loop per 1,000 against 60 to 142 (medians 40 and 96); major collections 0 to 3 a round
either way, the longest 33 to 90 ms against 21 to 89; CPU per enquiry during the load 0.57 to
0.75 ms against 0.60 to 0.76 (medians 0.60 and 0.70); peak RSS 303 MB against 306 over a whole
run (the same rounds). p99 at 64 connections, default / 64 MiB: 272 / 156, 239 / 224, 161 / 393, 610 / 445, 406 /
199, 210 / 220 ms (medians 256 and 222), p50 46.9 / 42.7, 47.7 / 48.1, 45.4 / 67.5, 68.6 / 64.7,
59.6 / 51.0, 58.4 / 55.9: lower in four rounds of six, within this machine's noise. 32 MiB: 46
to 60 ms per 1,000 (three rounds). Kept at 64 for what it takes off the event loop, with no cost
measured; the unit, the image and \`npm run proxy\` start \`node\` with it, and the benchmarks
start the proxy as deployed (\`e2e/bench/servers.ts\`; the relays keep Node's defaults), all
held to \`proxy/test/fixtures/node-flags.ts\` by \`demo/readme/deploy.test.ts\`. Uploads do not
grow the young generation: eight 10 MiB files at once as multipart (\`run('multipart')\` of
\`intake-run.ts\`, two rounds alternated, 05:17 UTC, load 5 to 9), the proxy grew 10.4 and 0.2
MiB with it against 0.3 and 6.7 without, V8's heap 4.5 and 3.6 MiB against 3.4 and 2.1.

**Left:** the flushes. A write asked while a flush runs waits for that flush before its own
commit; committing it at once and starting its own \`fdatasync\` beside the one under way (two
in flight) would take the first wait off (a 4 KiB write and flush, 200 times: 0.56 and 0.23 ms
each with two in flight against 0.76 and 2.26 one after the other), at the price of more commits
and flushes an enquiry, which is the CPU row's measure: not tried. Fewer bytes a commit (the
store's indexes, stop 71's page size) and a checkpoint off the event loop (a second connection
on a worker thread, \`wal_checkpoint(PASSIVE)\`) are the other two. The delivery drain's share of
the loop was not told apart from the accepts': its writes go in the same batches.`;
