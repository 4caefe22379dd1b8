import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HOST } from '../../test/fixtures/console-people.ts';
import { pageForm } from '../../test/fixtures/page-form.ts';
import { ORIGIN } from '../../test/fixtures/proxy-harness.ts';
import { studioConsole } from '../../test/fixtures/studio-console.ts';
import { studioHarnessPerTest } from '../../test/fixtures/studio-harness.ts';

const setUp = studioHarnessPerTest();
const BILINGUAL = JSON.parse(readFileSync('demo/forms/bilingual.json', 'utf8')) as unknown;
const QUESTION = '/admin/form/case-types/0/questions/0';

/** A complete enquiry of the bilingual form, as the widget sends it. */
const enquiry = (overrides: Record<string, unknown> = {}) => ({
  forename: 'Ada',
  surname: 'Lovelace',
  email: 'ada@example.com',
  case_type: 'conveyancing',
  answers: { transaction: 'Prynu' },
  consent: { consent_contact: true },
  lang: 'cy',
  form_token: 'preview',
  ...overrides,
});

/** The preview's API address for `who`, as its frame gives it to the widget. */
async function endpointOf(
  page: (who: never, path: string) => Promise<{ html: string }>,
  who: unknown,
) {
  const frame = (await page(who as never, '/admin/form/preview/frame?lang=cy')).html;
  const endpoint = /endpoint="([^"]+)"/.exec(frame)?.[1];
  if (!endpoint) throw new Error('the frame names no endpoint');
  return endpoint;
}

const send = (
  app: { request: (url: string, init: RequestInit) => Response | Promise<Response> },
  endpoint: string,
  part: unknown,
) => {
  const body = new FormData();
  body.append('enquiry', JSON.stringify(part));
  return app.request(`${HOST}${endpoint}/api/enquiries`, {
    method: 'POST',
    body,
    headers: {
      origin: HOST,
      'sec-fetch-site': 'same-origin',
      'idempotency-key': crypto.randomUUID(),
    },
  });
};

