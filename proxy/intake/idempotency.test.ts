import { describe, expect, it } from 'vitest';
import { enquiryPartSchema } from '../contract/schemas/enquiry-part.ts';
import { createMemoryLogger } from '../test/fixtures/memory-logger.ts';
import { validEnquiry } from '../test/fixtures/proxy-harness.ts';
import {
  answerRepeat,
  fingerprintOf,
  idempotencyKeyOf,
  rememberAnswer,
  STALE_IN_FLIGHT_GRACE_MS,
} from './idempotency.ts';
import { Refusal } from '../http/refusal.ts';

const part = (extra: object = {}) => enquiryPartSchema.parse({ ...validEnquiry(), ...extra });
const files = [{ name: 'plan.pdf', sha256: 'ab' }];

describe('idempotencyKeyOf', () => {
  it('takes a UUID or any visible ASCII up to 255 characters, and no key at all', () => {
    expect(idempotencyKeyOf('3b1f8c2e-9d4a-4f6b-8e2a-1c5d7e9f0a2b')).toBe(
      '3b1f8c2e-9d4a-4f6b-8e2a-1c5d7e9f0a2b',
    );
    expect(idempotencyKeyOf('k'.repeat(255))).toHaveLength(255);
    expect(idempotencyKeyOf(undefined)).toBeUndefined();
  });

  it('refuses an empty, long, spaced or non-ASCII key with a 400 that says what a key is', () => {
    for (const bad of ['', 'k'.repeat(256), 'a key', 'clé']) {
      expect(() => idempotencyKeyOf(bad)).toThrow(Refusal);
      try {
        idempotencyKeyOf(bad);
      } catch (error) {
        expect((error as Refusal).status).toBe(400);
        expect((error as Refusal).message).toMatch(/visible ASCII/);
      }
    }
  });
});

describe('fingerprintOf', () => {
  it('is the same for a retry with new tokens and a honeypot, and differs for any change of content', () => {
    const first = fingerprintOf(part({ form_token: 'a', turnstile_token: 'x' }), files);
    expect(fingerprintOf(part({ form_token: 'b', website: '' }), files)).toBe(first);
    expect(fingerprintOf(part({ surname: 'Byron' }), files)).not.toBe(first);
    expect(fingerprintOf(part(), [{ name: 'plan.pdf', sha256: 'cd' }])).not.toBe(first);
    expect(fingerprintOf(part(), [{ name: 'other.pdf', sha256: 'ab' }])).not.toBe(first);
  });
});

describe('answerRepeat', () => {
  const saved: [string, number, unknown][] = [];
  const options = (now: number) => ({
    store: {
      saveResponse: (key: string, status: number, body: unknown) => {
        saved.push([key, status, body]);
        return Promise.resolve();
      },
    },
    now: () => now,
    deliveryDeadlineMs: 8000,
  });

  it('replays the first answer, saying so in a header', async () => {
    const body = { status: 'delivered', reference: 'EQ-1' };
    expect(await answerRepeat('k', { kind: 'replay', status: 201, body }, options(0))).toEqual({
      status: 201,
      body,
      headers: { 'Idempotent-Replayed': 'true' },
    });
  });

  it('asks a retry to wait while the first request is being answered', async () => {
    const answer = await answerRepeat(
      'k',
      { kind: 'in_flight', reference: 'EQ-1', since: 1000 },
      options(1000 + 8000),
    );
    expect(answer).toMatchObject({ status: 409, headers: { 'Retry-After': '2' } });
  });

  it('tells a retry "queued" once the first request is long past its deadline, and keeps that answer', async () => {
    const late = 1000 + 8000 + STALE_IN_FLIGHT_GRACE_MS + 1;
    const answer = await answerRepeat(
      'k-stale',
      { kind: 'in_flight', reference: 'EQ-1', since: 1000 },
      options(late),
    );
    expect(answer).toEqual({ status: 202, body: { status: 'queued', reference: 'EQ-1' } });
    expect(saved).toContainEqual(['k-stale', 202, { status: 'queued', reference: 'EQ-1' }]);
  });

  it('refuses a key used for a different enquiry with 422', async () => {
    expect(await answerRepeat('k', { kind: 'key_mismatch' }, options(0))).toMatchObject({
      status: 422,
      body: { error: 'idempotency_key_reused' },
    });
  });
});

describe('rememberAnswer', () => {
  it('logs a store that cannot keep the answer, and never throws at the visitor', async () => {
    const logs = createMemoryLogger();
    const store = { saveResponse: () => Promise.reject(new Error('disk full')) };
    await rememberAnswer(
      'k',
      { status: 202, body: { status: 'queued', reference: 'EQ-1' } },
      { store },
      logs.log,
    );
    expect(logs.text()).toContain('could not keep the answer for its Idempotency-Key');
  });
});
