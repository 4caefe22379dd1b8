/**
 * `npm start` builds the widget when its bundle is missing or older than its sources, so a
 * fresh clone needs no separate build step and an edited widget is never served stale.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const BUNDLE = 'dist/widget/enquiry-form.js';
const SOURCES = ['widget', 'proxy/contract', 'vite.config.ts'];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

export function widgetIsStale(root = '.'): boolean {
  const bundle = join(root, BUNDLE);
  if (!existsSync(bundle)) return true;
  const built = statSync(bundle).mtimeMs;
  return SOURCES.some(
    (source) => existsSync(join(root, source)) && newestMtime(join(root, source)) > built,
  );
}

/** Builds when needed; returns the build's size line (or why it failed). */
export function ensureWidgetBuilt(): { built: boolean; summary: string } {
  if (!widgetIsStale()) return { built: false, summary: 'up to date' };
  const result = spawnSync('npm', ['run', '--silent', 'build'], { encoding: 'utf8' });
  const output = `${result.stdout}${result.stderr}`;
  if (result.status !== 0) throw new Error(`the widget build failed:\n${output}`);
  const sizes = output.split('\n').find((line) => line.includes('brotli')) ?? 'built';
  return { built: true, summary: sizes.trim() };
}
