/**
 * Where the widget's first render spends its time, in Chromium's own trace, and the same loads
 * A/B between widget builds: `node --import tsx e2e/bench/first-render.ts [--throttled]
 * [--runs N] <widget dir> [<widget dir> ...]`. Each directory (a `dist/widget` as `npm run
 * build` makes it) is served by a proxy of its own (`WIDGET_DIR`), and the loads alternate
 * between them and the plain form, so a busy machine falls on all alike. Prints, per build, the
 * median "interactive" as `widget-speed.ts` measures it, its ratio to the plain form's, and the
 * phases the trace shows: the page, the script's request, its compile and run, the first render
 * and the frame.
 */
import { chromium, type Browser } from '@playwright/test';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { launchOptions } from '../support/browser.ts';
import { startPageServer, type PageServer } from './pages.ts';
import { freePort, stopAll } from './processes.ts';
import { median, num } from './report.ts';
import { startProxyServer, startStandIn } from './servers.ts';
import { coldPage, PROBE } from './speed-pages.ts';
import { ORIGIN } from '../../proxy/test/fixtures/proxy-harness.ts';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  id?: string;
  dur?: number;
  /** The thread's own clock: CPU time, not wall time. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: {
    data?: {
      url?: string;
      requestId?: string;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    } & Record<string, unknown>;
    name?: string;
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** The phases of one load, ms from navigation start (durations where said). */
interface Phases {
  interactive: number;
  inDom: number;
  pageDone: number;
  scriptAsked: number;
  scriptFirstByte: number;
  scriptDone: number;
  compile: number;
  evaluate: number;
  /** Main-thread work from the script's arrival to the frame, by the trace's event names. */
  busy: Record<string, number>;
  /** Main-thread CPU (thread clock) from navigation start to the frame, and from the script's arrival. */
  cpuTotal: number;
  cpuAfterScript: number;
  /** JavaScript self time (ms) by function, from the sampling profiler, up to the frame. */
  functions: Record<string, number>;
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'toplevel',
  'disabled-by-default-v8.cpu_profiler',
];

async function traced(browser: Browser, url: string, throttled: boolean): Promise<Phases> {
  const { context, page } = await coldPage(browser, throttled);
  try {
    await page.addInitScript({ content: PROBE });
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(url, { waitUntil: 'commit' });
    const timing = await page.evaluate<{ inDom: number; painted: number }>(
      'window.__benchInteractive',
    );
    await page.waitForLoadState('load');
    const buffer = await browser.stopTracing();
    const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    return phases(events, timing);
  } finally {
    await context.close();
  }
}

function phases(events: TraceEvent[], timing: { inDom: number; painted: number }): Phases {
  const start = events.find((e) => e.name === 'navigationStart')?.ts ?? 0;
  const at = (ts: number | undefined) => (ts === undefined ? NaN : (ts - start) / 1000);
  const main = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid !== 0,
  );
  const onMain = (e: TraceEvent) => !main || (e.pid === main.pid && e.tid === main.tid);
  const request = (pattern: RegExp) =>
    events.find((e) => e.name === 'ResourceSendRequest' && pattern.test(e.args?.data?.url ?? ''))
      ?.args?.data?.requestId;
  const ofRequest = (name: string, id: string | undefined) =>
    events.find((e) => e.name === name && e.args?.data?.requestId === id)?.ts;
  const script = request(/enquiry-form\.js$/);
  const pageRequest = request(/\/(widget|plain)$/);
  const scriptDone = at(ofRequest('ResourceFinish', script));
  const durationOf = (name: string) =>
    events
      .filter((e) => e.name === name && e.ph === 'X' && onMain(e))
      .reduce((sum, e) => sum + (e.dur ?? 0) / 1000, 0);
  const busy: Record<string, number> = {};
  const from = Number.isNaN(scriptDone) ? 0 : scriptDone;
  for (const e of events) {
    if (e.ph !== 'X' || !onMain(e) || e.cat.includes('toplevel')) continue;
    const begin = at(e.ts);
    if (begin < from || begin > timing.painted) continue;
    busy[e.name] = (busy[e.name] ?? 0) + (e.dur ?? 0) / 1000;
  }
  let cpuTotal = 0;
  let cpuAfterScript = 0;
  for (const e of events) {
    if (e.ph !== 'X' || !onMain(e) || !e.cat.includes('toplevel') || e.tdur === undefined) continue;
    const begin = at(e.ts);
    if (begin < 0 || begin > timing.painted) continue;
    cpuTotal += e.tdur / 1000;
    if (begin >= from) cpuAfterScript += e.tdur / 1000;
  }
  return {
    cpuTotal,
    cpuAfterScript,
    functions: sampled(events, start, timing.painted),
    interactive: timing.painted,
    inDom: timing.inDom,
    pageDone: at(ofRequest('ResourceFinish', pageRequest)),
    scriptAsked: at(ofRequest('ResourceSendRequest', script)),
    scriptFirstByte: at(ofRequest('ResourceReceiveResponse', script)),
    scriptDone,
    compile: durationOf('v8.compileModule'),
    evaluate: durationOf('v8.evaluateModule'),
    busy,
  };
}

