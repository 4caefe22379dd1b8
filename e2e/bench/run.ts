/**
 * `npm run bench`: runs every benchmark in turn and writes `BENCHMARKS.md` (the machine, the
 * date, the commands, the method and the figures of each). `npm run bench -- upload` (or any
 * of the names below, several allowed) runs only those and replaces only their sections.
 *
 * Pure measurement: nothing here passes or fails on a time. Every server is a child process on
 * 127.0.0.1, and every child is stopped at the end, on failure and on Ctrl-C too.
 */
import { chromium } from '@playwright/test';
import { launchOptions } from '../support/browser.ts';
import { bookingBench } from './booking.ts';
import { consoleList } from './console-list.ts';
import { conversion } from './conversion.ts';
import { createPath } from './create-path.ts';
import { funnelReportBench } from './funnel.ts';
import { outboxCost } from './outbox-cost.ts';
import { outageDrain } from './outage-drain.ts';
import { publishUnderLoad } from './publish-load.ts';
import { relayYardstick } from './relay.ts';
import { killAllNow, stopAll } from './processes.ts';
import { headlineSection } from './headline.ts';
import { load, machine, num, writeReport, writtenSection, type Section } from './report.ts';
import { stepSpeed } from './step-speed.ts';
import { intakePaths } from './intake-paths.ts';
import { uploadEndToEnd } from './upload-end-to-end.ts';
import { uploadPath } from './upload-path.ts';
import { widgetSpeed } from './widget-speed.ts';
import { widgetWeight } from './widget-weight.ts';

const BENCHMARKS: Readonly<Record<string, () => Promise<string>>> = {
  weight: widgetWeight,
  speed: widgetSpeed,
  steps: stepSpeed,
  create: createPath,
  relay: relayYardstick,
  // The multipart path, then beside it the files sent ahead (tus), then files end to end.
  upload: async () => `${await uploadPath()}\n${await intakePaths()}\n${await uploadEndToEnd()}`,
  outbox: outboxCost,
  outage: outageDrain,
  convert: conversion,
  console: consoleList,
  funnel: funnelReportBench,
  publish: publishUnderLoad,
  booking: bookingBench,
};
const NAMES = Object.keys(BENCHMARKS);
/** Far more than a full run takes; a hung child cannot keep the machine busy forever. */
const WATCHDOG_MS = 30 * 60_000;

async function chromiumVersion(): Promise<string> {
  const browser = await chromium.launch(launchOptions);
  const version = browser.version();
  await browser.close();
  return version;
}

function header(chromium: string, ran: readonly string[], seconds: number): string {
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const which = ran.length === NAMES.length ? 'every benchmark' : `only ${ran.join(', ')}`;
  return `# Benchmarks

Written by \`npm run bench\` (\`e2e/bench/run.ts\`). Measurement only: nothing here passes or
fails on a time.

Last run: ${when} UTC, ${which}, ${num(seconds / 60)} minutes. Each section says when it was
measured and how busy the machine was: the 1-minute load average before and after it. The
machine is a small virtual machine **shared with other work** (other builds and test suites
ran beside the benchmarks), so absolute figures move between runs; ratios measured back to
back, and CPU time per request, move much less.

## Machine

${machine(chromium)}

## Commands

\`\`\`sh
npm run bench                # every benchmark, about 5 minutes; rewrites this file
npm run bench -- upload      # only some: ${NAMES.join(', ')}
\`\`\`

The file is written already formatted by prettier. Each benchmark starts what it measures as
child processes on 127.0.0.1 and stops them all at the end, on failure and on Ctrl-C too:

- the stand-in enquiry API: \`node --import tsx demo/enquiry-api/main.ts\`, its SQLite file on
  tmpfs so that it is fast and what is measured is what sits in front of it;
- the proxy: \`node --import tsx proxy/main.ts\`, with the environment of \`proxyEnvFor\`
  (\`MIN_FILL_SECONDS=0\`, rate limits out of the way), \`LOG_LEVEL\` at its default \`info\`, the
  logs going to a file on tmpfs, the outbox on disk unless said otherwise;
- nginx, for the do-it-yourself comparison;
- load from \`wrk\` (one thread, C: it takes less CPU from the servers than a JavaScript load
  generator would on two cores).`;
}

async function main(): Promise<void> {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !NAMES.includes(name));
  if (unknown.length > 0) {
    console.error(
      `bench: unknown benchmark ${unknown.join(', ')}; choose from ${NAMES.join(', ')}`,
    );
    process.exit(2);
  }
  const ran = asked.length > 0 ? NAMES.filter((name) => asked.includes(name)) : NAMES;
  const started = Date.now();
  const sections: Section[] = [];
  const failed: string[] = [];
  for (const name of ran) {
    const before = load();
    const sectionStarted = Date.now();
    console.log(`bench: ${name}…`);
    const benchmark = BENCHMARKS[name];
    if (!benchmark) continue;
    // One benchmark failing (a tool missing, a server that would not start) costs its own
    // section, not the others': an unattended run writes every figure it has, then fails.
    let markdown: string;
    try {
      markdown = await benchmark();
    } catch (error) {
      failed.push(name);
      console.error(
        `bench: ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      await stopAll();
      continue;
    }
    const seconds = (Date.now() - sectionStarted) / 1000;
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    sections.push({
      name,
      markdown: `${markdown.trim()}\n\n_Measured ${when} UTC in ${num(seconds)} s; load average ${before} before, ${load()} after._`,
    });
    console.log(`bench: ${name} done in ${num(seconds)} s`);
  }
  const seconds = (Date.now() - started) / 1000;
  const headline = headlineSection(
    writtenSection('headline'),
    new Date().toISOString().slice(0, 10),
  );
  if (headline) sections.push({ name: 'headline', markdown: headline });
  await writeReport(
    header(await chromiumVersion(), ran, seconds),
    ['headline', ...NAMES],
    sections,
  );
  console.log(`bench: wrote BENCHMARKS.md (${num(seconds)} s)`);
  if (failed.length > 0) {
    console.error(`bench: ${failed.join(', ')} failed; their sections are as they were`);
    process.exitCode = 1;
  }
}

process.on('exit', killAllNow);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`bench: ${signal}: stopping every child process`);
    void stopAll().finally(() => process.exit(130));
  });
}
const watchdog = setTimeout(() => {
  console.error('bench: still running after 30 minutes; stopping');
  void stopAll().finally(() => process.exit(1));
}, WATCHDOG_MS);
watchdog.unref();

try {
  await main();
} catch (error) {
  console.error(
    `bench: failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  await stopAll();
}
