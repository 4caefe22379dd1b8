import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { lawFirm } from '../../demo/forms/index.ts';
import { harnessPerTest, ORIGIN } from '../test/fixtures/proxy-harness.ts';
import { NAMES_FRESH_MS } from './earlier-widget-files.ts';
import { loadWidgetAssets } from './widget-assets.ts';

const setUp = harnessPerTest();

describe('GET /api/form', () => {
  it('serves the configuration with the bot settings and the file picker, an ETag, and 304 when unchanged', async () => {
    const { app } = setUp();
    const response = await app.request('/api/form', { headers: { origin: ORIGIN } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ...lawFirm,
      minFillSeconds: 3,
      // The picker ready to show: the widget's first bundle carries no table of file kinds.
      picker: {
        accept: 'application/pdf,.pdf,image/png,.png,image/gif,.gif,image/jpeg,.jpg,.jpeg',
        kinds: 'PDF, PNG, GIF or JPEG',
      },
      // The version served: the widget sends it back with the enquiry.
      version: 1,
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const etag = response.headers.get('etag') ?? '';
    const again = await app.request('/api/form', {
      headers: { origin: ORIGIN, 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('tells a page on an origin that may not submit, before its visitor types anything', async () => {
    const response = await setUp().app.request('/api/form', {
      headers: { origin: 'https://copycat.example' },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toMatchObject({ error: 'origin_not_allowed' });
  });

  it('includes the Turnstile site key, never the secret', async () => {
    const turnstile = {
      siteKey: '1x00000000000000000000AA',
      scriptUrl: 'https://challenges.example/api.js',
    };
    const { app } = setUp({ deps: { turnstile } });
    const text = await (await app.request('/api/form')).text();
    expect(JSON.parse(text)).toMatchObject({ turnstile });
    expect(text).not.toMatch(/secret/i);
  });
});

describe('GET /api/form-token', () => {
  it('issues a token the proxy accepts, never cached', async () => {
    const { app, tokens } = setUp();
    const response = await app.request('/api/form-token', { headers: { origin: ORIGIN } });
    const { token } = (await response.json()) as { token: string };
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(tokens.verify(token)).toMatchObject({ valid: true });
    expect(tokens.verify(token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).toEqual({
      valid: false,
    });
  });
});

describe('GET /api/form-token limits', () => {
  it('answers 429 to a client asking for more than a token a second', async () => {
    const { app } = setUp();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await app.request('/api/form-token')).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('GET /enquiry-form.js', () => {
  const dir = mkdtempSync(join(tmpdir(), 'widget-'));
  const source = `export const hello = "${'enquiry '.repeat(200)}";\n//# sourceMappingURL=enquiry-form.js.map\n`;
  writeFileSync(join(dir, 'enquiry-form.js'), source);
  writeFileSync(join(dir, 'enquiry-form.js.map'), '{"version":3,"mappings":"AAAA"}');
  const late = 'export const later = 1;\n//# sourceMappingURL=enquiry-form.late-Ab12Cd34.js.map\n';
  writeFileSync(join(dir, 'enquiry-form.late-Ab12Cd34.js'), late);
  writeFileSync(join(dir, 'enquiry-form.late-Ab12Cd34.js.map'), '{"version":3}');
  writeFileSync(join(dir, 'notes.txt'), 'not the widget');
  const widget = loadWidgetAssets(dir);

  it('writes the form configuration above the bundle for a page that may use it', async () => {
    const { app } = setUp({ deps: { widget } });
    const allowed = await (
      await app.request('/enquiry-form.js', { headers: { origin: ORIGIN } })
    ).text();
    const [first = '', ...rest] = allowed.split('\n');
    expect(first).toMatch(/^const ENQUIRY_FORM_CONFIG=\{.*\};$/);
    const inlined = JSON.parse(first.slice('const ENQUIRY_FORM_CONFIG='.length, -1)) as unknown;
    expect(inlined).toEqual(await (await app.request('/api/form')).json());
    expect(rest.join('\n')).toBe(
      source.replace('enquiry-form.js.map', 'enquiry-form.inline.js.map'),
    );
    // Its source map is one line further down, as the code is.
    const map = await app.request('/enquiry-form.inline.js.map');
    expect(await map.json()).toEqual({ version: 3, mappings: ';AAAA' });
    // Another site's page gets the plain bundle, which asks /api/form and hears it may not.
    const elsewhere = await app.request('/enquiry-form.js', {
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(await elsewhere.text()).toBe(source);
    expect(elsewhere.headers.get('vary')).toBe('Accept-Encoding, Origin');
  });

  it('serves the bundle compressed, cacheable and loadable from any origin', async () => {
    const { app } = setUp({ deps: { widget } });
    const response = await app.request('/enquiry-form.js', {
      headers: { 'accept-encoding': 'gzip, br', origin: 'https://elsewhere.example' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('cache-control')).toBe(
      'public, max-age=300, stale-while-revalidate=86400',
    );
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(source);
  });

  it('revalidates with the ETag, caches a pinned version for a year, and serves the source map', async () => {
    const { app } = setUp({ deps: { widget } });
    const etag = (await app.request('/enquiry-form.js')).headers.get('etag') ?? '';
    expect(
      (await app.request('/enquiry-form.js', { headers: { 'if-none-match': etag } })).status,
    ).toBe(304);
    const pinned = await app.request(`/enquiry-form.js?v=${etag.replaceAll('"', '')}`);
    expect(pinned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const gzipOnly = await app.request('/enquiry-form.js', {
      headers: { 'accept-encoding': 'br;q=0, gzip;q=0.5' },
    });
    expect(gzipOnly.headers.get('content-encoding')).toBe('gzip');
    const identity = await app.request('/enquiry-form.js', {
      headers: { 'accept-encoding': 'identity', origin: 'https://elsewhere.example' },
    });
    expect(await identity.text()).toBe(source);
    expect(await (await app.request('/enquiry-form.js.map')).json()).toEqual({
      version: 3,
      mappings: 'AAAA',
    });
  });

  it('serves the late bundle by its hashed name, cached for a year, whatever the page’s origin', async () => {
    const { app } = setUp({ deps: { widget } });
    const response = await app.request('/enquiry-form.late-Ab12Cd34.js', {
      headers: { origin: 'https://elsewhere.example', 'accept-encoding': 'identity' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.text()).toBe(late);
    expect((await app.request('/enquiry-form.late-Ab12Cd34.js.map')).status).toBe(200);
    expect((await app.request('/enquiry-form.late-0000.js')).status).toBe(404);
    expect((await app.request('/notes.txt')).status).toBe(404);
  });

  it('sends a script only the headers a script is read by, and every page and answer all of them', async () => {
    const { app } = setUp({ deps: { widget } });
    /** Headers that only mean something on a document. */
    const documentOnly = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    const forEveryResponse = {
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
      'strict-transport-security': 'max-age=15552000; includeSubDomains',
    };
    const scripts = [
      '/enquiry-form.js',
      '/enquiry-form.js.map',
      '/enquiry-form.late-Ab12Cd34.js',
      '/enquiry-form.late-Ab12Cd34.js.map',
    ];
    const others = ['/api/form', '/form?case-type=conveyancing', '/enquiry-form.css', '/healthz'];
    for (const path of [...scripts, ...others]) {
      const script = scripts.includes(path);
      const response = await app.request(path, { headers: { origin: ORIGIN } });
      expect(Object.fromEntries(response.headers), path).toMatchObject({
        ...forEveryResponse,
        ...(script ? { 'access-control-allow-origin': '*' } : {}),
      });
      for (const name of documentOnly)
        expect(response.headers.has(name), `${path} ${name}`).toBe(!script);
    }
  });

  it('serves a late bundle or chunk of an earlier build the outbox kept, to a page from before a deploy', async () => {
    const { app, store, clock } = setUp({ deps: { widget } });
    const earlier = { name: 'enquiry-form.late-old0000001.js', body: 'export const old = "é";\n' };
    const ask = (name: string, headers: Record<string, string> = {}) =>
      app.request(`/${name}`, {
        headers: { origin: 'https://elsewhere.example', 'accept-encoding': 'br', ...headers },
      });
    // Asked for before any build kept it: not found, until the kept names are read again.
    expect(await (await ask(earlier.name)).json()).toMatchObject({ error: 'not_found' });
    await store.keepWidgetFiles([earlier], clock.now);
    expect((await ask(earlier.name)).status).toBe(404);
    clock.now += NAMES_FRESH_MS;

    const response = await ask(earlier.name);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const body = brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString();
    expect(body).toBe(earlier.body);
    const again = await ask(earlier.name, { 'if-none-match': response.headers.get('etag') ?? '' });
    expect(again.status).toBe(304);
    // Its source map was never kept, and the current build's files are this build's.
    expect((await ask(`${earlier.name}.map`)).status).toBe(404);
    expect(
      await (await ask('enquiry-form.late-Ab12Cd34.js', { 'accept-encoding': '' })).text(),
    ).toBe(late);
  });

  it('says how to build the widget when it has not been built', async () => {
    const response = await setUp().app.request('/enquiry-form.js');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      message: 'The widget has not been built: run npm run build.',
    });
  });
});

describe('unknown routes', () => {
  it('answers JSON 404 for anything else, with the security headers', async () => {
    const response = await setUp().app.request('/wp-admin');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: 'not_found',
      message: 'There is nothing at GET /wp-admin.',
    });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });
});
