import { describe, expect, it } from 'vitest';
import { ENQUIRY, FILES, uploadBody } from './test-fixtures.ts';
import { checkCreate, checkUpload, isBase64 } from './validate.ts';

const statusOf = (checked: { ok: boolean; status?: string }) =>
  checked.ok ? 'ok' : checked.status;

const missing = (name: string) => `Required parameter \`${name}\` is missing or empty.`;

describe('checkCreate', () => {
  it('accepts the full example enquiry and keeps every field', () => {
    const checked = checkCreate({ ...ENQUIRY });
    expect(checked).toEqual({ ok: true, value: { ...ENQUIRY } });
  });

  it('accepts a forename alone, with every other field null and no meta', () => {
    const checked = checkCreate({ forename: 'Ada' });
    expect(checked.ok && checked.value).toMatchObject({ forename: 'Ada', surname: null, meta: [] });
  });

  it.each([
    ['missing', {}],
    ['empty', { forename: '' }],
    ['only whitespace', { forename: ' \t\n' }],
    ['a number', { forename: 42 }],
    ['null', { forename: null }],
  ])('names `forename` when it is %s', (_case, body) => {
    expect(statusOf(checkCreate({ ...ENQUIRY, forename: undefined, ...body }))).toBe(
      missing('forename'),
    );
  });

  it.each(['id', 'label', 'value'] as const)(
    'names `meta[i][%s]` PHP-style when one entry lacks it',
    (key) => {
      const meta = [...ENQUIRY.meta, { id: 'notes', label: 'Notes', value: 'x', [key]: ' ' }];
      expect(statusOf(checkCreate({ ...ENQUIRY, meta }))).toBe(missing(`meta[2][${key}]`));
    },
  );

  it('names the first key of an entry that is not an object at all', () => {
    expect(statusOf(checkCreate({ forename: 'Ada', meta: ['transaction'] }))).toBe(
      missing('meta[0][id]'),
    );
  });

  it('refuses a meta that is not an array', () => {
    expect(statusOf(checkCreate({ forename: 'Ada', meta: { 0: ENQUIRY.meta[0] } }))).toBe(
      'Parameter `meta` must be an array.',
    );
  });

  it.each(['surname', 'telephone_mobile', 'email', 'case_type', 'marketing_detail'])(
    'refuses a %s that is not a string',
    (field) => {
      expect(statusOf(checkCreate({ ...ENQUIRY, [field]: 7 }))).toBe(
        `Parameter \`${field}\` must be a string.`,
      );
    },
  );

  it('reports problems in the order of the spec table: forename, contact, meta, marketing', () => {
    const body = { surname: 1, meta: 'x', marketing_campaign: 2 };
    expect(statusOf(checkCreate(body))).toBe(missing('forename'));
    expect(statusOf(checkCreate({ ...body, forename: 'Ada' }))).toMatch(/`surname`/);
    expect(statusOf(checkCreate({ ...body, forename: 'Ada', surname: 'L' }))).toMatch(/`meta`/);
    expect(statusOf(checkCreate({ forename: 'Ada', marketing_campaign: 2 }))).toMatch(
      /`marketing_campaign`/,
    );
  });
});

describe('checkUpload', () => {
  it('decodes the contents of a complete upload', () => {
    const checked = checkUpload(uploadBody('1001'));
    expect(checked.ok && checked.value).toMatchObject({ postId: 1001, mime: 'image/png' });
    expect(checked.ok && checked.value.bytes.equals(FILES.png)).toBe(true);
  });

  it('takes post_id as an integer as well as a string', () => {
    const checked = checkUpload(uploadBody(1001));
    expect(checked.ok && checked.value.postId).toBe(1001);
  });

  it.each([
    ['abc', 'letters'],
    ['-3', 'a negative number'],
    ['0', 'zero'],
    ['12.5', 'a fraction'],
  ])('keeps post_id %s (%s) for a 404 rather than a 400', (postId) => {
    const checked = checkUpload(uploadBody(postId));
    expect(checked.ok && checked.value.postId).toBeNull();
  });

  const full = uploadBody('1001');
  it.each([
    ['post_id', { ...full, post_id: undefined }],
    ['post_id', { ...full, post_id: '  ' }],
    ['file', { ...full, file: undefined }],
    ['file', { ...full, file: 'site-plan.png' }],
    ['file[name]', { ...full, file: { ...full.file, name: '' } }],
    ['file[mime]', { ...full, file: { ...full.file, mime: undefined } }],
    ['file[postname]', { ...full, file: { ...full.file, postname: 3 } }],
    ['contents', { ...full, contents: undefined }],
  ])('names `%s` when it is missing or empty', (name, body) => {
    expect(statusOf(checkUpload(body))).toBe(missing(name));
  });

  it('says the file is empty and to check the encoding when contents is empty', () => {
    expect(statusOf(checkUpload({ ...full, contents: '' }))).toBe(
      'The file content is empty. Check the encoding of `contents`: it must be base64.',
    );
  });

  it('reports the first problem in table order when several are wrong', () => {
    expect(statusOf(checkUpload({ contents: '' }))).toBe(missing('post_id'));
    expect(statusOf(checkUpload({ post_id: '1', contents: '' }))).toBe(missing('file'));
  });
});

describe('isBase64', () => {
  it.each(['', 'QQ==', 'QUI=', 'QUJD', 'a+/9'])('accepts %j', (text) => {
    expect(isBase64(text)).toBe(true);
  });

  it.each([
    ['a URL-safe alphabet', 'a-_9'],
    ['a missing padding', 'QQ'],
    ['too much padding', 'Q==='],
    ['padding in the middle', 'QQ==QUJD'],
    ['whitespace', 'QU JD'],
    ['a line break', 'QUJD\nQUJD'],
  ])('refuses %s', (_case, text) => {
    expect(isBase64(text)).toBe(false);
  });

  it('checks 13 MB of base64 in well under a second', () => {
    const text = Buffer.alloc(10 * 1024 * 1024, 0xab).toString('base64');
    const started = performance.now();
    expect(isBase64(text)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
