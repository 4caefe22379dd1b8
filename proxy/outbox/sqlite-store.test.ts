import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteOutbox } from './sqlite-store.ts';
import type { NewSubmission, OutboxStore } from './store.ts';
import { readAll } from '../client/byte-source.ts';
import { SAMPLE_PNG, sampleSubmission } from './testing.ts';

const stores: OutboxStore[] = [];
const open = (path = ':memory:') => {
  const store = openSqliteOutbox(path);
  stores.push(store);
  return store;
};
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

const stored = async (store: OutboxStore, submission: NewSubmission = sampleSubmission()) => {
  const outcome = await store.accept(submission);
  if (outcome.kind !== 'stored') throw new Error(`expected stored, got ${outcome.kind}`);
  return outcome.submission;
};

describe('the SQLite outbox', () => {
  it('keeps a submission with its files, byte for byte', async () => {
    const store = open();
    const submission = await stored(store);
    expect(submission).toMatchObject({
      state: 'queued',
      enquiryId: null,
      attempts: 0,
      reference: 'EQ-TEST-0001',
    });
    expect(submission.files.map((f) => [f.name, f.mime, f.attachmentId])).toEqual([
      ['plan.pdf', 'application/pdf', null],
      ['photo.png', 'image/png', null],
    ]);
    const bytes = await readAll(await store.fileSource(submission.id, 1));
    expect(Buffer.from(bytes).equals(Buffer.from(SAMPLE_PNG))).toBe(true);
  });

  it('survives closing and reopening the database file', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'outbox-')), 'outbox.sqlite');
    const first = openSqliteOutbox(path);
    const { id } = await stored(first);
    await first.recordCreated(id, 1001);
    await first.close();
    const again = open(path);
    expect(await again.get('EQ-TEST-0001')).toMatchObject({ id, enquiryId: 1001, state: 'queued' });
  });

  it('answers a repeated Idempotency-Key by whether the body matches and the first is done', async () => {
    const store = open();
    const idempotency = { key: 'k-1', fingerprint: 'f-1' };
    await stored(store, sampleSubmission({ idempotency }));
    const again = sampleSubmission({ reference: 'EQ-TEST-0002', idempotency });
    expect(await store.accept(again)).toMatchObject({
      kind: 'in_flight',
      reference: 'EQ-TEST-0001',
    });
    await store.saveResponse('k-1', 201, { status: 'delivered', reference: 'EQ-TEST-0001' });
    expect(await store.accept(again)).toEqual({
      kind: 'replay',
      status: 201,
      body: { status: 'delivered', reference: 'EQ-TEST-0001' },
    });
    const changed = sampleSubmission({
      reference: 'EQ-TEST-0003',
      idempotency: { key: 'k-1', fingerprint: 'other' },
    });
    expect(await store.accept(changed)).toEqual({ kind: 'key_mismatch' });
    expect((await store.counts()).queued).toBe(1);
  });

  it('lets one deliverer hold a submission until its lease runs out', async () => {
    const store = open();
    const { id } = await stored(store);
    expect(await store.claim(id, 'a', 1000, 10_000)).not.toBeNull();
    expect(await store.claim(id, 'b', 1000, 10_500)).toBeNull();
    expect(await store.claim(id, 'b', 1000, 11_000)).toMatchObject({ id });
  });

  it('hands out due submissions oldest first, up to the limit', async () => {
    const store = open();
    const a = await stored(store, sampleSubmission({ reference: 'A', receivedAt: 100 }));
    await stored(store, sampleSubmission({ reference: 'B', receivedAt: 200 }));
    await stored(store, sampleSubmission({ reference: 'C', receivedAt: 300 }));
    await store.reschedule(a.id, 5000, 'boom');
    const lease = 60_000;
    expect((await store.claimDue('w', lease, 1000, 1)).map((s) => s.reference)).toEqual(['B']);
    expect((await store.claimDue('w', lease, 1000, 5)).map((s) => s.reference)).toEqual(['C']);
    expect((await store.claimDue('w', lease, 6000, 5)).map((s) => s.reference)).toEqual(['A']);
    expect(await store.get('A')).toMatchObject({
      attempts: 1,
      lastError: 'boom',
      nextAttemptAt: 5000,
    });
  });

  it('records each step, and flags a create that followed one of unknown outcome', async () => {
    const store = open();
    const { id } = await stored(store);
    await store.recordUnknownOutcome(id, 'create');
    await store.recordCreated(id, 1001);
    await store.recordCreated(id, 9999);
    await store.recordUploaded(id, 0, 501);
    await store.recordUnknownOutcome(id, 'upload');
    const submission = await store.get('EQ-TEST-0001');
    expect(submission).toMatchObject({
      enquiryId: 1001,
      possibleDuplicate: true,
      unknownCreates: 1,
      unknownUploads: 1,
    });
    expect(submission?.files.map((f) => f.attachmentId)).toEqual([501, null]);
  });

  it('counts by state, and finds the oldest waiting submission and possible duplicates', async () => {
    const store = open();
    const a = await stored(store, sampleSubmission({ reference: 'A', receivedAt: 100 }));
    const b = await stored(store, sampleSubmission({ reference: 'B', receivedAt: 200 }));
    await stored(store, sampleSubmission({ reference: 'C', receivedAt: 300 }));
    await stored(
      store,
      sampleSubmission({ reference: 'S', receivedAt: 50, state: 'spam', note: 'honeypot' }),
    );
    await store.recordUnknownOutcome(a.id, 'create');
    await store.recordCreated(a.id, 1);
    await store.markDelivered(a.id, 400);
    await store.markDead(b.id, 'refused', 400);
    expect(await store.counts()).toEqual({
      queued: 1,
      delivered: 1,
      dead: 1,
      spam: 1,
      oldestQueuedAt: 300,
      possibleDuplicates: 1,
      possibleDuplicateUploads: 0,
    });
    expect(await store.claimDue('w', 1000, 10_000, 10)).toHaveLength(1);
  });

  it('puts a dead, spam or waiting submission at the front of the queue on request, but not a delivered one', async () => {
    const store = open();
    const { id } = await stored(store);
    await store.markDead(id, 'refused', 500);
    expect(await store.requeue('EQ-TEST-0001', 900)).toMatchObject({
      kind: 'requeued',
      submission: {
        state: 'queued',
        attempts: 0,
        nextAttemptAt: 900,
        retryFrom: 900,
        receivedAt: 1000,
      },
    });
    await store.reschedule(id, 50_000, 'still down');
    expect(await store.requeue('EQ-TEST-0001', 1000)).toMatchObject({
      kind: 'requeued',
      submission: { attempts: 0 },
    });
    await store.markDelivered(id, 2000);
    expect(await store.requeue('EQ-TEST-0001', 3000)).toMatchObject({ kind: 'delivered' });
    expect(await store.requeue('nope', 900)).toEqual({ kind: 'not_found' });
  });

  it('does not hand an operator a submission that is being delivered, and keeps its interrupted step', async () => {
    const store = open();
    const { id } = await stored(store);
    await store.claim(id, 'proxy', 60_000, 10_000);
    await store.markStepStarted(id, 'create', 80_000);
    // The lease was extended with the step: at 75 s the claim of 60 s would have run out.
    expect(await store.claim(id, 'other', 60_000, 75_000)).toBeNull();
    expect(await store.requeue('EQ-TEST-0001', 75_000)).toMatchObject({ kind: 'in_delivery' });
    const later = await store.requeue('EQ-TEST-0001', 90_000);
    expect(later).toMatchObject({
      kind: 'requeued',
      submission: { pendingStep: 'create', receivedAt: 1000 },
    });
  });

  it('starts the retry schedule again after a pause for the credentials', async () => {
    const store = open();
    const { id } = await stored(store);
    await store.claim(id, 'proxy', 60_000, 5000);
    await store.pauseForCredentials(id, 200_000_000);
    expect(await store.get('EQ-TEST-0001')).toMatchObject({
      retryFrom: 200_000_000,
      nextAttemptAt: 200_000_000,
      attempts: 0,
    });
  });

  it('purges delivered submissions with their files, and old idempotency keys', async () => {
    const store = open();
    const { id } = await stored(
      store,
      sampleSubmission({ idempotency: { key: 'k', fingerprint: 'f' } }),
    );
    await store.markDelivered(id, 1000);
    expect(await store.purgeDelivered(999)).toBe(0);
    expect(await store.purgeDelivered(1001)).toBe(1);
    await expect(store.fileSource(id, 0)).rejects.toThrow(/no file/);
    expect(await store.purgeSpam(2000)).toBe(0);
    expect(await store.purgeIdempotencyKeys(sampleSubmission().receivedAt + 1)).toBe(1);
  });

  it('keeps settings', async () => {
    const store = open();
    expect(await store.getSetting('secret')).toBeNull();
    await store.setSetting('secret', 'a');
    await store.setSetting('secret', 'b');
    expect(await store.getSetting('secret')).toBe('b');
  });
});
