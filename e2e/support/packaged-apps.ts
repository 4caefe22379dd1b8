/**
 * The apps of `e2e/packaged/`, made as their developers would: each copied into
 * `dist/fixtures/<name>/`, the packed widget installed from its tarball with npm, the app
 * type-checked by its own tsconfig, then built with Vite and served from one origin
 * (`/<name>/`). React, Vue and TypeScript come from this repository's `node_modules`, which
 * Node finds by walking up from `dist/fixtures/`.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'vite';

const run = promisify(execFile);
const FIXTURES = resolve('dist/fixtures');
const TSC = resolve('node_modules/typescript/bin/tsc');

/** The app's folder once the tarball is installed in it. */
export async function installApp(name: string, tarball: string): Promise<string> {
  const dir = join(FIXTURES, name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(FIXTURES, { recursive: true });
  await cp(resolve('e2e/packaged', name), dir, { recursive: true });
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name: `${name}-fixture`, private: true, type: 'module' }),
  );
  // The package has no dependencies: nothing is fetched.
  await run('npm', ['install', tarball, '--offline', '--no-audit', '--no-fund'], { cwd: dir });
  return dir;
}

/** Type-checks an installed app against the package's types, as its own `tsc` would. */
export async function typecheckApp(dir: string): Promise<void> {
  await run(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json')]);
}

/** Builds an installed app with Vite, for serving under `/<name>/`; returns its output folder. */
export async function buildApp(name: string, dir: string): Promise<string> {
  const outDir = join(dir, 'dist');
  await build({
    root: dir,
    base: `/${name}/`,
    configFile: false,
    logLevel: 'warn',
    // React's JSX as Vite builds it without a plugin: the automatic runtime.
    oxc: { jsx: { runtime: 'automatic' } },
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Serves each built app under `/<name>/` on 127.0.0.1. */
export async function serveApps(apps: Record<string, string>) {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://app').pathname;
    const [, name = '', ...rest] = path.split('/');
    const root = apps[name];
    const file = root && normalize(join(root, rest.join('/') || 'index.html'));
    if (!root || !file?.startsWith(root)) return response.writeHead(404).end();
    readFile(file).then(
      (bytes) =>
        response
          .writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' })
          .end(bytes),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((done) => {
    server.listen(0, '127.0.0.1', done);
  });
  return {
    origin: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => {
          done();
        });
      }),
  };
}

/** Runs the server-rendered page of an installed app; resolves with what it printed. */
export async function renderOnServer(dir: string): Promise<{ html: string; element: string }> {
  const { stdout } = await run(process.execPath, ['render.mjs'], { cwd: dir });
  return JSON.parse(stdout) as { html: string; element: string };
}
