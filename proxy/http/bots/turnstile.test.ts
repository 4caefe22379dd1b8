import { describe, expect, it } from 'vitest';
import {
  createSiteverifyStandIn,
  TURNSTILE_TEST_KEYS,
} from '../../../demo/turnstile-siteverify.ts';
import { harnessPerTest } from '../../test/fixtures/proxy-harness.ts';
import { createTurnstileVerifier } from './turnstile.ts';
import { storedLeads } from '../../test/fixtures/outbox.ts';

const siteverify = createSiteverifyStandIn();
const VERIFY_URL = 'https://challenges.test/turnstile/v0/siteverify';
/** Routes the verifier's requests to the in-memory stand-in. */
const standInFetch = ((input: string, init?: RequestInit) =>
  siteverify.request(input, init)) as typeof fetch;
const unreachable = (async () => {
  throw new TypeError('fetch failed');
}) as typeof fetch;

const setUp = harnessPerTest();

function withTurnstile(secretKey: string, fetch = standInFetch) {
  const verifyTurnstile = createTurnstileVerifier({ secretKey, verifyUrl: VERIFY_URL, fetch });
  return setUp({ bots: { verifyTurnstile } });
}

describe('Turnstile, with the documented test keys against a siteverify stand-in', () => {
  it('lets a person through when siteverify passes the token', async () => {
    const { submit, calls } = withTurnstile(TURNSTILE_TEST_KEYS.secretPasses);
    const response = await submit({ turnstile_token: TURNSTILE_TEST_KEYS.dummyToken });
    expect(response.status).toBe(201);
    expect(calls).toHaveLength(1);
  });

  it.each([
    ['fails the token', TURNSTILE_TEST_KEYS.secretFails],
    ['says the token was already spent', TURNSTILE_TEST_KEYS.secretSpent],
  ])('refuses with a field issue when siteverify %s', async (_case, secret) => {
    const { submit, calls } = withTurnstile(secret);
    const response = await submit({ turnstile_token: TURNSTILE_TEST_KEYS.dummyToken });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      issues: [
        {
          field: 'turnstile_token',
          code: 'challenge_failed',
          message: 'The security check did not pass. Try it again',
        },
      ],
    });
    expect(calls).toHaveLength(0);
  });

  it('asks for the challenge when the token is missing', async () => {
    const response = await withTurnstile(TURNSTILE_TEST_KEYS.secretPasses).submit({});
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      issues: [{ field: 'turnstile_token', code: 'required' }],
    });
  });

  it('fails closed when siteverify cannot be reached', async () => {
    const { submit, calls, store } = withTurnstile(TURNSTILE_TEST_KEYS.secretPasses, unreachable);
    const response = await submit({ turnstile_token: TURNSTILE_TEST_KEYS.dummyToken });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: 'challenge_unavailable' });
    expect(calls).toHaveLength(0);
    expect(await storedLeads(store)).toHaveLength(0);
  });

  it('sends the secret, the token and the visitor IP to siteverify', async () => {
    const seen: URLSearchParams[] = [];
    const recording = (async (input: string, init?: RequestInit) => {
      seen.push(new URLSearchParams(init?.body as URLSearchParams));
      return standInFetch(input, init);
    }) as typeof fetch;
    const verify = createTurnstileVerifier({
      secretKey: TURNSTILE_TEST_KEYS.secretPasses,
      verifyUrl: VERIFY_URL,
      fetch: recording,
    });
    expect(await verify(TURNSTILE_TEST_KEYS.dummyToken, '203.0.113.9')).toEqual({ passed: true });
    expect(Object.fromEntries(seen[0] ?? [])).toEqual({
      secret: TURNSTILE_TEST_KEYS.secretPasses,
      response: TURNSTILE_TEST_KEYS.dummyToken,
      remoteip: '203.0.113.9',
    });
  });
});
