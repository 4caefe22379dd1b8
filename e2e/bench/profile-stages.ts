/**
 * Where the proxy's CPU goes, by the stage a request meets (issue #61): reads a V8 CPU profile
 * (`BENCH_CPU_PROF=proxy/main npm run bench -- relay`, see `servers.ts`) and puts each sample of
 * the main thread in the stage of the innermost frame that names one; node's own internals
 * (streams, timers, promises) count for the stage that called them, and as runtime only when
 * nothing of a stage is above them. Idle samples and the first `--from` seconds (tsx compiling
 * the proxy as it starts) are left out.
 *
 * `node --import tsx e2e/bench/profile-stages.ts <file.cpuprofile> [--from 20] [--per 9.2]`
 * prints each stage's share, and with `--per` (the run's CPU ms per enquiry) its ms per enquiry.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { RUNTIME, STAGES, type CallFrame } from './profile-stage-names.ts';

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { from: { type: 'string', default: '20' }, per: { type: 'string' } },
});
const profile = JSON.parse(readFileSync(positionals[0] ?? '', 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parents.set(child, node.id);

const stages = new Map<number, string>();
/** The stage of a sample taken in `id`: its innermost frame that names one. */
function stageOf(id: number): string {
  const known = stages.get(id);
  if (known) return known;
  let stage: string | undefined;
  for (let at: number | undefined = id; at !== undefined && !stage; at = parents.get(at)) {
    const frame = nodes.get(at)?.callFrame;
    if (!frame) break;
    if (frame.functionName === '(idle)') stage = 'idle';
    else stage = STAGES.find(([, owns]) => owns(frame))?.[0];
  }
  stage ??= RUNTIME;
  stages.set(id, stage);
  return stage;
}

const from = Number(values.from) * 1e6;
const spent = new Map<string, number>();
let clock = 0;
let busy = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  clock += delta;
  const stage = stageOf(id);
  if (clock < from || stage === 'idle') return;
  spent.set(stage, (spent.get(stage) ?? 0) + delta);
  busy += delta;
});
const per = values.per === undefined ? undefined : Number(values.per);
console.log(`busy ${(busy / 1e6).toFixed(1)} s after the first ${values.from} s`);
for (const [stage, us] of [...spent].sort((a, b) => b[1] - a[1])) {
  const share = us / busy;
  const ms = per === undefined ? '' : `  ${(share * per).toFixed(2)} ms/enquiry`;
  console.log(`${stage.padEnd(48)} ${(share * 100).toFixed(1).padStart(5)} %${ms}`);
}
