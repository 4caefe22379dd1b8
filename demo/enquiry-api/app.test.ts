import { beforeEach, describe, expect, it } from 'vitest';
import { createEnquiryApi, DEFAULT_ROOT, normaliseRoot, EnquiryApiOptionsError } from './app.ts';
import { EnquiryStore } from './store.ts';
import { CREDENTIALS, ENQUIRY, FILES, serviceClient, uploadBody } from './test-fixtures.ts';

let store: EnquiryStore;
let api: ReturnType<typeof serviceClient>;
let app: ReturnType<typeof createEnquiryApi>;

beforeEach(() => {
  store = new EnquiryStore(':memory:');
  app = createEnquiryApi({ credentials: CREDENTIALS, store, bodyLimitBytes: 64 * 1024 });
  api = serviceClient(app);
});

const refusal = (code: number, status: string) => ({ code, status, result: false });
const missing = (name: string) =>
  refusal(400, `Required parameter \`${name}\` is missing or empty.`);

describe('create (spec 4.1)', () => {
  it('answers 201 "Created enquiry" with the new id, starting at 1001', async () => {
    const first = await api.create();
    const second = await api.create();
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ code: 201, status: 'Created enquiry', result: 1001 });
    expect(await second.json()).toMatchObject({ result: 1002 });
  });

  it('stores every field of section 2.1, the meta entries and the raw body', async () => {
    await api.create();
    const [stored] = store.listEnquiries();
    expect(stored).toMatchObject({ ...ENQUIRY, id: 1001, rawBody: JSON.stringify(ENQUIRY) });
  });

  it('accepts any number of meta entries, none included', async () => {
    const meta = Array.from({ length: 60 }, (_, i) => ({ id: `q${i}`, label: 'Q', value: 'A' }));
    expect((await api.create({ forename: 'Ada', meta })).status).toBe(201);
    expect((await api.create({ forename: 'Ada', meta: [] })).status).toBe(201);
  });

  it('answers the 400 of section 7 when forename is missing', async () => {
    const res = await api.create({ ...ENQUIRY, forename: undefined });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(missing('forename'));
  });

  it('names a meta entry PHP-style when its label is empty', async () => {
    const meta = [ENQUIRY.meta[0], { ...ENQUIRY.meta[1], label: '' }];
    expect(await (await api.create({ ...ENQUIRY, meta })).json()).toEqual(
      missing('meta[1][label]'),
    );
  });

  it('stores nothing when it refuses', async () => {
    await api.create({ surname: 'Lovelace' });
    expect(store.listEnquiries()).toEqual([]);
  });
});

describe('upload (spec 4.2 and 8)', () => {
  beforeEach(async () => {
    await api.create();
  });

  it.each([
    ['pdf', FILES.pdf, 'application/pdf'],
    ['png', FILES.png, 'image/png'],
    ['gif', FILES.gif, 'image/gif'],
    ['jpeg', FILES.jpeg, 'image/jpeg'],
  ])('answers 201 "Accepted" with an attachment id for a %s', async (kind, bytes, mime) => {
    const res = await api.upload(uploadBody('1001', bytes, mime, `file.${kind}`));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ code: 201, status: 'Accepted', result: 50001 });
  });

  it('numbers attachments in their own sequence, apart from enquiry ids', async () => {
    await api.upload(uploadBody('1001'));
    await api.create();
    const res = await api.upload(uploadBody('1002'));
    expect(await res.json()).toMatchObject({ result: 50002 });
  });

  it('takes post_id as a string, as the spec says, or as an integer', async () => {
    expect((await api.upload(uploadBody('1001'))).status).toBe(201);
    expect((await api.upload(uploadBody(1001))).status).toBe(201);
  });

  it('stores the decoded bytes against the enquiry', async () => {
    await api.upload(uploadBody('1001'));
    const [stored] = store.listEnquiries();
    expect(stored?.files).toEqual([expect.objectContaining({ id: 50001, size: FILES.png.length })]);
    expect(store.getFile(50001)?.bytes.equals(FILES.png)).toBe(true);
  });

  it.each([
    ['post_id', { post_id: undefined }],
    ['file', { file: undefined }],
    ['file[name]', { file: { mime: 'image/png', postname: 'a.png' } }],
    ['file[mime]', { file: { name: 'a.png', postname: 'a.png' } }],
    ['file[postname]', { file: { name: 'a.png', mime: 'image/png' } }],
    ['contents', { contents: undefined }],
  ])('answers the 400 of section 7 naming `%s`', async (name, change) => {
    const res = await api.upload({ ...uploadBody('1001'), ...change });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(missing(name));
  });

  it('answers the empty-file 400 of section 7 when contents is empty', async () => {
    const res = await api.upload({ ...uploadBody('1001'), contents: '' });
    expect(await res.json()).toEqual(
      refusal(
        400,
        'The file content is empty. Check the encoding of `contents`: it must be base64.',
      ),
    );
  });
});