/** The entry's source map, to name its minified functions by their source (the served script has the configuration on its first line). */
let entryMap: TraceMap | undefined;
function named(frame: ProfileNode['callFrame']): string {
  if (!frame.url) return frame.functionName || '(anonymous)';
  const file = frame.url.replace(/^.*\//, '');
  if (entryMap && file === 'enquiry-form.js' && frame.lineNumber > 0) {
    const at = originalPositionFor(entryMap, {
      line: frame.lineNumber,
      column: frame.columnNumber,
    });
    if (at.source)
      return `${at.name ?? frame.functionName} ${at.source.replace(/^.*?(widget|proxy|node_modules)\//, '$1/')}:${at.line}${at.source.includes('node_modules') ? `:${String(at.column)}` : ''}`;
  }
  return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
}

/** Self time by function (name, file and line), from the trace's sampling profile, up to `until` ms. */
function sampled(events: TraceEvent[], start: number, until: number): Record<string, number> {
  const nodes = new Map<number, ProfileNode>();
  const self: Record<string, number> = {};
  const profile = events.find((e) => e.name === 'Profile');
  let time = (profile?.args?.data as { startTime?: number } | undefined)?.startTime ?? 0;
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.id === profile?.id)) {
    const data = chunk.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    samples.forEach((id, i) => {
      const delta = deltas[i] ?? 0;
      time += delta;
      const next = deltas[i + 1] ?? 0;
      const at = (time - start) / 1000;
      if (at < 0 || at > until) return;
      const frame = nodes.get(id)?.callFrame;
      if (!frame) return;
      const key = named(frame);
      self[key] = (self[key] ?? 0) + next / 1000;
      // Inclusive time of the widget's own functions (each once per sample).
      const seen = new Set<string>();
      for (
        let node = nodes.get(id);
        node;
        node = node.parent === undefined ? undefined : nodes.get(node.parent)
      ) {
        const name = named(node.callFrame);
        if (!name.includes('widget/') && !name.includes('proxy/')) continue;
        if (seen.has(name)) continue;
        seen.add(name);
        self[`[incl] ${name}`] = (self[`[incl] ${name}`] ?? 0) + next / 1000;
      }
    });
  }
  return self;
}

function summary(label: string, runs: readonly Phases[], plain: number): string {
  const m = (pick: (p: Phases) => number) => num(median(runs.map(pick)));
  const interactive = median(runs.map((p) => p.interactive));
  const names = new Map<string, number[]>();
  for (const run of runs)
    for (const [name, ms] of Object.entries(run.busy))
      names.set(name, [...(names.get(name) ?? []), ms]);
  const top = [...names.entries()]
    .map(([name, all]) => [name, all.reduce((a, b) => a + b, 0) / runs.length] as const)
    .filter(([, ms]) => ms >= 0.5)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 14)
    .map(([name, ms]) => `${name} ${num(ms)}`)
    .join(', ');
  const functions = new Map<string, number>();
  for (const run of runs)
    for (const [name, ms] of Object.entries(run.functions))
      functions.set(name, (functions.get(name) ?? 0) + ms / runs.length);
  const hot = [...functions.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 60)
    .map(([name, ms]) => `    ${num(ms)} ${name}`)
    .join('\n');
  return `${label}: interactive ${num(interactive)} ms (${num(interactive / plain)}× plain; runs ${runs
    .map((p) => num(p.interactive))
    .join(
      ' ',
    )}); page done ${m((p) => p.pageDone)}, script asked ${m((p) => p.scriptAsked)}, first byte ${m(
    (p) => p.scriptFirstByte,
  )}, done ${m((p) => p.scriptDone)}, compile ${m((p) => p.compile)}, evaluate ${m((p) => p.evaluate)}, in DOM ${m(
    (p) => p.inDom,
  )}, main-thread CPU to the frame ${m((p) => p.cpuTotal)} (after the script ${m((p) => p.cpuAfterScript)})\n  main thread from the script's arrival to the frame (mean ms): ${top}\n  JavaScript self time (mean ms):\n${hot}`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const throttled = args.includes('--throttled');
  const runsAt = args.indexOf('--runs');
  const runs = runsAt === -1 ? 10 : Number(args[runsAt + 1]);
  const dirs = args.filter((a, i) => !a.startsWith('--') && (runsAt === -1 || i !== runsAt + 1));
  if (args.includes('--profile') && dirs[0])
    entryMap = new TraceMap(readFileSync(resolve(dirs[0], 'enquiry-form.js.map'), 'utf8'));
  const standIn = await startStandIn();
  const servers: { dir: string; pages: PageServer }[] = [];
  for (const dir of dirs) {
    const pagePort = await freePort();
    const proxy = await startProxyServer(standIn, {
      env: {
        ALLOWED_ORIGINS: `${ORIGIN},http://127.0.0.1:${pagePort}`,
        WIDGET_DIR: resolve(dir),
      },
    });
    servers.push({ dir, pages: await startPageServer(proxy.origin, pagePort) });
  }
  const browser = await chromium.launch(launchOptions);
  try {
    const first = servers[0];
    if (!first) throw new Error('name at least one widget directory');
    for (const { pages } of servers) await traced(browser, `${pages.origin}/widget`, throttled);
    await traced(browser, `${first.pages.origin}/plain`, throttled);
    const loads = servers.map(() => [] as Phases[]);
    const plain: Phases[] = [];
    for (let i = 0; i < runs; i += 1) {
      for (let k = 0; k < servers.length; k += 1) {
        const n = (i + k) % servers.length;
        const server = servers[n];
        if (server)
          loads[n]?.push(await traced(browser, `${server.pages.origin}/widget`, throttled));
      }
      plain.push(await traced(browser, `${first.pages.origin}/plain`, throttled));
    }
    const plainMedian = median(plain.map((p) => p.interactive));
    console.log(summary('plain', plain, plainMedian));
    servers.forEach(({ dir }, n) => {
      console.log(summary(dir, loads[n] ?? [], plainMedian));
    });
  } finally {
    await browser.close();
    for (const { pages } of servers) await pages.close();
    await stopAll();
  }
}

await main();
