/**
 * What must hold for every fuzzed request, and the in-memory proxy the fuzz files share.
 *
 * One harness per test file (each opens an in-memory SQLite), closed in its `afterAll`.
 */
import { expect } from 'vitest';
import { lawFirm } from '../../../demo/forms/index.ts';
import type { FormConfig } from '../../contract/schemas/form-config.ts';
import { ORIGIN, proxyHarness } from '../fixtures/proxy-harness.ts';
import { multipartBody, multipartType, type RawPart } from './multipart.ts';

/** The boundary of bodies built here: a browser's kind. */
export const BOUNDARY = '----fuzz-boundary-7MA4YWxkTrZu0gW';

export type FuzzHarness = ReturnType<typeof fuzzHarness>;

export function fuzzHarness(config: FormConfig = lawFirm) {
  // Limits far above any run count, so that a long hunt (`FUZZ_RUNS`) never meets a 429
  // instead of the code it means to reach. The rate limiter still sees every request.
  const harness = proxyHarness({ config, limits: { perClient: 1e9, global: 1e9, bots: 1e9 } });

  /** Posts a body exactly as given, with exactly the headers given. */
  const post = async (body: Uint8Array | string | null, headers: Record<string, string> = {}) =>
    harness.app.request('/api/enquiries', {
      method: 'POST',
      body: body as BodyInit | null,
      headers,
    });

  /** Posts these parts from the allowed origin, framed as a browser frames them. */
  const postParts = (parts: readonly RawPart[], headers: Record<string, string> = {}) =>
    post(multipartBody(BOUNDARY, parts), {
      origin: ORIGIN,
      'content-type': multipartType(BOUNDARY),
      ...headers,
    });

  /** Everything that went upstream or into the outbox so far, to compare before and after. */
  const effects = async () => {
    const counts = await harness.store.counts();
    return {
      calls: harness.calls.length,
      stored: counts.queued + counts.delivered + counts.dead + counts.spam,
    };
  };

  return { ...harness, post, postParts, effects };
}

/** The JSON body of an answer; fails the run when it is not JSON. */
async function jsonOf(response: Response): Promise<Record<string, unknown>> {
  expect(response.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  const body: unknown = await response.json();
  expect(body).toBeTypeOf('object');
  return body as Record<string, unknown>;
}

export interface Refusal {
  status: number;
  error: string;
  issues: { field: string; code: string; messageKey: string; message: string }[];
}

/**
 * Sends, then checks the invariants of a refused request: a 4xx (never a 5xx) with a JSON
 * `error`, field issues in the shared shape for validation answers, and nothing sent upstream
 * or stored.
 */
export async function expectRefusal(
  h: FuzzHarness,
  send: () => Response | Promise<Response>,
): Promise<Refusal> {
  const before = await h.effects();
  const response = await send();
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  const body = await jsonOf(response);
  expect(body.error).toBeTypeOf('string');
  expect(body.message).toBeTypeOf('string');
  const mustList = body.error === 'validation' || response.status === 415;
  if (mustList || body.issues !== undefined) {
    expect(Array.isArray(body.issues)).toBe(true);
    const issues = body.issues as unknown[];
    if (mustList) expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) {
      expect(issue).toEqual({
        field: expect.any(String),
        code: expect.any(String),
        messageKey: expect.any(String),
        params: expect.any(Object),
        message: expect.any(String),
      });
    }
  }
  expect(await h.effects()).toEqual(before);
  return {
    status: response.status,
    error: body.error as string,
    issues: (body.issues ?? []) as Refusal['issues'],
  };
}

/** The answer to a request the proxy must take: 201 delivered, with its stored submission. */
export async function expectDelivered(h: FuzzHarness, response: Response) {
  const body = await jsonOf(response);
  expect({ status: response.status, body }).toMatchObject({
    status: 201,
    body: { status: 'delivered' },
  });
  const submission = await h.store.get(body.reference as string);
  expect(submission?.state).toBe('delivered');
  return { body, submission: submission as NonNullable<typeof submission> };
}

/** Delivered when `taken`, else refused as `refused` describes. */
export async function expectTakenOrRefused(
  h: FuzzHarness,
  taken: boolean,
  send: () => Response | Promise<Response>,
  refused: Partial<Refusal>,
): Promise<void> {
  if (taken) await expectDelivered(h, await send());
  else expect(await expectRefusal(h, send)).toMatchObject(refused);
}

export { ORIGIN };
