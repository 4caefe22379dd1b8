/**
 * Builds the widget when its bundle is missing or older than its sources (tests excluded), so
 * `npm start` on a fresh clone needs no separate build step, an edited widget is never served
 * stale, and a browser suite run straight after an edit tests the edit.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Where `npm run build` writes the widget bundle. */
export const BUNDLE_PATH = 'dist/widget/enquiry-form.js';
const SOURCES = ['widget', 'proxy/contract', 'bundle', 'vite.config.ts'];

const isTest = (name: string) => /\.(spec|test)\.ts$/.test(name);

function newestSource(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  const names = readdirSync(path).filter((name) => !isTest(name));
  return Math.max(0, ...names.map((name) => newestSource(join(path, name))));
}

function bundleTime(): number {
  try {
    return statSync(BUNDLE_PATH).mtimeMs;
  } catch {
    return 0;
  }
}

/** True when a widget source is newer than the bundle (or there is no bundle). */
const widgetIsStale = (): boolean => bundleTime() <= Math.max(...SOURCES.map(newestSource));

/** Builds when needed; returns the build's size line, or throws with its output. */
export function ensureWidgetBuilt(): { built: boolean; summary: string } {
  if (!widgetIsStale()) return { built: false, summary: 'up to date' };
  const result = spawnSync('npm', ['run', '--silent', 'build'], { encoding: 'utf8' });
  const output = `${result.stdout}${result.stderr}`;
  if (result.status !== 0) throw new Error(`the widget build failed:\n${output}`);
  const sizes = output.split('\n').find((line) => line.includes('brotli')) ?? 'built';
  return { built: true, summary: sizes.trim() };
}
