/**
 * A create the platform answered while the SQLite outbox refuses its record (a write failing
 * for another reason than a database away: a full disk, an I/O error, a statement refused):
 * the answer is kept and recorded once the outbox takes it, and the enquiry is never created
 * again. The fault is real: a second connection to the outbox's file adds a trigger that
 * refuses the record, and drops it a few seconds later.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliverySteps } from '../operator/lead-report.ts';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import { createMemoryLogger } from '../test/fixtures/memory-logger.ts';
import { fakeClient, sampleSubmission } from '../test/fixtures/outbox.ts';
import { quickDeliverer } from '../test/fixtures/quick-deliverer.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Refuses any write that sets a submission's enquiry id, as a failing disk would refuse it. */
const REFUSE_THE_RECORD = `CREATE TRIGGER refuse_the_record BEFORE UPDATE OF enquiry_id ON submissions
  WHEN NEW.enquiry_id IS NOT NULL BEGIN SELECT RAISE(ABORT, 'the record is refused for now'); END`;

/** Longer than the few seconds a failing record used to be tried before it was given up. */
const REFUSED_FOR_MS = 4000;

describe('a create answered while the SQLite outbox refuses its record', () => {
  it('is kept, recorded once the outbox takes it, and never sent again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kept-record-'));
    const path = join(dir, 'outbox.sqlite');
    const store = openSqliteOutbox(path);
    const other = new Database(path);
    other.pragma('busy_timeout = 5000');
    cleanups.push(() => {
      rmSync(dir, { recursive: true, force: true });
    });
    cleanups.push(() => store.close());
    cleanups.push(() => {
      other.close();
    });
    const { client, calls } = fakeClient((call, n) =>
      call.endpoint === 'create' ? 1001 : 500 + n,
    );
    const logs = createMemoryLogger();
    const deliverer = quickDeliverer(store, client, logs.log);
    cleanups.push(() => deliverer.stop(0));
    const stored = await store.accept(sampleSubmission({ receivedAt: Date.now() }));
    if (stored.kind !== 'stored') throw new Error('not stored');

    other.exec(REFUSE_THE_RECORD);
    deliverer.start();
    // The platform answers the create at once; the outbox refuses its record for a while.
    await vi.waitFor(
      () => {
        expect(calls.length).toBeGreaterThan(0);
      },
      { timeout: 5000 },
    );
    await new Promise((resolve) => setTimeout(resolve, REFUSED_FOR_MS));
    other.exec('DROP TRIGGER refuse_the_record');

    await vi.waitFor(
      async () => {
        expect((await store.get(stored.submission.reference))?.state).toBe('delivered');
      },
      { timeout: 5000 },
    );
    expect(calls.map((call) => call.endpoint)).toEqual(['create', 'upload', 'upload']);
    const lead = await store.get(stored.submission.reference);
    expect(lead).toMatchObject({ enquiryId: 1001, unknownCreates: 0, possibleDuplicate: false });
    // The lead's timeline says when the answer came and when it could be recorded.
    expect(lead && deliverySteps(lead)[0]?.detail).toMatch(
      /^enquiry 1001; recorded \S+Z, [4-9] s after the answer \(the outbox could not take it at once\)$/,
    );
    const said = logs.lines().map((line) => [line.msg, line.answer, line.reason]);
    expect(said).toContainEqual([
      'the platform’s answer could not be recorded yet: kept in memory, with the lease, and recorded as soon as the outbox takes it',
      'enquiry 1001',
      'the record is refused for now',
    ]);
    expect(said).toContainEqual([
      'the platform’s answer is recorded now, after the outbox could not take it at once',
      'enquiry 1001',
      undefined,
    ]);
  }, 20_000);
});