describe('the preview of the draft', () => {
  it('draws the real widget from the draft in a frame, at a phone’s width, saying that nothing sent reaches anyone', async () => {
    const { h, as, page } = await studioConsole(setUp, BILINGUAL);
    const reader = await as('marketer');
    const response = await h.app.request(`${HOST}/admin/form/preview?lang=cy&scheme=dark`, {
      headers: { cookie: reader.cookie },
    });
    expect(response.headers.get('content-security-policy')).toContain("frame-src 'self'");
    const html = await response.text();
    expect(html).toContain('Nothing sent from this preview reaches the platform or the outbox.');
    expect(html).toMatch(
      /<iframe\s+src="\/admin\/form\/preview\/frame\?lang=cy&amp;scheme=dark"[\s\S]*?width="390"/,
    );
    expect(html).toContain(
      'title="The form as a visitor sees it: Welsh, phone width, dark, with JavaScript"',
    );
    const desktop = (await page(reader, '/admin/form/preview?width=desktop&script=off')).html;
    expect(desktop).toMatch(/src="\/admin\/form\/preview\/page\?[^"]*"[\s\S]*?width="1280"/);

    const frame = await h.app.request(`${HOST}/admin/form/preview/frame?lang=cy&scheme=dark`, {
      headers: { cookie: reader.cookie },
    });
    expect(frame.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    const doc = await frame.text();
    expect(doc).toContain('<script type="module" src="/enquiry-form.js"></script>');
    expect(doc).toMatch(/<html lang="cy" class="dark">/);
    expect(doc).toMatch(
      /<enquiry-form\s+endpoint="\/admin\/form\/preview\/api\/[^"]+"\s+lang="cy"/,
    );
  });

  it('answers the widget with the draft, not the live form, in the language asked', async () => {
    const { h, as, page, submit } = await studioConsole(setUp, BILINGUAL);
    const editor = await as('operator');
    await submit(editor, QUESTION, { 'label.cy': 'Prynu ynteu gwerthu?' });
    const endpoint = await endpointOf(page, editor);
    // The widget sends no cookie: the key in the address is what lets it in.
    const form = await h.app.request(`${HOST}${endpoint}/api/form?lang=cy-GB`);
    expect(form.status).toBe(200);
    expect(form.headers.get('content-language')).toBe('cy');
    const config = (await form.json()) as {
      caseTypes: { questions: { label: string }[] }[];
      language: string;
    };
    expect(config.language).toBe('cy');
    expect(config.caseTypes[0]?.questions[0]?.label).toBe('Prynu ynteu gwerthu?');
    const live = (await (
      await h.app.request(`${HOST}/api/form?lang=cy`, { headers: { origin: ORIGIN } })
    ).json()) as typeof config;
    expect(JSON.stringify(live)).not.toContain('Prynu ynteu gwerthu?');
  });

  it('checks a send exactly as the proxy would and answers as it would, storing and delivering nothing', async () => {
    const { h, as, page } = await studioConsole(setUp, BILINGUAL);
    const endpoint = await endpointOf(page, await as('staff'));
    const taken = await send(h.app, endpoint, enquiry());
    expect(taken.status).toBe(201);
    expect(await taken.json()).toEqual({
      status: 'delivered',
      reference: 'PREVIEW',
      enquiryId: 0,
      files: [],
    });
    const refused = await send(h.app, endpoint, enquiry({ forename: '', consent: {} }));
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as {
      error: string;
      issues: { field: string; message: string }[];
    };
    expect(body.error).toBe('validation');
    expect(body.issues.map((issue) => issue.field)).toEqual([
      'forename',
      'consent.consent_contact',
    ]);
    // Said in Welsh, as the enquiry's language asks.
    expect(body.issues[0]?.message).toBe('Rhowch eich enw cyntaf');
    expect(h.calls).toEqual([]);
    // The key lets its holder use the preview: the log names the path without it.
    const paths = h.logs.lines().map((line) => (typeof line.path === 'string' ? line.path : ''));
    expect(paths).toContain('/admin/form/preview/api/…/api/enquiries');
    expect(paths.join()).not.toContain(endpoint);
    const counts = await h.store.counts();
    expect(counts.queued + counts.delivered + counts.dead + counts.partial + counts.spam).toBe(0);
  });

  it('lets in no key it did not make, nor the key of a session that has ended', async () => {
    const { h, as, page, post } = await studioConsole(setUp, BILINGUAL);
    const reader = await as('marketer');
    const endpoint = await endpointOf(page, reader);
    expect((await h.app.request(`${HOST}/admin/form/preview/api/forged.key/api/form`)).status).toBe(
      404,
    );
    expect((await send(h.app, '/admin/form/preview/api/forged.key', enquiry())).status).toBe(404);
    await post(reader, '/admin/sign-out', {});
    expect((await h.app.request(`${HOST}${endpoint}/api/form`)).status).toBe(404);
  });

  it('draws the page without JavaScript from the draft, posting to the preview, refused and taken as the proxy would', async () => {
    const { h, as, page } = await studioConsole(setUp, BILINGUAL);
    const reader = await as('marketer');
    const html = (await page(reader, '/admin/form/preview/page?lang=cy')).html;
    expect(html).toContain('<html lang="cy">');
    const form = pageForm(html, /action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? '');
    expect(form.action).toMatch(
      /^\/admin\/form\/preview\/api\/[^/]+\/api\/enquiries\?idempotency-key=[^&]+&lang=cy$/,
    );
    const body = new FormData();
    for (const [name, value] of Object.entries({ ...form.fields, forename: 'Ada' }))
      body.append(name, value);
    const refused = await h.app.request(`${HOST}${form.action}`, {
      method: 'POST',
      body,
      headers: { origin: HOST, 'sec-fetch-site': 'same-origin', accept: 'text/html' },
    });
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(again).toContain('Mae problem wedi codi');
    expect(again).toContain('value="Ada"');
    // Sent again, it goes to the preview again, never to the proxy's own intake.
    expect(again).toMatch(/action="\/admin\/form\/preview\/api\//);
    const full = new FormData();
    const fields = {
      ...form.fields,
      forename: 'Ada',
      surname: 'Lovelace',
      email: 'ada@example.com',
      'answers.transaction': 'buying',
      'consent.consent_contact': 'on',
    };
    for (const [name, value] of Object.entries(fields)) full.append(name, value);
    const taken = await h.app.request(`${HOST}${form.action}`, {
      method: 'POST',
      body: full,
      headers: { origin: HOST, 'sec-fetch-site': 'same-origin', accept: 'text/html' },
    });
    expect(taken.status).toBe(200);
    expect(await taken.text()).toContain('PREVIEW');
    expect(h.calls).toEqual([]);
  });

  it('shows a text still missing a language in the firm’s words, and names what stops a draft being drawn', async () => {
    const { as, page, submit } = await studioConsole(setUp, BILINGUAL);
    const editor = await as('operator');
    await submit(editor, QUESTION, { 'label.cy': '' });
    expect((await page(editor, '/admin/form/preview')).html).toContain(
      '1 text without all its languages shows the firm’s words here',
    );
    await submit(editor, QUESTION, { 'label.en': '' });
    const html = (await page(editor, '/admin/form/preview')).html;
    expect(html).toContain('The draft cannot be drawn until these are fixed');
    expect(html).not.toContain('<iframe');
  });
});
