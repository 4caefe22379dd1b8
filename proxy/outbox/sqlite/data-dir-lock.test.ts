import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, tryLockDataDir } from './data-dir-lock.ts';

const fresh = () => mkdtempSync(join(tmpdir(), 'data-'));

describe('the data-directory lock', () => {
  it('is held by one holder at a time, and free again once released', () => {
    const dir = fresh();
    const first = tryLockDataDir(dir);
    expect(first).toBeDefined();
    expect(tryLockDataDir(dir)).toBeUndefined();
    first?.release();
    const second = tryLockDataDir(dir);
    expect(second).toBeDefined();
    second?.release();
  });

  it('pays no attention to an old PID lock file, and removes it once held', () => {
    const dir = fresh();
    for (const pid of ['1', String(process.pid), String(process.ppid)]) {
      writeFileSync(join(dir, 'proxy.lock'), pid);
      const lock = tryLockDataDir(dir);
      expect(lock).toBeDefined();
      expect(existsSync(join(dir, 'proxy.lock'))).toBe(false);
      lock?.release();
    }
  });

  it('keeps its file private to the proxy’s user', () => {
    const dir = fresh();
    const lock = tryLockDataDir(dir);
    expect(statSync(join(dir, 'proxy.lock.sqlite')).mode & 0o777).toBe(0o600);
    lock?.release();
  });

  it('waits for the holder to let go, saying so, and gives up only when told to', async () => {
    const dir = fresh();
    const held = tryLockDataDir(dir);
    const waits: number[] = [];
    const taking = lockDataDir(dir, { pollMs: 10, onWait: (ms) => waits.push(ms) });
    await new Promise((resolve) => setTimeout(resolve, 60));
    held?.release();
    const lock = await taking;
    expect(waits.length).toBeGreaterThan(0);
    lock.release();
    const again = tryLockDataDir(dir);
    await expect(lockDataDir(dir, { waitMs: 30, pollMs: 10 })).rejects.toBeInstanceOf(
      DataDirLockedError,
    );
    again?.release();
  });
});
