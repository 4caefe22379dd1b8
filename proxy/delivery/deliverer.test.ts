/**
 * The deliverer's steps: the create, then each file, every step recorded; resuming where it
 * stopped without a second create; what it does with each answer of the platform (refused, a
 * yes without an id, one file refused, an unknown outcome). Pausing, deadlines, giving up and
 * stopping are `deliverer-waits.test.ts`.
 */
import { describe, expect, it, vi } from 'vitest';
import { EnquiryApiError } from '../client/errors.ts';
import { apiError, SAMPLE_PDF, type ApiCall } from '../test/fixtures/outbox.ts';
import { delivererPerTest, platform, state } from '../test/fixtures/delivery-harness.ts';

const { setUp } = delivererPerTest();

describe('Deliverer', () => {
  it('creates the enquiry, then uploads each file to it, and records every step', async () => {
    const { deliverer, submit, calls, store } = await setUp(platform());
    const result = await deliverer.deliverNow(await submit(), 5000);
    expect(result).toMatchObject({ state: 'delivered', enquiryId: 1001 });
    expect(calls.map((c) => `${c.endpoint}:${c.postId ?? ''}:${c.name ?? ''}`)).toEqual([
      'create::',
      'upload:1001:plan.pdf',
      'upload:1001:photo.png',
    ]);
    expect(Buffer.from(calls[1]?.bytes ?? []).equals(Buffer.from(SAMPLE_PDF))).toBe(true);
    const stored = await state(store);
    expect(stored).toMatchObject({
      state: 'delivered',
      enquiryId: 1001,
      attempts: 1,
      possibleDuplicate: false,
    });
    expect(stored?.files.map((f) => f.attachmentId)).toEqual([502, 503]);
  });

  it('resumes at the first unfinished upload and never creates the enquiry twice', async () => {
    const fail = (call: ApiCall, n: number) =>
      call.endpoint === 'upload' && n === 3
        ? apiError('retryable', 'upload', { status: 503 })
        : undefined;
    const { deliverer, submit, calls, store } = await setUp(platform(fail));
    expect(await deliverer.deliverNow(await submit(), 5000)).toEqual({ state: 'queued' });
    expect(await state(store)).toMatchObject({ state: 'queued', enquiryId: 1001, attempts: 1 });
    deliverer.start();
    await vi.waitFor(
      async () => {
        expect((await state(store))?.state).toBe('delivered');
      },
      {
        timeout: 3000,
      },
    );
    expect(calls.map((c) => c.endpoint)).toEqual(['create', 'upload', 'upload', 'upload']);
    expect(calls.filter((c) => c.endpoint === 'upload').map((c) => c.name)).toEqual([
      'plan.pdf',
      'photo.png',
      'photo.png',
    ]);
  });

  it('dead-letters a submission the platform refuses, with the reason, and logs the answer in full', async () => {
    const fail = () => apiError('validation', 'create', { status: 400, parameter: 'forename' });
    const { deliverer, submit, store, logs } = await setUp(platform(fail));
    const result = await deliverer.deliverNow(await submit(), 5000);
    expect(result).toMatchObject({
      state: 'dead',
      reason: 'the platform refused the create (400): parameter forename',
    });
    expect(await state(store)).toMatchObject({
      state: 'dead',
      note: 'the platform refused the create (400): parameter forename',
    });
    expect(
      logs
        .lines()
        .some(
          (line) =>
            line.msg === 'enquiry dead-lettered: the platform refused it' &&
            line.parameter === 'forename',
        ),
    ).toBe(true);
  });

  it('never sends a create again that the platform said yes to without a readable id', async () => {
    const accepted = () =>
      new EnquiryApiError('no id', {
        kind: 'unknown',
        endpoint: 'create',
        status: 201,
        outcomeUnknown: true,
        answeredSuccess: true,
      });
    const { deliverer, submit, store, calls } = await setUp(
      platform((call) => (call.endpoint === 'create' ? accepted() : undefined)),
    );
    const result = await deliverer.deliverNow(await submit(), 5000);
    expect(result).toMatchObject({ state: 'dead' });
    expect((await state(store))?.note).toMatch(
      /created, id unknown: .*no readable enquiry id; the enquiry exists there/,
    );
    deliverer.start();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls.map((c) => c.endpoint)).toEqual(['create']);
  });

  it('counts a file attached when the platform said yes without an attachment id, and goes on', async () => {
    const accepted = (call: ApiCall, n: number) =>
      call.endpoint === 'upload' && n === 2
        ? new EnquiryApiError('no id', {
            kind: 'unknown',
            endpoint: 'upload',
            status: 201,
            outcomeUnknown: true,
            answeredSuccess: true,
          })
        : undefined;
    const { deliverer, submit, store, calls } = await setUp(platform(accepted));
    expect(await deliverer.deliverNow(await submit(), 5000)).toMatchObject({ state: 'delivered' });
    expect((await state(store))?.files.map((f) => f.attachmentId)).toEqual([0, 503]);
    expect(calls).toHaveLength(3);
  });

  it('sends the other files when the platform refuses one, and finishes as partly delivered', async () => {
    const refuse = (call: ApiCall, n: number) =>
      call.endpoint === 'upload' && n === 2
        ? apiError('validation', 'upload', { status: 400, parameter: 'file[mime]' })
        : undefined;
    const { deliverer, submit, store, calls, logs } = await setUp(platform(refuse));
    const result = await deliverer.deliverNow(await submit(), 5000);
    expect(result).toMatchObject({ state: 'delivered', submission: { state: 'partial' } });
    if (result.state !== 'delivered') throw new Error('not delivered');
    expect(result.submission.files.map((f) => [f.attachmentId, f.failure !== null])).toEqual([
      [null, true],
      [503, false],
    ]);
    expect(calls.map((c) => c.endpoint)).toEqual(['create', 'upload', 'upload']);
    expect(await state(store)).toMatchObject({ state: 'partial', attempts: 1 });
    expect(logs.text()).toContain(
      'a file could not be delivered (refused or not converted); the others are still sent',
    );
    // A refused file is not sent again by the background loop.
    deliverer.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toHaveLength(3);
  });

  it('retries a create of unknown outcome and counts the enquiry as a possible duplicate', async () => {
    const fail = (_call: ApiCall, n: number) =>
      n === 1 ? apiError('retryable', 'create', { outcomeUnknown: true }) : undefined;
    const { deliverer, submit, store, logs } = await setUp(platform(fail));
    await deliverer.deliverNow(await submit(), 5000);
    deliverer.start();
    await vi.waitFor(
      async () => {
        expect((await state(store))?.state).toBe('delivered');
      },
      {
        timeout: 3000,
      },
    );
    expect(await state(store)).toMatchObject({ unknownCreates: 1, possibleDuplicate: true });
    expect((await store.counts()).possibleDuplicates).toBe(1);
    expect(logs.text()).toContain('possible duplicate');
  });

  it('counts a create the previous process sent but never saw answered (killed mid-step)', async () => {
    const { deliverer, submit, store, logs } = await setUp(platform());
    const id = await submit();
    // What a process killed right after sending the create leaves behind:
    const claimed = await store.claim(id, 'dead-process', 60_000, Date.now());
    if (!claimed) throw new Error('not claimed');
    await store.startStep(claimed.lease, { kind: 'create' }, Date.now() + 60_000);
    expect(await store.releaseAllLeases()).toBe(1);
    expect(await deliverer.deliverNow(id, 5000)).toMatchObject({ state: 'delivered' });
    expect(await state(store)).toMatchObject({
      unknownCreates: 1,
      possibleDuplicate: true,
      pendingStep: null,
    });
    expect(logs.text()).toContain('an earlier attempt stopped after sending the create');
  });
});
