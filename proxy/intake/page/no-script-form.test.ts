/**
 * The form without JavaScript, in memory: the page a visitor without script gets, and what a
 * plain post of it is answered with (the same checks, outbox and platform as the widget's).
 */
import { describe, expect, it, vi } from 'vitest';
import { lawFirm } from '../../../demo/forms/index.ts';
import { lawFirmWithConsent } from '../../test/fixtures/consent-config.ts';
import { inputs, plainForm, postPlain } from '../../test/fixtures/plain-post.ts';
import { harnessPerTest, healthyPlatform, ORIGIN } from '../../test/fixtures/proxy-harness.ts';
import { storedLeads } from '../../test/fixtures/outbox.ts';

const setUp = harnessPerTest();
const PDF = new Uint8Array(Buffer.from('%PDF-1.7\nplan'));

const post = (
  harness: ReturnType<typeof setUp>,
  form: FormData,
  host = 'proxy.example',
  action = '/api/enquiries',
) => postPlain(harness, form, { host, action });

describe('GET /form', () => {
  it('serves the case type’s questions as a complete page, attribution and hidden answers from the URL', async () => {
    const harness = setUp({ config: lawFirmWithConsent });
    const response = await harness.app.request(
      '/form?case-type=conveyancing&utm_campaign=spring-2027&partner=acme',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toMatch(/style-src 'sha256-/);
    const page = await response.text();
    expect(page).toMatch(
      /<form method="post" action="\/api\/enquiries\?idempotency-key=[\w-]{36}&amp;back=[^"]+" enctype="multipart\/form-data"/,
    );
    expect(inputs(page, 'marketing.campaign', 'spring-2027')).toHaveLength(1);
    expect(inputs(page, 'answers.partner', 'acme')[0]).toContain('type="hidden"');
    expect(inputs(page, 'consent.consent_contact')[0]).toMatch(/ required/);
    expect(page).toContain(
      '<a href="https://firm.example/privacy" target="_blank" rel="noopener noreferrer">privacy notice</a>',
    );
    expect(inputs(page, 'form_token')[0]).toMatch(/value="v\d\./);
    expect(page).toContain('Are you buying or selling?');
  });

  it('asks for the case type first when the URL names none, keeping the rest of the query', async () => {
    const harness = setUp();
    const page = await (await harness.app.request('/form?campaign=spring')).text();
    expect(page).toMatch(/<form method="get" action="\/form"/);
    expect(page).toMatch(/<input type="hidden" name="campaign" value="spring"/);
    for (const caseType of lawFirm.caseTypes) expect(page).toContain(caseType.label);
  });

  it('offers a few case types as radios and a long list as a select, as the widget does', async () => {
    const few = await (await setUp().app.request('/form')).text();
    for (const caseType of lawFirm.caseTypes)
      expect(inputs(few, 'case-type', caseType.id)[0]).toContain('type="radio"');
    expect(few).not.toContain('<select');
    const many = setUp({ config: { ...lawFirm, caseTypeRadiosUpTo: 2 } });
    const page = await (await many.app.request('/form')).text();
    expect(page).toMatch(/<select id="field-case_type" name="case-type" required>/);
    expect(inputs(page, 'case-type')).toEqual([]);
  });

  it('escapes what the URL says', async () => {
    const harness = setUp();
    const page = await (
      await harness.app.request('/form?case-type=conveyancing&campaign=%22%3E%3Cscript%3Ex')
    ).text();
    expect(page).not.toContain('<script>');
    expect(page).toContain('&quot;&gt;&lt;script&gt;x');
  });
});

describe('POST /api/enquiries from the form without JavaScript', () => {
  it('delivers it with its file and sends the browser on to the confirmation with the reference and a way back', async () => {
    const harness = setUp();
    const form = plainForm(harness.formToken());
    form.append('files', new File([PDF], 'plan.pdf', { type: 'application/pdf' }));
    const response = await post(harness, form);
    expect(response.status).toBe(303);
    const sent = response.headers.get('location') ?? '';
    // The reference travels in a signed pass, not as text anyone could put in a link.
    expect(sent).toMatch(/^\/form\/sent\?pass=[\w-]+(\.|%2E)[\w-]+$/);
    const page = await (await harness.app.request(sent)).text();
    expect(page).toContain(`<a href="${ORIGIN}/">Back to www.lovelace-law.example</a>`);
    const reference = /<span class="reference">(EQ-[A-Z0-9-]+)<\/span>/.exec(page)?.[1];
    expect(reference).toBeDefined();
    const stored = await harness.store.get(reference ?? '');
    expect(stored).toMatchObject({ state: 'delivered', files: [{ name: 'plan.pdf' }] });
    expect(stored?.upstream).toMatchObject({
      forename: 'Ada',
      marketing_campaign: 'spring-2027',
      case_type: 'conveyancing',
    });
  });

  it('takes a post with no file chosen (the browser still sends an empty part)', async () => {
    const harness = setUp();
    const form = plainForm(harness.formToken());
    form.append('files', new File([], '', { type: 'application/octet-stream' }));
    expect((await post(harness, form)).status).toBe(303);
  });

  it('answers the same page sent twice with the first answer: one enquiry, never the spent-token error', async () => {
    const harness = setUp({ config: lawFirmWithConsent });
    const page = await (
      await harness.app.request('/form?case-type=conveyancing', {
        headers: { referer: `${ORIGIN}/conveyancing?utm_campaign=spring` },
      })
    ).text();
    const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1]?.replaceAll('&amp;', '&');
    // Old enough to pass the fill-time check, and the same in both posts, as the page's is.
    const token = harness.formToken();
    const form = () => plainForm(token, { 'consent.consent_contact': 'on' });
    const first = await post(harness, form(), 'proxy.example', action);
    const second = await post(harness, form(), 'proxy.example', action);
    expect(first.status).toBe(303);
    expect(second.status).toBe(303);
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    expect(harness.calls).toHaveLength(1);
  });

  it('shows a second press while the first is still being sent as received, never as a failure', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const harness = setUp({
      answer: async (call, n) => {
        await held;
        return healthyPlatform(call, n);
      },
    });
    const page = await (await harness.app.request('/form?case-type=conveyancing')).text();
    const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1]?.replaceAll('&amp;', '&');
    const token = harness.formToken();
    const first = post(harness, plainForm(token), 'proxy.example', action);
    await vi.waitUntil(() => harness.calls.length === 1);
    const second = await post(harness, plainForm(token), 'proxy.example', action);
    release();
    expect(second.status).toBe(303);
    const shown = async (response: Response) => {
      const page = await (await harness.app.request(response.headers.get('location') ?? '')).text();
      return [
        /<h1>([^<]+)<\/h1>/.exec(page)?.[1],
        /<span class="reference">(EQ-[A-Z0-9-]+)<\/span>/.exec(page)?.[1],
      ];
    };
    const [title, reference] = await shown(second);
    expect(title).toBe('Enquiry received');
    expect(reference).toMatch(/^EQ-/);
    expect((await shown(await first))[1]).toBe(reference);
    expect(harness.calls).toHaveLength(1);
  });

  it('sends the visitor to the thank-you page with the reference, when there is one, and the form page may post there', async () => {
    const harness = setUp({ config: lawFirmWithConsent });
    const page = await harness.app.request('/form?case-type=conveyancing');
    expect(page.headers.get('content-security-policy')).toContain(
      "form-action 'self' https://www.lovelace-law.example;",
    );
    const form = plainForm(harness.formToken(), { 'consent.consent_contact': 'on' });
    const response = await post(harness, form);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(
      /^https:\/\/www\.lovelace-law\.example\/thank-you\?reference=EQ-/,
    );
  });

  it('shows the form again with every value kept and the problems on top', async () => {
    const harness = setUp({ config: lawFirmWithConsent });
    const form = plainForm(harness.formToken(), {
      email: 'not-an-email',
      'answers.notes': 'Kept <b>as typed</b>',
    });
    const response = await post(harness, form);
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('<title>Error: Send an enquiry</title>');
    expect(page).toMatch(/class="summary" role="alert"/);
    expect(page).toContain('href="#field-email"');
    expect(page).toContain('href="#field-consent-consent_contact"');
    expect(page).toContain('value="not-an-email"');
    expect(page).toContain('Kept &lt;b&gt;as typed&lt;/b&gt;');
    expect(inputs(page, 'answers.transaction', 'Buying')[0]).toMatch(/ checked/);
    expect(inputs(page, 'answers.transaction', 'Selling')[0]).not.toMatch(/ checked/);
    expect(harness.calls).toEqual([]);
  });

  it('offers the correction of a likely email typo on the error round trip, in the visitor’s region', async () => {
    const harness = setUp();
    const form = plainForm(harness.formToken(), { forename: '', email: 'ada@hotmial.co.uk' });
    const response = await harness.app.request('http://proxy.example/api/enquiries', {
      method: 'POST',
      body: form,
      headers: {
        origin: 'http://proxy.example',
        host: 'proxy.example',
        accept: 'text/html',
        'accept-language': 'en-GB,en;q=0.8',
      },
    });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain(
      '<p class="hint" id="field-email-hint">Did you mean ada@hotmail.co.uk?</p>',
    );
    expect(inputs(page, 'email')[0]).toContain('aria-describedby="field-email-hint"');
    expect(page).toContain('value="ada@hotmial.co.uk"');
  });

  it('never holds an enquiry back for an email typo: the address is sent as typed', async () => {
    const harness = setUp();
    const response = await post(
      harness,
      plainForm(harness.formToken(), { email: 'ada@gmial.com' }),
    );
    expect(response.status).toBe(303);
    const [stored] = await storedLeads(harness.store);
    expect(stored?.upstream.email).toBe('ada@gmial.com');
  });

  it('refuses a hidden answer the configuration does not allow, as for the widget', async () => {
    const harness = setUp({ config: lawFirmWithConsent });
    const form = plainForm(harness.formToken(), {
      'consent.consent_contact': 'on',
      'answers.partner': 'evil-corp',
    });
    const response = await post(harness, form);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('href="#field-answers-partner"');
  });

  it('answers a refusal before the fields were read with a page too', async () => {
    const harness = setUp();
    const response = await harness.app.request('/api/enquiries', {
      method: 'POST',
      body: plainForm(harness.formToken()),
      headers: { origin: 'https://elsewhere.example', accept: 'text/html' },
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('are not accepted');
  });

  it('still refuses another site’s page, and answers the widget in JSON', async () => {
    const harness = setUp();
    const elsewhere = await harness.app.request('http://proxy.example/api/enquiries', {
      method: 'POST',
      body: plainForm(harness.formToken()),
      headers: { origin: 'https://elsewhere.example', host: 'proxy.example' },
    });
    expect(elsewhere.status).toBe(403);
    expect((await harness.submit()).headers.get('content-type')).toMatch(/^application\/json/);
    expect(ORIGIN).not.toBe('http://proxy.example');
  });
});
