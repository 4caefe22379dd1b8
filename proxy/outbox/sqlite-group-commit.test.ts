import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { groupCommit } from './sqlite-group-commit.ts';

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
    expect(write.stats).toEqual({ commits: 1, writes: 3 });
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
    expect(write.stats).toEqual({ commits: 2, writes: 2 });
  });
});