describe('cases the spec does not show', () => {
  beforeEach(async () => {
    await api.create();
  });

  it('answers 404 for a post_id no create returned', async () => {
    const res = await api.upload(uploadBody('999'));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(refusal(404, 'No enquiry has `post_id` 999.'));
  });

  it('answers 404 for a post_id that is not a number', async () => {
    expect((await api.upload(uploadBody('abc'))).status).toBe(404);
  });

  it('answers 415 for an audio file', async () => {
    const res = await api.upload(uploadBody('1001', FILES.mp3, 'audio/mpeg', 'memo.mp3'));
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual(
      refusal(415, 'Files of type `audio/mpeg` are not supported: send pdf, png, gif or jpeg.'),
    );
  });

  it('answers 415 for a PDF declared as a PNG', async () => {
    const res = await api.upload(uploadBody('1001', FILES.pdf, 'image/png'));
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual(
      refusal(415, 'The contents of `file` are not of type `image/png`.'),
    );
  });

  it('answers 400 for contents that are not strict base64', async () => {
    const contents = FILES.png.toString('base64url');
    const res = await api.upload({ ...uploadBody('1001'), contents: `${contents}!` });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(
      refusal(400, 'Parameter `contents` is not valid base64 (alphabet, padding or length).'),
    );
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await api.create('{"forename": "Ada"');
    expect(await res.json()).toEqual(refusal(400, 'The request body is not valid JSON.'));
  });

  it.each([['[]'], ['null'], ['"Ada"'], ['42']])(
    'answers 400 for the JSON body %s, which is not an object',
    async (body) => {
      const res = await api.create(body);
      expect(await res.json()).toEqual(refusal(400, 'The request body must be a JSON object.'));
    },
  );

  it('answers 400 for a body sent without a JSON content type', async () => {
    const res = await api.create(ENQUIRY, { 'content-type': 'text/plain' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: expect.stringMatching(/application\/json/) });
  });

  it('accepts a JSON content type with a charset', async () => {
    const res = await api.create(ENQUIRY, { 'content-type': 'application/json; charset=UTF-8' });
    expect(res.status).toBe(201);
  });

  it.each(['GET', 'PUT', 'DELETE'])('answers 405 with Allow: POST to %s', async (method) => {
    const res = await app.request(`${DEFAULT_ROOT}/enquiries/upload`, {
      method,
      headers: {
        authorization: `Basic ${btoa(`${CREDENTIALS.username}:${CREDENTIALS.password}`)}`,
      },
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await res.json()).toMatchObject({ code: 405, result: false });
  });

  it('answers 404 to an unknown route under the root, as WordPress does', async () => {
    const res = await api.post('/enquiries/delete', {});
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
      data: { status: 404 },
    });
  });

  it('answers 413 when the declared length is over the limit', async () => {
    const body = JSON.stringify({ ...ENQUIRY, marketing_detail: 'x'.repeat(70 * 1024) });
    const res = await api.create(body, { 'content-length': String(body.length) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(
      refusal(413, 'The request body is larger than the limit of 65536 bytes.'),
    );
  });

  it('answers 413 when a body without a length grows over the limit', async () => {
    const res = await api.create({ ...ENQUIRY, marketing_detail: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
  });

  it('counts every refusal in the stats', async () => {
    await api.create({});
    await api.upload(uploadBody('999'));
    await api.create(ENQUIRY, { authorization: undefined });
    expect(store.stats).toMatchObject({
      createRequests: 3,
      uploadRequests: 1,
      created: 1,
      rejected: 3,
    });
  });
});

describe('the service root', () => {
  it('can be moved, and the default one then answers 404', async () => {
    const moved = createEnquiryApi({ credentials: CREDENTIALS, root: 'wp-json/acme/v1/' });
    expect((await serviceClient(moved, '/wp-json/acme/v1').create()).status).toBe(201);
    expect((await serviceClient(moved).create()).status).toBe(404);
  });

  it.each([
    ['wp-json/acme/v1/', '/wp-json/acme/v1'],
    ['//wp-json//acme/v1', '/wp-json/acme/v1'],
  ])('normalises %j to %j', (root, expected) => {
    expect(normaliseRoot(root)).toBe(expected);
  });

  it('refuses "/" as the root, which would swallow the inbox', () => {
    expect(() => normaliseRoot('/')).toThrow(EnquiryApiOptionsError);
  });
});
