import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ORIGIN,
  harnessPerTest,
  type ProxyHarness,
  sampleFiles,
  VALID_ENQUIRY_META,
  validEnquiry,
} from '../test/fixtures/proxy-harness.ts';
import { storedLeads } from '../test/fixtures/outbox.ts';

const setUp = harnessPerTest();

const sha = (bytes: Uint8Array | undefined) =>
  createHash('sha256')
    .update(bytes ?? new Uint8Array())
    .digest('hex');
const issuesOf = async (response: Response) =>
  ((await response.json()) as { issues: { field: string; code: string }[] }).issues.map(
    (i) => `${i.field}:${i.code}`,
  );

describe('POST /api/enquiries: delivery', () => {
  it('creates one enquiry with meta from the configuration and uploads each file byte for byte', async () => {
    const { submit, calls } = setUp();
    const pdf = sampleFiles.pdf();
    const png = sampleFiles.png();
    const response = await submit({}, [
      { name: 'survey.pdf', bytes: pdf, type: 'application/pdf' },
      { name: 'photo.png', bytes: png, type: 'image/png' },
    ]);
    expect(response.status).toBe(201);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      status: 'delivered',
      enquiryId: 1001,
      files: [
        { name: 'survey.pdf', status: 'delivered' },
        { name: 'photo.png', status: 'delivered' },
      ],
    });
    expect(body.reference).toMatch(/^EQ-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(response.headers.get('x-enquiry-reference')).toBe(body.reference);
    expect(calls.map((c) => c.endpoint)).toEqual(['create', 'upload', 'upload']);
    expect(calls.slice(1).map((c) => [c.postId, c.name, sha(c.bytes)])).toEqual([
      [1001, 'survey.pdf', sha(pdf)],
      [1001, 'photo.png', sha(png)],
    ]);
  });

  it('sends the labels of the configuration in its order, the contact fields and the marketing fields as sent', async () => {
    const sent: unknown[] = [];
    const { store, submit } = setUp();
    await submit({
      answers: {
        notes: 'First home',
        lender: 'Nationwide',
        property_value: 'Under £250,000',
        transaction: 'Buying',
      },
    });
    const [submission] = await storedLeads(store);
    sent.push(submission?.upstream);
    expect(sent[0]).toEqual({
      forename: 'Ada',
      surname: 'Lovelace',
      telephone_mobile: '07700 900123',
      email: 'ada@example.com',
      case_type: 'conveyancing',
      meta: VALID_ENQUIRY_META,
      marketing_lead_referer: 'google-ads',
      marketing_campaign: 'spring-2027',
      marketing_keywords: 'conveyancing solicitor',
      marketing_detail: 'hero banner B',
    });
  });

  it('applies showIf on the server: an answer to a hidden question is not sent', async () => {
    const { store, submit } = setUp();
    const answers = {
      transaction: 'Selling',
      property_value: 'Over £1 million',
      lender: 'Left over from before',
    };
    expect((await submit({ answers })).status).toBe(201);
    const [submission] = await storedLeads(store);
    expect(submission?.upstream.meta.map((m) => m.id)).toEqual(['transaction', 'property_value']);
  });

  it('lists ticked options in configuration order, joined into one string', async () => {
    const { store, submit } = setUp();
    const services = ['Lasting power of attorney', 'Make or update a will'];
    await submit({ case_type: 'wills-probate', answers: { services } });
    const [submission] = await storedLeads(store);
    expect(submission?.upstream.meta).toEqual([
      {
        id: 'services',
        label: 'Which services do you need?',
        value: 'Make or update a will, Lasting power of attorney',
      },
    ]);
  });

  it('sends a PNG named .pdf as a PNG, and strips paths and bidi overrides from names', async () => {
    const { submit, store } = setUp();
    await submit({}, [
      { name: 'scan.pdf', bytes: sampleFiles.png(), type: 'application/pdf' },
      { name: '../../uploads/inv\u202Efdp.jpeg', bytes: sampleFiles.jpeg() },
    ]);
    const [submission] = await storedLeads(store);
    expect(submission?.files.map((f) => [f.name, f.postname, f.mime])).toEqual([
      ['scan.png', 'scan.png', 'image/png'],
      ['invfdp.jpeg', 'invfdp.jpeg', 'image/jpeg'],
    ]);
  });
});

