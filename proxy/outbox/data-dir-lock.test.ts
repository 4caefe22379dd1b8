import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const fresh = () => mkdtempSync(join(tmpdir(), 'data-'));

describe('lockDataDir', () => {
  it('holds the directory until given back', () => {
    const dir = fresh();
    const unlock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'proxy.lock'), 'utf8')).toBe(String(process.pid));
    unlock();
    expect(existsSync(join(dir, 'proxy.lock'))).toBe(false);
  });

  it('refuses a directory another running process holds, naming it', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'proxy.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(
      `another proxy (process ${process.ppid}) is using DATA_DIR ${dir}`,
    );
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'proxy.lock'), '2147483646');
    const unlock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'proxy.lock'), 'utf8')).toBe(String(process.pid));
    unlock();
  });
});
