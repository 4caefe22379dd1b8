/**
 * `/readyz`'s probe writes the outbox, and anyone may ask for it: a flood of asks writes at most
 * once a second, while a problem clears the moment it does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { READY_STANDS_MS, readinessCheck } from './readiness.ts';

/** A store whose settings writes are counted, and refused while `broken` says why. */
function countedStore() {
  const writes: string[] = [];
  const state = { broken: undefined as string | undefined, held: false };
  const waiting: (() => void)[] = [];
  const store = {
    async setSetting(name: string, value: string) {
      writes.push(`${name}=${value}`);
      if (state.held) await new Promise<void>((resolve) => waiting.push(resolve));
      if (state.broken) throw new Error(state.broken);
    },
  };
  const release = () => {
    for (const resolve of waiting.splice(0)) resolve();
  };
  return { store, writes, state, release };
}

describe('the readiness check', () => {
  const clock = { now: 1_000_000 };
  const now = () => clock.now;

  it('answers every ask that comes while its probe runs from that one probe', async () => {
    const { store, writes, state, release } = countedStore();
    state.held = true;
    const ready = readinessCheck({ dataDir: undefined, store, health: {}, now });
    const asks = Array.from({ length: 50 }, () => ready());
    state.held = false;
    release();
    expect(await Promise.all(asks)).toEqual(Array.from({ length: 50 }, () => undefined));
    expect(writes).toHaveLength(1);
  });

  it('lets a "ready" stand for a second, then writes the outbox again', async () => {
    const { store, writes } = countedStore();
    const ready = readinessCheck({ dataDir: undefined, store, health: {}, now });
    for (let i = 0; i < 20; i++) expect(await ready()).toBeUndefined();
    expect(writes).toHaveLength(1);
    clock.now += READY_STANDS_MS - 1;
    expect(await ready()).toBeUndefined();
    expect(writes).toHaveLength(1);
    clock.now += 1;
    expect(await ready()).toBeUndefined();
    expect(writes).toHaveLength(2);
  });

  it('probes a problem afresh at the next ask, so it says ready the moment it is', async () => {
    const { store, writes, state } = countedStore();
    const ready = readinessCheck({ dataDir: undefined, store, health: {}, now });
    state.broken = 'SQLITE_IOERR: disk I/O error';
    expect(await ready()).toBe('the outbox cannot be written: SQLITE_IOERR: disk I/O error');
    expect(await ready()).toMatch(/cannot be written/);
    state.broken = undefined;
    expect(await ready()).toBeUndefined();
    expect(writes).toHaveLength(3);
  });

  it('says a full disk the proxy has met at once, writing nothing', async () => {
    const { store, writes } = countedStore();
    const health: { storageFullAt?: number } = {};
    const ready = readinessCheck({ dataDir: undefined, store, health, now });
    expect(await ready()).toBeUndefined();
    health.storageFullAt = clock.now;
    expect(await ready()).toBe('the outbox disk is full');
    expect(writes).toHaveLength(1);
  });

  describe('on a real outbox on disk', () => {
    let dir: string | undefined;
    let outbox: OutboxStore | undefined;
    afterEach(async () => {
      await outbox?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('writes the outbox and finds room on its disk', async () => {
      dir = mkdtempSync(join(tmpdir(), 'readiness-'));
      outbox = openSqliteOutbox(join(dir, 'outbox.sqlite'));
      const ready = readinessCheck({ dataDir: dir, store: outbox, health: {}, now });
      expect(await ready()).toBeUndefined();
      expect(await outbox.getSetting('readyz')).toMatch(/^\d+$/);
    });
  });
});
