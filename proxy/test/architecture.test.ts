/**
 * The import graph, type imports included: ESLint's `import-x/no-cycle` sees only imports that
 * run, so a cycle made of `import type` (two modules that each describe the other) would pass
 * it. This walks every module of the product and its tests and names any cycle it finds.
 *
 * It also holds the proxy to its floors: each folder may import the floors below it, and an
 * import that runs back up is named (a few are allowed, each a known, typed exception).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const FOLDERS = ['proxy', 'widget', 'demo', 'e2e'];
const ALIASES: Record<string, string> = { '#contract': 'proxy/contract/index.ts' };

function modules(folder: string): string[] {
  return (
    readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      // The lint-boundaries test writes deliberately broken probes there for a moment.
      .filter((entry) => !entry.parentPath.includes('lint-probe-'))
      .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
  );
}

/** The project modules a module imports, by path from the root. */
function importsOf(path: string): string[] {
  const info = ts.preProcessFile(readFileSync(join(ROOT, path), 'utf8'), true, true);
  return info.importedFiles.flatMap(({ fileName }) => {
    const alias = ALIASES[fileName];
    if (alias) return [alias];
    if (!fileName.startsWith('.')) return [];
    return [relative(ROOT, resolve(ROOT, dirname(path), fileName))];
  });
}

/** Strongly connected components of more than one module (Tarjan), and self-imports. */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the import graph', () => {
  it('has no cycles, not even through type imports', () => {
    const graph = new Map(FOLDERS.flatMap(modules).map((path) => [path, importsOf(path)]));
    expect(graph.size).toBeGreaterThan(100);
    expect(cycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});

/**
 * The proxy's floors, lowest first: what a floor's modules may import without climbing. The
 * contract and the small shared pieces at the bottom; the platform's client and the converters;
 * storage; telling people (queued in storage; the intake writes a visitor's confirmation);
 * delivery, which takes a stored submission and never reaches back up into the intake that
 * stored it; booking (slots, the calendars and their writes), which reads storage, routing and
 * telling people, and which the routes and the intake ask; the app-wide HTTP pieces (origins,
 * bots, rate limits, health); the intake, the
 * enquiry's one door, which hands what it stored to delivery; what the CLI and the console
 * both show and do (`operator/`); and at the top, whatever wires them together and faces an
 * operator (the app, the server, the CLI, the console, the environment, the process's life).
 */
const FLOORS: readonly (readonly string[])[] = [
  [
    'contract',
    'limiter',
    'logger.ts',
    'log-sink.ts',
    'env-values.ts',
    'token-strength.ts',
    'passing-bytes.ts',
  ],
  ['client', 'convert'],
  ['outbox'],
  ['notify', 'funnel', 'webhooks', 'studio', 'routing'],
  ['delivery'],
  ['booking'],
  ['http'],
  ['intake'],
  ['operator'],
  [
    'console',
    'lifecycle',
    'cli',
    'app.ts',
    'app-deps.ts',
    'env.ts',
    'env-file.ts',
    'platform.ts',
    'server.ts',
    'main.ts',
  ],
];

/** Which floor a proxy module is on, by its first folder (or its own name at the top level). */
function floorOf(path: string): number {
  const room = path.split('/')[1] ?? '';
  const floor = FLOORS.findIndex((rooms) => rooms.includes(room));
  if (floor < 0) throw new Error(`${path}: its folder is on no floor of FLOORS`);
  return floor;
}

/** Imports from a module to one on a higher floor, as `from -> to`. */
function climbing(graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([from, targets]) =>
    targets
      .filter((to) => to.startsWith('proxy/') && floorOf(to) > floorOf(from))
      .map((to) => `${from} -> ${to}`),
  );
}

const isProduct = (path: string) =>
  !path.startsWith('proxy/test/') && !path.endsWith('.test.ts') && !path.endsWith('.spec.ts');

describe('the proxy house', () => {
  it('never climbs back up: delivery reaches nothing of the intake, the routes only below them', () => {
    const graph = new Map(
      modules('proxy')
        .filter(isProduct)
        .map((path) => [path, importsOf(path)]),
    );
    expect(climbing(graph)).toEqual([]);
  });

  it('names an import that climbs (the check itself works)', () => {
    const graph = new Map([
      ['proxy/outbox/store.ts', ['proxy/http/rate-limit.ts', 'proxy/contract/index.ts']],
      ['proxy/http/rate-limit.ts', ['proxy/limiter/token-buckets.ts']],
    ]);
    expect(climbing(graph)).toEqual(['proxy/outbox/store.ts -> proxy/http/rate-limit.ts']);
  });
});
