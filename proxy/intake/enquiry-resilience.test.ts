/**
 * Once a submission is stored the visitor is told it is safe, whatever happens next: a first
 * request that died with its process, a file the platform refused after creating the enquiry,
 * a Turnstile token already spent by the first try. And the proxy does not take more arriving
 * bytes at once than it can hold.
 */
import { describe, expect, it } from 'vitest';
import { type ApiCall, apiError } from '../test/fixtures/outbox.ts';
import { harnessPerTest, sampleFiles } from '../test/fixtures/proxy-harness.ts';

const setUp = harnessPerTest();
const KEY = '6d2c1a4e-8b7f-4c3d-9e0a-1f2b3c4d5e6f';

describe('after a submission is stored', () => {
  it('answers 409 while the first is fresh, and 202 with its reference once it is long stale', async () => {
    let release = () => {};
    const held = (call: ApiCall) =>
      new Promise<number>(
        (resolve) =>
          (release = () => {
            resolve(call.endpoint === 'create' ? 1 : 2);
          }),
      );
    const { submit, formToken, clock, calls } = setUp({
      answer: held,
      deps: { deliveryDeadlineMs: 60_000 },
    });
    const enquiry = { form_token: formToken() };
    const first = submit(enquiry, [], { 'idempotency-key': KEY });
    await expect.poll(() => calls.length).toBe(1);
    expect((await submit(enquiry, [], { 'idempotency-key': KEY })).status).toBe(409);
    clock.now += 60_000 + 31_000;
    const late = await submit(enquiry, [], { 'idempotency-key': KEY });
    expect(late.status).toBe(202);
    expect(await late.json()).toMatchObject({
      status: 'queued',
      reference: expect.stringMatching(/^EQ-/),
    });
    release();
    await first;
  });

  it('answers 201 when the enquiry reached the platform but a file was refused, marking that file', async () => {
    const refuseSecond = (call: ApiCall, n: number) => {
      if (call.endpoint === 'upload' && n === 3)
        throw apiError('validation', 'upload', { status: 400, parameter: 'file[mime]' });
      return call.endpoint === 'create' ? 1001 : 5000 + n;
    };
    const { submit, store } = setUp({ answer: refuseSecond });
    const response = await submit({}, [
      { name: 'a.pdf', bytes: sampleFiles.pdf() },
      { name: 'b.png', bytes: sampleFiles.png() },
    ]);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { reference: string };
    expect(body).toMatchObject({
      status: 'delivered',
      enquiryId: 1001,
      files: [
        { name: 'a.pdf', status: 'delivered' },
        { name: 'b.png', status: 'failed' },
      ],
    });
    expect(await store.get(body.reference)).toMatchObject({ state: 'partial' });
  });

  it('replays the first answer to a retry whose Turnstile token is already spent', async () => {
    let verifications = 0;
    const verifyTurnstile = async () =>
      verifications++ === 0
        ? { passed: true as const }
        : { passed: false as const, reason: 'failed' as const, codes: ['timeout-or-duplicate'] };
    const { submit, formToken } = setUp({ bots: { verifyTurnstile } });
    const enquiry = { form_token: formToken(), turnstile_token: 'spent after one use' };
    const first = await submit(enquiry, [], { 'idempotency-key': KEY });
    const retry = await submit(enquiry, [], { 'idempotency-key': KEY });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(verifications).toBe(1);
  });
});

describe('POST /api/enquiries: upstream failures', () => {
  it('answers 502 with the reference when the platform refuses the enquiry, and logs its answer', async () => {
    const refuse = () => {
      throw apiError('validation', 'create', { status: 400, parameter: 'forename' });
    };
    const { submit, store, logs } = setUp({ answer: refuse });
    const response = await submit();
    const body = (await response.json()) as { reference: string; error: string };
    expect(response.status).toBe(502);
    expect(body.error).toBe('upstream_rejected');
    expect(await store.get(body.reference)).toMatchObject({ state: 'dead' });
    expect(logs.text()).toContain('enquiry dead-lettered: the platform refused it');
  });

  it('answers 202 queued when the credentials are refused, and logs a configuration error', async () => {
    const refuse = () => {
      throw apiError('authentication', 'create', { status: 401 });
    };
    const { submit, logs } = setUp({ answer: refuse });
    const response = await submit();
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ status: 'queued' });
    expect(logs.text()).toContain('configuration error: ');
    expect(logs.text()).toContain('Delivery is paused and checked again');
  });

  it('answers 202 queued when the platform is slower than the deadline, and delivers later', async () => {
    const slow = async (call: ApiCall) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return call.endpoint === 'create' ? 1 : 2;
    };
    const { submit, store } = setUp({ answer: slow, deps: { deliveryDeadlineMs: 20 } });
    const response = await submit();
    const { reference } = (await response.json()) as { reference: string };
    expect(response.status).toBe(202);
    await expect.poll(async () => (await store.get(reference))?.state).toBe('delivered');
  });
});

describe('POST /api/enquiries: many visitors at once', () => {
  it('tells a visitor "queued" at once while every delivery place is taken, and delivers in turn', async () => {
    const releases: (() => void)[] = [];
    const held = (_: ApiCall, n: number) =>
      new Promise<number>((resolve) => {
        releases.push(() => {
          resolve(n);
        });
      });
    const answerHeld = () => {
      for (const release of releases.splice(0)) release();
    };
    // The deadline is far: before, the fifth visitor waited for the platform like the others.
    const { submit, store, calls } = setUp({ answer: held, deps: { deliveryDeadlineMs: 60_000 } });
    // Five visitors, each from their own address (one address has its own limit).
    const from = (n: number) => ({ 'x-test-ip': `192.0.2.${n}` });
    const first = Array.from({ length: 4 }, (_, n) => submit({}, [], from(n + 1)));
    await expect.poll(() => calls.length).toBe(4);
    const fifth = await submit({}, [], from(5));
    expect(fifth.status).toBe(202);
    const { reference } = (await fifth.json()) as { reference: string };
    expect(calls).toHaveLength(4);

    answerHeld();
    const statuses = [];
    for (const response of first) statuses.push((await response).status);
    expect(statuses).toEqual([201, 201, 201, 201]);
    // A place freed: the held enquiry goes next, without waiting for the queue's poll.
    await expect.poll(() => calls.length).toBe(5);
    answerHeld();
    await expect.poll(async () => (await store.get(reference))?.state).toBe('delivered');
  });
});
