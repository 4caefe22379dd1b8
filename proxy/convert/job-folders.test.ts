/**
 * The sweep at start: folders of proxies that are gone (this PID's own, from a life before)
 * are removed, a running proxy's are kept, and a recorded process group is ended only when it
 * is still a box, never a process that took its PID since.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sweepLeftovers } from './job-folders.ts';

const stranger = spawn('sleep', ['60'], { detached: true, stdio: 'ignore' });
afterAll(() => {
  stranger.kill('SIGKILL');
});

describe('sweeping what conversions left behind', () => {
  it('removes the folders of gone proxies, keeps a running one, kills no stranger', async () => {
    const root = mkdtempSync(join(tmpdir(), 'sweep-'));
    const gone = spawnSync('true').pid;
    const alive = stranger.pid ?? 0;
    for (const name of [
      `${String(gone)}-job-a`,
      `${String(process.pid)}-profile-b`,
      `${String(alive)}-job-c`,
    ])
      mkdirSync(join(root, name));
    // A record of a dead proxy's box whose PID now belongs to a process that is no box.
    writeFileSync(join(root, `${String(gone)}-job-a.pid`), String(alive));

    const swept = await sweepLeftovers(root);

    expect(swept.sort()).toEqual(
      [
        `${String(gone)}-job-a`,
        `${String(gone)}-job-a.pid`,
        `${String(process.pid)}-profile-b`,
      ].sort(),
    );
    expect(readdirSync(root)).toEqual([`${String(alive)}-job-c`]);
    expect(existsSync(`/proc/${String(alive)}`)).toBe(true);
  });

  it('finds nothing to do where no conversion ever ran', async () => {
    expect(await sweepLeftovers(join(tmpdir(), 'no-such-folder-here'))).toEqual([]);
  });
});
