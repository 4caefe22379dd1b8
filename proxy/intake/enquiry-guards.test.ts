import { describe, expect, it } from 'vitest';
import { storedLeads, type ApiCall } from '../test/fixtures/outbox.ts';
import {
  ORIGIN,
  harnessPerTest,
  sampleFiles,
  type ProxyHarness,
} from '../test/fixtures/proxy-harness.ts';

const setUp = harnessPerTest();

const KEY = '3f0b8c2e-5d7a-4e1b-9c6d-2a8f4b7e1d90';

describe('origin checks', () => {
  it('refuses a submission from an origin that is not allowed, and one without Origin', async () => {
    const { submit, calls } = setUp();
    const foreign = await submit({}, [], { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({
      error: 'origin_not_allowed',
      message:
        'Enquiries from https://evil.example are not accepted: add it to ALLOWED_ORIGINS on the proxy.',
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const { app } = setUp();
    const anonymous = await app.request('/api/enquiries', { method: 'POST', body: new FormData() });
    expect(anonymous.status).toBe(403);
    expect(calls).toHaveLength(0);
  });

  it('answers the CORS preflight for an allowed origin only', async () => {
    const { app } = setUp();
    const preflight = (origin: string) =>
      app.request('/api/enquiries', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'idempotency-key',
        },
      });
    const allowed = await preflight(ORIGIN);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'idempotency-key',
    );
    expect(
      (await preflight('https://evil.example')).headers.get('access-control-allow-origin'),
    ).toBeNull();
  });

  it('lets the widget read Retry-After on an allowed origin', async () => {
    const response = await setUp().submit({ forename: '' });
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(response.headers.get('access-control-expose-headers')).toContain('Retry-After');
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body, creating one enquiry', async () => {
    const { submit, calls, formToken } = setUp();
    const enquiry = { form_token: formToken() };
    const files = [{ name: 'a.pdf', bytes: sampleFiles.pdf() }];
    const first = await submit(enquiry, files, { 'idempotency-key': KEY });
    const again = await submit(enquiry, files, { 'idempotency-key': KEY });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(calls.filter((c) => c.endpoint === 'create')).toHaveLength(1);
  });

  it('refuses the same key with a different body (422) and a malformed key (400)', async () => {
    const { submit, formToken, store } = setUp();
    const token = formToken();
    await submit({ form_token: token }, [], { 'idempotency-key': KEY });
    const changed = await submit({ form_token: token, forename: 'Augusta' }, [], {
      'idempotency-key': KEY,
    });
    expect(changed.status).toBe(422);
    expect(await changed.json()).toMatchObject({ error: 'idempotency_key_reused' });
    const malformed = await submit({}, [], { 'idempotency-key': 'has spaces in it' });
    expect(malformed.status).toBe(400);
    expect(await storedLeads(store)).toHaveLength(1);
  });

  it('treats a retry with a fresh Turnstile token as the same enquiry', async () => {
    const { submit, formToken, calls } = setUp();
    const enquiry = { form_token: formToken() };
    const first = await submit({ ...enquiry, turnstile_token: 'first' }, [], {
      'idempotency-key': KEY,
    });
    const retry = await submit({ ...enquiry, turnstile_token: 'second' }, [], {
      'idempotency-key': KEY,
    });
    expect(retry.status).toBe(first.status);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(calls.filter((c) => c.endpoint === 'create')).toHaveLength(1);
  });

  it('answers 409 while the first request with the key is still being delivered', async () => {
    let release: (() => void) | undefined;
    const held = (call: ApiCall) =>
      new Promise<number>((resolve) => {
        release = () => {
          resolve(call.endpoint === 'create' ? 1001 : 1);
        };
      });
    const { submit, formToken, calls } = setUp({ answer: held });
    const enquiry = { form_token: formToken() };
    const first = submit(enquiry, [], { 'idempotency-key': KEY });
    await expect.poll(() => calls.length).toBe(1);
    const second = await submit(enquiry, [], { 'idempotency-key': KEY });
    expect(second.status).toBe(409);
    expect(second.headers.get('retry-after')).toBe('2');
    release?.();
    expect((await first).status).toBe(201);
  });
});

describe('bot checks', () => {
  it.each([
    [
      'the honeypot is filled in',
      { website: 'https://cheap-pills.example' },
      'honeypot field filled in',
    ],
    ['it is sent a second after the form loaded', 'fast', 'sent 1.0 s after the form loaded'],
  ] as const)(
    'looks like success but sends nothing upstream when %s',
    async (_case, change, reason) => {
      const { submit, calls, store, formToken } = setUp();
      const response = await submit(change === 'fast' ? { form_token: formToken(1) } : change);
      expect(response.status).toBe(202);
      const body = (await response.json()) as { status: string; reference: string };
      expect(body.status).toBe('queued');
      expect(calls).toHaveLength(0);
      expect(await store.get(body.reference)).toMatchObject({ state: 'spam', note: reason });
    },
  );

  it('keeps a caught bot without its files, naming them', async () => {
    const { submit, store } = setUp();
    const response = await submit({ website: 'spam' }, [
      { name: 'offer.pdf', bytes: sampleFiles.pdf(100) },
    ]);
    const { reference } = (await response.json()) as { reference: string };
    expect(await store.get(reference)).toMatchObject({
      state: 'spam',
      files: [],
      note: 'honeypot field filled in; 1 file(s) not kept: offer.pdf (109 bytes)',
    });
  });

  it.each([
    ['forged', () => 'v1.1000.c2lnbmF0dXJl'],
    ['more than a day old', (h: ProxyHarness) => h.formToken(25 * 60 * 60)],
  ])(
    'asks for a new form token when the one sent is %s, instead of taking the sender for a bot',
    async (_case, token) => {
      const harness = setUp();
      const response = await harness.submit({ form_token: token(harness) });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        issues: [{ field: 'form_token', code: 'form_expired' }],
      });
      expect(await storedLeads(harness.store)).toHaveLength(0);
    },
  );
});

