/**
 * Two weeks of a busy firm's leads waiting out a platform down (issue #76): the stand-in answers
 * every call 503 while the leads, half of them with a photo and a PDF, are written to a proxy's
 * outbox on disk; then it answers again and the proxy drains them by itself. The time each half
 * took, the disk the outbox used at its fullest against what the proxy's forecast said it would
 * (`outbox/room-forecast.ts`), the proxy's memory, and how long after the return the first lead
 * reached the platform (the outage's probe, every 30 s at most, finds it back).
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LEAD_OVERHEAD_BYTES } from '../../proxy/outbox/room-forecast.ts';
import { adminStatus } from '../../proxy/test/fixtures/proxy-env.ts';
import { sampleFiles } from '../../proxy/test/fixtures/proxy-harness.ts';
import { memory, resetPeak } from './processes.ts';
import { mib, num, table } from './report.ts';
import {
  createBody,
  submissionEachFresh,
  submissionForm,
  submit,
  type BenchFile,
} from './requests.ts';
import { createdOn, outboxDrained, startProxyServer, startStandIn, until } from './servers.ts';

/** A busy firm's rate, stated: 100 leads a day, every other one with its files. */
const LEADS_A_DAY = 100;
const DAYS = 14;
const LEADS = Number(process.env.BENCH_OUTAGE_LEADS ?? LEADS_A_DAY * DAYS);
const KIB = 1024;
/** What a visitor attaches: a phone's photo and a scanned letter. */
const FILES: readonly BenchFile[] = [
  { name: 'photo.jpg', bytes: sampleFiles.jpeg(1024 * KIB) },
  { name: 'letter.pdf', bytes: sampleFiles.pdf(256 * KIB) },
];
/** Visitors sending at once while the platform is down. */
const SENDERS = 4;

/** Bytes under `dir`, every file of every folder. */
function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? bytesUnder(path) : statSync(path).size;
  }
  return total;
}

const setFaults = (origin: string, faults: Record<string, unknown>) =>
  fetch(`${origin}/__control/faults`, { method: 'PUT', body: JSON.stringify(faults) });

export async function outageDrain(): Promise<string> {
  const standIn = await startStandIn();
  await setFaults(standIn.origin, { failRate: 1, failStatus: 503, retryAfterSeconds: null });
  const proxy = await startProxyServer(standIn);
  const pid = proxy.child.pid;
  const emptyBytes = bytesUnder(proxy.dataDir);
  resetPeak(pid);

  // Down: every lead stored and answered, none sent. Tokens as the proxy issues them (asked of
  // it, a thousand in a minute from one address would be refused as a bot's).
  const tokens = (await submissionEachFresh()).token;
  if (!tokens) throw new Error('no form tokens');
  const writeStarted = performance.now();
  const statuses = new Map<number, number>();
  let next = 0;
  const sender = async () => {
    for (let n = next++; n < LEADS; n = next++) {
      const files = n % 2 === 0 ? FILES : [];
      const { status } = await submit(proxy.origin, submissionForm(tokens.issue(), files));
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: SENDERS }, sender));
  const writeSeconds = (performance.now() - writeStarted) / 1000;
  if (statuses.get(202) !== LEADS)
    throw new Error(`not every lead was stored: ${JSON.stringify([...statuses])}`);
  const written = memory(pid);
  const fullBytes = bytesUnder(proxy.dataDir) - emptyBytes;
  const { outbox } = await adminStatus<{ outbox: { queued: number } }>(proxy.origin);
  const createdWhileDown = await createdOn(standIn);

  // Back: nobody acts; the proxy finds it and sends everything, oldest first.
  resetPeak(pid);
  await setFaults(standIn.origin, { failRate: 0 });
  const back = performance.now();
  let firstSeconds = NaN;
  await until('stand-in', async () => {
    const created = await createdOn(standIn);
    if (created > createdWhileDown && Number.isNaN(firstSeconds))
      firstSeconds = (performance.now() - back) / 1000;
    return created >= LEADS || `${String(created)} of ${String(LEADS)} created`;
  });
  await outboxDrained(proxy.origin);
  const drainSeconds = (performance.now() - back) / 1000;
  const drained = memory(pid);
  const afterBytes = bytesUnder(proxy.dataDir) - emptyBytes;
  await proxy.child.stop();
  await standIn.child.stop();

  const withFiles = Math.ceil(LEADS / 2);
  const fileBytes = withFiles * FILES.reduce((sum, file) => sum + file.bytes.byteLength, 0);
  const answers = [...statuses].map(([status, count]) => `${String(count)} × ${String(status)}`);
  const results = table(
    ['', 'figure'],
    [
      ['leads written while the platform answered 503', `${String(LEADS)} (${answers.join(', ')})`],
      [
        'time to write them (4 visitors at once)',
        `${num(writeSeconds)} s (${num(LEADS / writeSeconds)} leads/s)`,
      ],
      ['created on the platform meanwhile', String(createdWhileDown)],
      ['waiting when it answered again', String(outbox.queued)],
      ['outbox on disk at its fullest', mib(fullBytes)],
      ['of which the files as sent', mib(fileBytes)],
      ['per lead besides its files', `${num((fullBytes - fileBytes) / LEADS / KIB)} KiB`],
      [
        'the forecast’s allowance besides its files',
        `${num((createBody().bytes.byteLength + LEAD_OVERHEAD_BYTES) / KIB)} KiB (its text, and \`LEAD_OVERHEAD_BYTES\`)`,
      ],
      ['proxy RSS after writing them (peak)', `${mib(written.rss)} (${mib(written.peak)})`],
      ['first lead on the platform after its return', `${num(firstSeconds)} s`],
      [
        'every lead on the platform, the outbox empty',
        `${num(drainSeconds)} s (${num(LEADS / drainSeconds)} leads/s)`,
      ],
      ['proxy RSS after the drain (peak during it)', `${mib(drained.rss)} (${mib(drained.peak)})`],
      ['outbox on disk after the drain', mib(afterBytes)],
    ],
  );

  return `## Two weeks of leads waiting

A busy firm's two weeks of leads written to the outbox while its platform is down, then drained
when it is back (issue #76). The rate assumed: **${String(LEADS_A_DAY)} leads a day**, every other one
with a ${num(1024)} KiB photo and a ${num(256)} KiB PDF, so ${String(DAYS)} days are ${String(LEADS_A_DAY * DAYS)} leads
(this run: ${String(LEADS)}; \`BENCH_OUTAGE_LEADS\` chooses). The stand-in answers every call 503
(\`PUT /__control/faults\`) from before the proxy starts; ${String(SENDERS)} visitors send at once; the proxy,
its outbox on disk, is as deployed otherwise. Then the stand-in answers again and nobody acts:
the proxy's probe finds the platform back and everything waiting goes, oldest first, four at a time.
Disk is every file under \`DATA_DIR\` (SQLite with its WAL, the files kept) less the empty outbox's.

${results}

The first three leads' deliveries fail before the proxy calls it an outage; after that no lead
is tried, none is dead-lettered, and the probe asks the platform 2 s after, then twice as long each
time up to every 30 s: the first lead after the return waits for the next probe. The proxy's
forecast of the room a wait needs (\`outbox/room-forecast.ts\`) counts each lead's text and files
and \`LEAD_OVERHEAD_BYTES\` for its rows; the disk used at its fullest is the measure of that
allowance. Files are deleted once delivered, so the outbox
shrinks back to its rows as the drain goes.
`;
}
