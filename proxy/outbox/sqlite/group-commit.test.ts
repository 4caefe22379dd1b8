import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { groupCommit, walFlusher } from './group-commit.ts';

describe('group commit', () => {
  let dir: string;
  let db: Database.Database;
  let other: Database.Database;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
    db = new Database(join(dir, 'outbox.sqlite'));
    db.pragma('journal_mode = WAL');
    db.exec(`CREATE TABLE leads (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
      CREATE TABLE notes (lead INTEGER REFERENCES leads (id) DEFERRABLE INITIALLY DEFERRED)`);
    db.pragma('foreign_keys = ON');
    other = new Database(join(dir, 'outbox.sqlite'), { readonly: true });
  });
  afterEach(() => {
    other.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const names = () =>
    (other.prepare('SELECT name FROM leads ORDER BY id').all() as { name: string }[]).map(
      (row) => row.name,
    );
  const insert = (name: string) => () =>
    Number(db.prepare('INSERT INTO leads (name) VALUES (?)').run(name).lastInsertRowid);

  it('stores writes asked for together in one commit, each answered with its own result', async () => {
    const write = groupCommit(db);
    const ids = await Promise.all(['Ada', 'Grace', 'Edsger'].map((name) => write(insert(name))));
    expect(ids).toEqual([1, 2, 3]);
    expect(names()).toEqual(['Ada', 'Grace', 'Edsger']);
    expect(write.stats).toEqual({ commits: 1, writes: 3, syncs: 0 });
  });

  it('answers a write only once another connection can read it: it is committed', async () => {
    const write = groupCommit(db);
    const seen = await write(insert('Ada')).then(() => names());
    expect(seen).toEqual(['Ada']);
  });

  it('undoes only the write that failed, and tells only its caller', async () => {
    const write = groupCommit(db);
    const twoStatements = () => {
      insert('Barbara')();
      insert('Ada')(); // already there: the UNIQUE constraint fails
    };
    const outcomes = await Promise.allSettled([
      write(insert('Ada')),
      write(twoStatements),
      write(insert('Grace')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    // Barbara went with the failed write: a write is whole or not at all.
    expect(names()).toEqual(['Ada', 'Grace']);
    expect(write.stats.commits).toBe(1);
  });

  it('rejects every write of a batch whose commit fails, and stores none of them', async () => {
    const write = groupCommit(db);
    // A deferred foreign key is checked at COMMIT, so the whole batch's commit fails.
    const dangling = () => db.prepare('INSERT INTO notes (lead) VALUES (99)').run();
    const outcomes = await Promise.allSettled([write(insert('Ada')), write(dangling)]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(names()).toEqual([]);
    // The next batch is not held back by the failed one.
    await write(insert('Grace'));
    expect(names()).toEqual(['Grace']);
  });

  it('starts a new batch for writes asked for after the last one was sent', async () => {
    const write = groupCommit(db);
    await write(insert('Ada'));
    await write(insert('Grace'));
    expect(write.stats).toEqual({ commits: 2, writes: 2, syncs: 0 });
  });

  describe('with the WAL flushed in the background', () => {
    /** A flush the test ends by hand, to see who waits for it. */
    const manualSync = () => {
      const runs: { done: () => void; fail: (error: Error) => void }[] = [];
      const sync = () =>
        new Promise<void>((resolve, reject) => {
          runs.push({ done: resolve, fail: reject });
        });
      return { sync, runs };
    };
    const settledYet = async (promise: Promise<unknown>) => {
      let settled = false;
      void promise.then(
        () => (settled = true),
        () => (settled = true),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      return settled;
    };

    it('answers a write only once the flush after its commit has ended', async () => {
      const { sync, runs } = manualSync();
      const write = groupCommit(db, { sync });
      const ada = write(insert('Ada'));
      expect(await settledYet(ada)).toBe(false);
      expect(names()).toEqual(['Ada']); // committed, but not yet said to be
      runs[0]?.done();
      expect(await ada).toBe(1);
    });

    it('sends the writes asked for during a flush in one commit and one flush after it', async () => {
      const { sync, runs } = manualSync();
      const write = groupCommit(db, { sync });
      const first = write(insert('Ada'));
      await settledYet(first);
      const later = [write(insert('Grace'))];
      await settledYet(later[0] as Promise<number>);
      later.push(write(insert('Edsger')));
      await settledYet(later[1] as Promise<number>);
      expect(runs).toHaveLength(1); // the second flush waits for the first to end
      expect(names()).toEqual(['Ada']); // and so do the writes it will make durable
      runs[0]?.done();
      expect(await first).toBe(1);
      expect(await settledYet(Promise.all(later))).toBe(false);
      expect(runs).toHaveLength(2);
      runs[1]?.done();
      expect(await Promise.all(later)).toEqual([2, 3]);
      expect(write.stats).toMatchObject({ commits: 2, syncs: 2 });
    });

    it('rejects the writes a failed flush was to make durable, and goes on', async () => {
      const { sync, runs } = manualSync();
      const write = groupCommit(db, { sync });
      const ada = write(insert('Ada'));
      await settledYet(ada);
      runs[0]?.fail(new Error('EIO: i/o error, fdatasync'));
      await expect(ada).rejects.toThrow('EIO');
      const grace = write(insert('Grace'));
      await settledYet(grace);
      runs[1]?.done();
      expect(await grace).toBe(2);
    });

    it('flushes the real WAL file of the database', async () => {
      const wal = walFlusher(join(dir, 'outbox.sqlite'));
      const write = groupCommit(db, { sync: wal.sync });
      expect(db.pragma('synchronous', { simple: true })).toBe(1); // NORMAL
      expect(await write(insert('Ada'))).toBe(1);
      expect(write.stats.syncs).toBe(1);
      await wal.close();
    });
  });
});
