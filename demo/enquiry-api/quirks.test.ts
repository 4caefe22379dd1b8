import { describe, expect, it } from 'vitest';
import { createEnquiryApi } from './app.ts';
import { FaultInjector } from './faults.ts';
import { PHP_WARNING, QUIRKS, type Quirk } from './quirks.ts';
import { AUTH, CREDENTIALS } from './test-fixtures.ts';

const ENQUIRY = JSON.stringify({ forename: 'Ada' });
const setUp = (quirk: Quirk) => {
  const faults = new FaultInjector({ quirk });
  const app = createEnquiryApi({ credentials: CREDENTIALS, faults });
  const post = (path: string, body = ENQUIRY) =>
    app.request(path, {
      method: 'POST',
      body,
      headers: { authorization: AUTH, 'content-type': 'application/json' },
    });
  return { app, post, faults };
};

describe('the stand-in speaking as WordPress', () => {
  it('serves the API at ?rest_route= too, with pretty permalinks or without', async () => {
    const { post } = setUp('none');
    const pretty = await post('/wp-json/enquiries/v1/enquiries/create');
    const plain = await post('/?rest_route=/enquiries/v1/enquiries/create');
    const indexed = await post('/index.php?rest_route=/enquiries/v1/enquiries/create');
    expect([pretty.status, plain.status, indexed.status]).toEqual([201, 201, 201]);
    const elsewhere = await post('/?rest_route=/other/v1/enquiries/create');
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toMatchObject({ code: 'rest_no_route' });
  });

  it('shows the front page at /wp-json/ under plain permalinks, and the API at ?rest_route=', async () => {
    const app = createEnquiryApi({
      credentials: CREDENTIALS,
      root: '/wp-json/enquiries/v1',
      faults: new FaultInjector({ quirk: 'plain-permalinks' }),
    });
    const post = (path: string) =>
      app.request(path, {
        method: 'POST',
        body: ENQUIRY,
        headers: { authorization: AUTH, 'content-type': 'application/json' },
      });
    const page = await post('/wp-json/enquiries/v1/enquiries/create');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<title>Lovelace');
    const routed = await post('/?rest_route=/enquiries/v1/enquiries/create');
    expect(routed.status).toBe(201);
    expect(await routed.json()).toMatchObject({ code: 201, result: expect.any(Number) });
  });

  it('prints PHP warnings before the JSON, with a 200 and text/html', async () => {
    const { post } = setUp('php-warnings');
    const res = await post('/wp-json/enquiries/v1/enquiries/create');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const text = await res.text();
    expect(text.startsWith(PHP_WARNING)).toBe(true);
    expect(JSON.parse(text.slice(PHP_WARNING.length))).toMatchObject({ code: 201 });
  });

  it.each([
    ['no-route', 404, 'rest_no_route'],
    ['rest_forbidden', 403, 'rest_forbidden'],
    ['rest_not_logged_in', 401, 'rest_not_logged_in'],
    ['incorrect_password', 401, 'incorrect_password'],
    ['invalid_username', 401, 'invalid_username'],
    ['application_passwords_disabled', 401, 'application_passwords_disabled'],
  ] as const)('answers %s with WordPress’s own %i body', async (quirk, status, code) => {
    const { post } = setUp(quirk);
    const res = await post('/wp-json/enquiries/v1/enquiries/create');
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ code, data: { status: expect.any(Number) } });
  });

  it('answers wp-die with the database error page, and waf-403 with a firewall’s page', async () => {
    const { app, post } = setUp('wp-die');
    const dbDown = await post('/wp-json/enquiries/v1/enquiries/create');
    expect(dbDown.status).toBe(500);
    expect(await dbDown.json()).toMatchObject({
      code: 'wp_die',
      message: '<h1>Error establishing a database connection</h1>',
    });
    const page = await app.request('/wp-json/enquiries/v1/enquiries/create', {
      method: 'POST',
      headers: { authorization: AUTH },
    });
    expect(await page.text()).toContain('<h1>Error establishing a database connection</h1>');
    const firewall = await setUp('waf-403').post('/wp-json/enquiries/v1/enquiries/upload');
    expect(firewall.status).toBe(403);
    expect(await firewall.text()).toContain('web application firewall');
  });

  it('knows every quirk it is asked for, and refuses an unknown one', () => {
    const faults = new FaultInjector();
    for (const quirk of QUIRKS) expect(faults.set({ quirk }).quirk).toBe(quirk);
    expect(() => faults.set({ quirk: 'sunshine' as Quirk })).toThrow(/quirk/);
  });
});
