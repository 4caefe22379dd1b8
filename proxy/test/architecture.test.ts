/**
 * The import graph, type imports included: ESLint's `import-x/no-cycle` sees only imports that
 * run, so a cycle made of `import type` (two modules that each describe the other) would pass
 * it. This walks every module of the product and its tests and names any cycle it finds.
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
