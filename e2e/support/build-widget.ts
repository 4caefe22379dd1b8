/**
 * Playwright global setup: makes sure `dist/widget/enquiry-form.js` is built from the current
 * sources. `npm run test:widget` builds first, so this usually finds the bundle fresh; running
 * `npx playwright test` straight after an edit still tests the edit.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const BUNDLE_PATH = 'dist/widget/enquiry-form.js';
const SOURCES = ['widget', 'proxy/contract', 'vite.config.ts'];

const isTest = (name: string) => /\.(spec|test)\.ts$/.test(name);

function newestSource(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  const names = readdirSync(path).filter((name) => !isTest(name));
  return Math.max(0, ...names.map((name) => newestSource(join(path, name))));
}

function bundleAge(): number {
  try {
    return statSync(BUNDLE_PATH).mtimeMs;
  } catch {
    return 0;
  }
}

export default function buildWidget(): void {
  if (bundleAge() > Math.max(...SOURCES.map(newestSource))) return;
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
}