describe('spent form tokens', () => {
  it('takes a token for one enquiry, and refuses it for a second with a clear code', async () => {
    const { submit, formToken, store } = setUp();
    const token = formToken();
    expect((await submit({ form_token: token })).status).toBe(201);
    const replay = await submit({ form_token: token, surname: 'Byron' });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({
      issues: [
        { field: 'form_token', code: 'already_used', messageKey: 'form_token.already_used' },
      ],
    });
    expect(await storedLeads(store)).toHaveLength(1);
  });

  it('does not spend the token of a bot the checks caught, nor of an enquiry refused as invalid', async () => {
    const { submit, formToken } = setUp();
    const token = formToken();
    expect((await submit({ form_token: token, forename: '' })).status).toBe(400);
    expect((await submit({ form_token: token })).status).toBe(201);
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After once a client has sent its allowance', async () => {
    const { submit } = setUp({ limits: { perClient: 2 } });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await submit({ forename: '' })).status);
    expect(statuses).toEqual([400, 400, 429]);
    const other = await submit({ forename: '' }, [], { 'x-test-ip': '198.51.100.9' });
    expect(other.status).toBe(400);
  });

  it('counts caught bots apart: a bot flood never spends the visitors’ global allowance', async () => {
    const { submit } = setUp({ limits: { global: 2, bots: 3 } });
    const bot = (ip: string) => submit({ website: 'spam' }, [], { 'x-test-ip': ip });
    for (let i = 0; i < 10; i += 1) expect((await bot(`198.51.100.${i}`)).status).toBe(202);
    // Bots from one address are held to their own allowance...
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await bot('203.0.113.66')).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
    // ...and the people's allowance is untouched by all of it.
    expect((await submit({}, [], { 'x-test-ip': '192.0.2.1' })).status).toBe(201);
    expect((await submit({}, [], { 'x-test-ip': '192.0.2.2' })).status).toBe(201);
    const third = await submit({}, [], { 'x-test-ip': '192.0.2.3' });
    expect(third.status).toBe(429);
    expect(third.headers.get('ratelimit')).toMatch(/^"global";r=0;t=\d+$/);
  });
});
