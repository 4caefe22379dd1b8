/**
 * `npm run proxy -- --check` tries `DATABASE_URL`'s PostgreSQL, and a start that cannot open
 * the outbox or listen names the variable it came from, as the operator of #60 needed: the
 * check said "Delivery can work" with the database at a closed port, and the start then failed
 * with "connect ECONNREFUSED 127.0.0.1:19499", naming nothing.
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { startEnquiryApi, type RunningEnquiryApi } from '../../demo/enquiry-api/server.ts';
import { proxyEnvFor } from '../test/fixtures/proxy-env.ts';
import { freePort } from '../test/fixtures/local-servers.ts';
import { missing } from '../test/fixtures/postgres-server.ts';
import { usePostgresServer } from '../test/fixtures/use-postgres-server.ts';
import { checkDatabase } from './outbox-address.ts';

const CREDENTIALS = { username: 'check-user', password: 'abcd efgh ijkl mnop' };
const SECRET = 'the-database-password';
let api: RunningEnquiryApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** `npm run proxy` (with `args`) against the stand-in, `env` over the usual test setup. */
async function proxyRun(env: Record<string, string>, args: string[] = []) {
  api ??= await startEnquiryApi({ credentials: CREDENTIALS });
  // Asynchronously: the stand-in answers from this very process.
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'proxy/main.ts', ...args], {
    env: { ...process.env, ...proxyEnvFor(api, CREDENTIALS, env) },
    encoding: 'utf8',
    timeout: 90_000,
  }).then(
    ({ stdout, stderr }) => ({ status: 0, stdout, stderr }),
    (error: unknown) => {
      const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
      return { status: code, stdout, stderr };
    },
  );
}

/** A database address at a port where nothing listens. */
const closedDatabase = async () =>
  `postgres://enquiry:${SECRET}@127.0.0.1:${String(await freePort())}/enquiry`;

// Each case starts the proxy's process: tsx compiles it afresh, 14 s on a busy machine.
describe('the outbox named at the check and at the start', { timeout: 200_000 }, () => {
  it('--check fails, naming DATABASE_URL and what to do, when its PostgreSQL does not answer', async () => {
    const run = await proxyRun({ DATABASE_URL: await closedDatabase() }, ['--check']);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(
      /^FAIL {2}database \(DATABASE_URL\): the PostgreSQL at postgres:\/\/enquiry:\*\*\*@127\.0\.0\.1:\d+\/enquiry could not be used \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)$/m,
    );
    expect(run.stdout).toMatch(/^ {6}Start PostgreSQL there, or set DATABASE_URL to /m);
    expect(run.stdout + run.stderr).not.toContain(SECRET);
  });

  it('a start that cannot reach the database says DATABASE_URL, and one that cannot listen says PORT', async () => {
    const database = await proxyRun({ DATABASE_URL: await closedDatabase() });
    expect(database.status).toBe(1);
    expect(database.stderr).toMatch(
      /^The proxy could not start: DATABASE_URL: the PostgreSQL at postgres:\/\/enquiry:\*\*\*@127\.0\.0\.1:\d+\/enquiry could not be used \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)\. Start PostgreSQL there/m,
    );
    expect(database.stdout + database.stderr).not.toContain(SECRET);

    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = String((taken.address() as { port: number }).port);
    const listening = await proxyRun({ PORT: port }).finally(() => taken.close());
    expect(listening.status).toBe(1);
    expect(listening.stderr).toContain(
      `The proxy could not start: PORT: could not listen at 127.0.0.1:${port} (listen EADDRINUSE: address already in use 127.0.0.1:${port}). Another program listens there: stop it, or set PORT to a free port.`,
    );
  });

  it('a start whose DATA_DIR cannot be made says DATA_DIR', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'data-dir-')), 'a-file');
    writeFileSync(file, '');
    const run = await proxyRun({ DATA_DIR: join(file, 'outbox') });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /^The proxy could not start: DATA_DIR: the outbox's folder .*a-file\/outbox could not be used \(ENOTDIR: .*\)\. Set DATA_DIR to a folder/m,
    );
  });
});

describe.skipIf(missing())('the check with PostgreSQL running', () => {
  const postgres = usePostgresServer();

  it('says the database answers', async () => {
    const lines: string[] = [];
    const ok = await checkDatabase({ DATABASE_URL: await postgres().createDatabase() }, (line) =>
      lines.push(line),
    );
    expect(ok).toBe(true);
    expect(lines).toEqual([
      expect.stringMatching(
        /^ok {4}database \(DATABASE_URL\): the PostgreSQL at postgres:\/\/.*@127\.0\.0\.1:\d+\/enquiry_test_1 answers$/,
      ),
    ]);
  });
});
