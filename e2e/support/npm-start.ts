/**
 * `npm start` as a new user runs it (its script: `tsx demo/start.ts`), in a process group of its
 * own on free ports (`SITE_PORT`, `PORT`, `ENQUIRY_API_PORT`, `MAILBOX_PORT`, as the README says to
 * pass them), and what its banner names. Each spec stops what it started with `stopStarted`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { freePort, stopGroup } from '../../proxy/test/fixtures/local-servers.ts';

/** A running `npm start`. */
export interface Started {
  child: ChildProcess;
  /** Everything printed so far, stdout and stderr. */
  output: () => string;
  /** The proxy as the process listens on it (`127.0.0.1`). */
  proxyUrl: string;
  /** The value the banner prints after `label` (`Console`, `Landing page`, …). */
  named: (label: string) => string;
}

const started: ChildProcess[] = [];

/** Stops every `npm start` begun since the last call (an `afterEach`). */
export const stopStarted = () => Promise.all(started.splice(0).map((child) => stopGroup(child)));

/** `npm start` with `env` (no admin token of the caller's), once its banner is out. */
export async function npmStart(env: Record<string, string> = {}): Promise<Started> {
  const proxyPort = await freePort();
  const { ADMIN_TOKEN: _token, ADMIN_TOKEN_FILE: _file, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/start.ts'], {
    env: {
      ...inherited,
      SITE_PORT: String(await freePort()),
      PORT: String(proxyPort),
      ENQUIRY_API_PORT: String(await freePort()),
      MAILBOX_PORT: String(await freePort()),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'npm-start-')),
      ...env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  await expect.poll(() => text, { timeout: 60_000 }).toContain('Ctrl-C stops everything.');
  const named = (label: string) =>
    new RegExp(`^ {2}${label} +(\\S+)`, 'm').exec(text)?.[1] ?? `(no ${label} in the banner)`;
  return { child, output: () => text, proxyUrl: `http://127.0.0.1:${String(proxyPort)}`, named };
}
