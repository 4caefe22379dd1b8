/**
 * The proxy's own origin behind a reverse proxy that terminates TLS, possibly on a port of its
 * own: `PUBLIC_URL` names it, else the scheme and host come from the request, the forwarded
 * headers believed only from a trusted proxy.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { harnessPerTest } from '../test/fixtures/proxy-harness.ts';
import { publicOrigin, type PublicOriginOptions } from './public-origin.ts';

const setUp = harnessPerTest();

/** The origin `publicOrigin` finds for a request to the proxy on 127.0.0.1:8080 with `headers`. */
async function originOf(options: PublicOriginOptions, headers: Record<string, string>) {
  const app = new Hono().get('/', (c) => c.json(publicOrigin(c, options)));
  const answer = await app.request('http://127.0.0.1:8080/', { headers });
  return (await answer.json()) as { https: boolean; origin: string };
}

describe('the public origin', () => {
  const trusted = { fromTrustedProxy: () => true };
  const untrusted = { fromTrustedProxy: () => false };
  const forwarded = { host: 'forms.example.com', 'x-forwarded-proto': 'https' };

  it('is PUBLIC_URL when set, whatever the request says', async () => {
    const options = { ...untrusted, publicUrl: 'https://forms.example.com:8443' };
    expect(await originOf(options, { host: 'elsewhere.example' })).toEqual({
      https: true,
      origin: 'https://forms.example.com:8443',
    });
  });

  it('believes X-Forwarded-Proto only from a trusted proxy', async () => {
    expect(await originOf(trusted, forwarded)).toEqual({
      https: true,
      origin: 'https://forms.example.com',
    });
    expect(await originOf(untrusted, forwarded)).toEqual({
      https: false,
      origin: 'http://forms.example.com',
    });
  });
});

describe('an enquiry from a page of the proxy’s own (the form without JavaScript)', () => {
  it('is taken from PUBLIC_URL behind a reverse proxy on a port of its own', async () => {
    const publicUrl = 'https://forms.example.com:8443';
    // nginx passes `Host $host`, without the port the browser's Origin has.
    const viaNginx = { origin: publicUrl, host: 'forms.example.com' };
    expect((await setUp().submit({}, [], viaNginx)).status).toBe(403);
    expect((await setUp({ deps: { publicUrl } }).submit({}, [], viaNginx)).status).toBe(201);
  });

  it('is still refused from another site', async () => {
    const h = setUp({ deps: { publicUrl: 'https://forms.example.com' } });
    const elsewhere = { origin: 'https://elsewhere.example', host: 'forms.example.com' };
    expect((await h.submit({}, [], elsewhere)).status).toBe(403);
  });
});
