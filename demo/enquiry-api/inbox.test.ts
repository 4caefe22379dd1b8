import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { createEnquiryApi } from './app.ts';
import { contentDisposition, type InboxJson } from './inbox.ts';
import { CREDENTIALS, ENQUIRY, FILES, serviceClient, sha256, uploadBody } from './test-fixtures.ts';

const HOSTILE = '<script>alert("x")</script>';

let app: ReturnType<typeof createEnquiryApi>;
let api: ReturnType<typeof serviceClient>;

beforeEach(() => {
  app = createEnquiryApi({ credentials: CREDENTIALS });
  api = serviceClient(app);
});

const page = async () => {
  const res = await app.request('/inbox');
  return { res, text: await res.text() };
};

describe('GET /inbox', () => {
  it('shows enquiries newest first, without a login', async () => {
    await api.create({ ...ENQUIRY, forename: 'Ada' });
    await api.create({ ...ENQUIRY, forename: 'Grace' });
    const { res, text } = await page();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(text.indexOf('enquiry 1002')).toBeLessThan(text.indexOf('enquiry 1001'));
    expect(text.indexOf('enquiry 1002')).toBeGreaterThan(-1);
  });

  it('says what each count is, the refusal a proxy asks for at its start among them', async () => {
    // The proxy's check at start: a create without a forename, refused, creating nothing.
    await api.create({});
    const { text } = await page();
    expect(text).toMatch(
      /<dt>Refused with a 4xx \(each proxy start sends one on purpose: a create without a forename, which proves the address and login and creates nothing\)<\/dt>\s*<dd>1<\/dd>/,
    );
    expect(text).toMatch(/<dt>Enquiries created<\/dt>\s*<dd>0<\/dd>/);
    expect(text).not.toContain('<dt>rejected</dt>');
  });

  it('shows the meta entries as a table and each file as a download link', async () => {
    await api.create();
    await api.upload(uploadBody('1001'));
    const { text } = await page();
    expect(text).toContain(`<td>${ENQUIRY.meta[0]?.label}</td>`);
    expect(text).toContain('<a href="/inbox/files/50001">site-plan.png</a>');
  });

  it('escapes a hostile name, label, value and file name', async () => {
    const meta = [{ id: 'x', label: `"><img src=x onerror=alert(1)>`, value: HOSTILE }];
    await api.create({ ...ENQUIRY, forename: HOSTILE, meta });
    await api.upload(uploadBody('1001', FILES.png, 'image/png', `${HOSTILE}.png`));
    const { text } = await page();
    expect(text).not.toContain('<script');
    expect(text).not.toContain('<img');
    expect(text).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });

  it('shows the raw request body, indented, for debugging what a client sent', async () => {
    await api.create({ forename: 'Grace' });
    expect((await page()).text).toContain(
      '<pre>{\n  &quot;forename&quot;: &quot;Grace&quot;\n}</pre>',
    );
  });

  it('says so when nothing has arrived yet', async () => {
    expect((await page()).text).toContain('No enquiries yet.');
  });

  it('allows only its own stylesheet, by hash, under its Content-Security-Policy', async () => {
    const { res, text } = await page();
    const style = /<style>([\s\S]*?)<\/style>/.exec(text)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`style-src 'sha256-${hash}'`);
    expect(csp).not.toContain('unsafe-inline');
  });
});

describe('GET /inbox.json', () => {
  it('lists enquiries oldest first with their files and the stats', async () => {
    await api.create();
    await api.create({ forename: 'Grace' });
    await api.upload(uploadBody('1001'));
    await api.create({});
    const body = (await (await app.request('/inbox.json')).json()) as InboxJson;
    expect(body.enquiries.map((e) => e.id)).toEqual([1001, 1002]);
    expect(body.enquiries[0]).toEqual({
      ...ENQUIRY,
      id: 1001,
      receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      files: [
        {
          id: 50001,
          name: 'site-plan.png',
          mime: 'image/png',
          postname: 'site-plan.png',
          size: FILES.png.length,
          sha256: sha256(FILES.png),
          url: '/inbox/files/50001',
        },
      ],
    });
    expect(body.enquiries[1]).toMatchObject({ forename: 'Grace', surname: null, meta: [] });
    expect(body.stats).toEqual({
      createRequests: 3,
      uploadRequests: 1,
      created: 2,
      uploaded: 1,
      rejected: 1,
      faulted: 0,
    });
  });
});

describe('GET /inbox/files/:id', () => {
  it('gives back the uploaded bytes unchanged, with the stored type', async () => {
    await api.create();
    await api.upload(uploadBody('1001', FILES.pdf, 'application/pdf', 'contract.pdf'));
    const res = await app.request('/inbox/files/50001');
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="contract.pdf"');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(FILES.pdf));
  });

  it('answers 404 for a file that does not exist', async () => {
    expect((await app.request('/inbox/files/50001')).status).toBe(404);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII name as a plain quoted filename', () => {
    expect(contentDisposition('site plan.png')).toBe('attachment; filename="site plan.png"');
  });

  it('adds an RFC 5987 UTF-8 filename* for a non-ASCII name', () => {
    expect(contentDisposition('Résumé ✓.pdf')).toBe(
      `attachment; filename="R_sum_ _.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%E2%9C%93.pdf`,
    );
  });

  it('keeps quotes, backslashes and percent signs out of the quoted filename', () => {
    expect(contentDisposition('a"b\\c%d.pdf')).toBe(
      `attachment; filename="a_b_c_d.pdf"; filename*=UTF-8''a%22b%5Cc%25d.pdf`,
    );
  });

  it('drops control characters, so a name cannot split the header', () => {
    expect(contentDisposition('a\r\nb.pdf')).toBe('attachment; filename="ab.pdf"');
  });

  it('encodes a lone surrogate as the replacement character instead of throwing', () => {
    expect(contentDisposition('a\ud800.pdf')).toContain(`filename*=UTF-8''a%EF%BF%BD.pdf`);
  });
});