describe('POST /api/enquiries: refusals never reach the platform', () => {
  type Send = (h: ProxyHarness) => Response | Promise<Response>;
  const refusals: [string, Send, number, string[]][] = [
    [
      'an executable named .pdf',
      (h) => h.submit({}, [{ name: 'invoice.pdf', bytes: sampleFiles.exe() }]),
      415,
      ['files[0]:file_kind'],
    ],
    [
      'an audio file',
      (h) => h.submit({}, [{ name: 'memo.mp3', bytes: sampleFiles.mp3() }]),
      415,
      ['files[0]:file_audio_video'],
    ],
    [
      'an empty file',
      (h) => h.submit({}, [{ name: 'a.pdf', bytes: new Uint8Array() }]),
      400,
      ['files[0]:file_empty'],
    ],
    [
      'a missing forename and a bad email',
      (h) => h.submit({ forename: '', email: 'ada@' }),
      400,
      ['forename:required', 'email:invalid_email'],
    ],
    [
      'an unknown case type',
      (h) => h.submit({ case_type: 'piracy' }),
      400,
      ['case_type:unknown_case_type'],
    ],
    [
      'an unknown question id',
      (h) => h.submit({ answers: { ...validEnquiry().answers, shoe_size: '9' } }),
      400,
      ['answers.shoe_size:unknown_question'],
    ],
    [
      'an answer that is not an option',
      (h) => h.submit({ answers: { transaction: 'Renting', property_value: 'Under £250,000' } }),
      400,
      ['answers.transaction:not_an_option'],
    ],
    [
      'a missing required answer',
      (h) => h.submit({ answers: { transaction: 'Buying' } }),
      400,
      ['answers.property_value:required'],
    ],
    [
      'an unknown key',
      (h) => h.submit({ colour: 'red' } as never),
      400,
      ['colour:unrecognized_key'],
    ],
    [
      'a number where a string belongs',
      (h) => h.submit({ forename: 7 } as never),
      400,
      ['forename:invalid_type'],
    ],
    [
      'an enquiry part that is not JSON',
      (h) => h.submit('{"forename": "Ada"'),
      400,
      ['enquiry:invalid_type'],
    ],
    ['no form token', (h) => h.submit({ form_token: undefined }), 400, ['form_token:required']],
  ];

  it.each(refusals)('refuses %s with the issues named', async (_name, send, status, issues) => {
    const harness = setUp();
    const response = await send(harness);
    expect(response.status).toBe(status);
    expect(await issuesOf(response)).toEqual(issues);
    expect(harness.calls).toHaveLength(0);
    expect(await storedLeads(harness.store)).toHaveLength(0);
  });

  it('explains the problems in words a visitor understands', async () => {
    const response = await setUp().submit({}, [{ name: 'memo.mp3', bytes: sampleFiles.mp3() }]);
    expect(await response.json()).toMatchObject({
      error: 'unsupported_file',
      issues: [
        {
          message:
            '“memo.mp3” is an audio or video file, which cannot be sent. Convert it to PDF where possible, or choose a PDF, PNG, GIF or JPEG file',
        },
      ],
    });
  });

  it('refuses a file over the size limit with 413, and one file too many with 400', async () => {
    const big = setUp();
    const tooBig = await big.submit({}, [
      { name: 'big.pdf', bytes: sampleFiles.pdf(10 * 1024 * 1024) },
    ]);
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({
      error: 'too_large',
      issues: [{ field: 'files[0]', code: 'file_too_big' }],
    });
    const many = setUp();
    const six = Array.from({ length: 6 }, (_, i) => ({
      name: `p${i}.pdf`,
      bytes: sampleFiles.pdf(10),
    }));
    const tooMany = await many.submit({}, six);
    expect(tooMany.status).toBe(400);
    expect(await issuesOf(tooMany)).toEqual(['files:too_many_files']);
    expect([...big.calls, ...many.calls]).toHaveLength(0);
  });

  it('refuses a body that is not multipart, a missing enquiry part and a stray part', async () => {
    const { app, calls } = setUp();
    const post = (body: BodyInit, headers: Record<string, string> = {}) =>
      app.request('/api/enquiries', {
        method: 'POST',
        body,
        headers: { origin: ORIGIN, ...headers },
      });
    const json = await post(JSON.stringify(validEnquiry()), { 'content-type': 'application/json' });
    expect([json.status, ((await json.json()) as { error: string }).error]).toEqual([
      400,
      'bad_request',
    ]);
    const noEnquiry = new FormData();
    noEnquiry.append('files', new File([sampleFiles.pdf()], 'a.pdf'));
    expect(await issuesOf(await post(noEnquiry))).toEqual(['enquiry:required']);
    const stray = new FormData();
    stray.append('enquiry', '{}');
    stray.append('avatar', new File([sampleFiles.png()], 'a.png'));
    expect(await issuesOf(await post(stray))).toEqual(['avatar:unrecognized_key']);
    const broken = await post('--x\r\nContent-Disposition: form-data; name="enquiry"\r\n\r\n{}', {
      'content-type': 'multipart/form-data; boundary=x',
    });
    expect(broken.status).toBe(400);
    expect(calls).toHaveLength(0);
  });

  it('refuses a body larger than the files allowed, from its Content-Length, before reading it', async () => {
    const { app } = setUp();
    const response = await app.request('/api/enquiries', {
      method: 'POST',
      body: 'x',
      headers: {
        origin: ORIGIN,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(200 * 1024 * 1024),
      },
    });
    expect(response.status).toBe(413);
  });
});
