import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../limiter/token-buckets.ts';
import { rateLimit } from './rate-limit.ts';

function appWith(perClientPerMinute: number, globalPerMinute: number, clock: { now: number }) {
  const app = new Hono();
  const perClient = new RateLimiter('per-client', perClientPerMinute, () => clock.now);
  const global = new RateLimiter('global', globalPerMinute, () => clock.now);
  app.post(
    '/',
    rateLimit({
      limiters: [perClient, global],
      shared: [global],
      clientKey: (c) => c.req.header('x-ip') ?? '?',
    }),
    (c) => c.text('ok'),
  );
  return (ip: string) => app.request('/', { method: 'POST', headers: { 'x-ip': ip } });
}

describe('rateLimit', () => {
  it('lets a client send its allowance, then answers 429 with Retry-After', async () => {
    const clock = { now: 0 };
    const send = appWith(3, 100, clock);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await send('a')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await send('a');
    expect(refused.headers.get('retry-after')).toBe('20');
    expect(refused.headers.get('ratelimit')).toBe('"per-client";r=0;t=20');
    expect(refused.headers.get('ratelimit-policy')).toBe(
      '"per-client";q=3;w=60, "global";q=100;w=60',
    );
    expect(await refused.json()).toEqual({
      error: 'rate_limited',
      message: 'Too many enquiries have been sent. Try again in 20 seconds.',
    });
  });

  it('says the last second of the wait in the singular', async () => {
    const clock = { now: 0 };
    const send = appWith(60, 100, clock);
    for (let i = 0; i < 60; i += 1) await send('a');
    expect(await (await send('a')).json()).toMatchObject({
      message: 'Too many enquiries have been sent. Try again in 1 second.',
    });
  });

  it('refills the allowance over the minute', async () => {
    const clock = { now: 0 };
    const send = appWith(2, 100, clock);
    await send('a');
    await send('a');
    expect((await send('a')).status).toBe(429);
    clock.now = 30_000;
    expect((await send('a')).status).toBe(200);
    expect((await send('a')).status).toBe(429);
  });

  it('keeps clients apart but holds everybody to the global ceiling', async () => {
    const clock = { now: 0 };
    const send = appWith(2, 3, clock);
    expect((await send('a')).status).toBe(200);
    expect((await send('b')).status).toBe(200);
    expect((await send('c')).status).toBe(200);
    const refused = await send('d');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit')).toMatch(/^"global";r=0;t=\d+$/);
    // The refused client's own allowance was not spent by the global refusal.
    clock.now = 20_000;
    expect((await send('d')).status).toBe(200);
  });

  it('names a window longer than a minute, and refills over it', async () => {
    const clock = { now: 0 };
    const tries = new RateLimiter('draft-tries', 5, () => clock.now, undefined, 30 * 60_000);
    const app = new Hono();
    app.post('/', rateLimit({ limiters: [tries], clientKey: () => 'a' }), (c) => c.text('ok'));
    const send = () => app.request('/', { method: 'POST' });
    for (let i = 0; i < 5; i += 1) expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.headers.get('ratelimit-policy')).toBe('"draft-tries";q=5;w=1800');
    expect(refused.headers.get('retry-after')).toBe('360');
    clock.now += 6 * 60_000;
    expect((await send()).status).toBe(200);
  });
});
