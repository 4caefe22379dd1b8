import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createEnquiryApi } from './app.ts';
import { EnquiryStore } from './store.ts';
import { CREDENTIALS, FILES, serviceClient, sha256, uploadBody } from './test-fixtures.ts';
import { readUploadBody } from './upload-stream.ts';
import { checkUpload } from './validate.ts';

/** What the platform makes of a body: not JSON, not an object, a 400's text or the bytes. */
function outcome(parsed: { body: unknown } | 'not JSON'): string {
  if (parsed === 'not JSON') return parsed;
  const { body } = parsed;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'not an object';
  const checked = checkUpload(body as Record<string, unknown>);
  return checked.ok ? `bytes ${checked.value.bytes.toString('hex')}` : checked.status;
}

/** `parse()`'s body, or 'not JSON' when it throws the `SyntaxError` of `JSON.parse`. */
async function parsedBy(parse: () => unknown): Promise<{ body: unknown } | 'not JSON'> {
  try {
    return { body: await parse() };
  } catch (error) {
    if (error instanceof SyntaxError) return 'not JSON';
    throw error;
  }
}

/** As the stand-in read a body before: all of it as text, then `JSON.parse`. */
const whole = async (bytes: Buffer) =>
  outcome(await parsedBy(() => JSON.parse(new TextDecoder().decode(bytes))));

/** `bytes` streamed in pieces of `size`. */
function streamOf(bytes: Buffer, size: number): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (let at = 0; at < bytes.length; at += size) {
        controller.enqueue(bytes.subarray(at, at + size));
      }
      controller.close();
    },
  });
}

const streamed = async (bytes: Buffer, size: number, declared: number) =>
  outcome(await parsedBy(() => readUploadBody(streamOf(bytes, size), declared)));

const HEAD = '{"post_id":"1001","file":{"name":"a.png","mime":"image/png","postname":"a.png"}';
/** An upload body whose `contents` is written as is (already JSON). */
const withContents = (json: string) => `${HEAD},"contents":${json}}`;

/**
 * Streamed in pieces of every size that can split a token, the answer is the whole body's,
 * whether its length was declared (it sizes the file's buffer), not, or declared too short.
 */
async function expectSameAnswer(text: string | Buffer) {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  const expected = await whole(bytes);
  for (const declared of [bytes.length, 0, 5]) {
    for (const size of [1, 2, 3, 5, 7, 64, 65_536]) {
      const label = `pieces of ${String(size)}, ${String(declared)} bytes declared`;
      expect(await streamed(bytes, size, declared), label).toBe(expected);
    }
  }
  return expected;
}

describe('readUploadBody answers as the whole body parsed at once', () => {
  it('decodes files of every length from 0 to 20 bytes, padded or not', async () => {
    for (let size = 0; size <= 20; size++) {
      const bytes = randomBytes(size);
      const answer = await expectSameAnswer(withContents(JSON.stringify(bytes.toString('base64'))));
      expect(answer).toEqual(
        size === 0 ? expect.stringMatching(/empty/) : `bytes ${bytes.toString('hex')}`,
      );
    }
  });

  it('decodes 10 MiB byte for byte', async () => {
    const bytes = randomBytes(10 * 1024 * 1024 + 1);
    const body = Buffer.from(withContents(JSON.stringify(bytes.toString('base64'))));
    for (const declared of [body.length, 0, 1024 * 1024]) {
      const decoded = await readUploadBody(streamOf(body, 65_536), declared);
      const checked = checkUpload(decoded as Record<string, unknown>);
      expect(checked.ok && checked.value.bytes.equals(bytes)).toBe(true);
    }
  });

  it.each([
    ['escaped slashes, as PHP writes them', '"QUJD\\/\\/\\/A"'],
    ['a letter escaped as \\u', '"\\u0051\\u0051=="'],
    ['the padding alone escaped', '"QQ\\u003d="'],
  ])('reads BASE64 with %s', async (_case, json) => {
    expect(await expectSameAnswer(withContents(json))).toMatch(/^bytes /);
  });

  it.each([
    ['too little padding', '"QQ="'],
    ['too much padding', '"Q==="'],
    ['padding in the middle', '"QQ==QUJD"'],
    ['a space', '"QU JD"'],
    ['an escaped line break', '"QUJD\\nQUJD"'],
    ['the URL-safe alphabet', '"a-_9"'],
    ['a URL-safe minus alone', '"QUJD-UJD"'],
    ['a URL-safe underscore alone', '"QUJDQUJ_"'],
    ['a letter outside ASCII', '"QUJé"'],
    ['a length not a multiple of 4', '"QUJDQ"'],
    ['an escaped quote', '"QU\\"D"'],
  ])('refuses contents with %s as not BASE64', async (_case, json) => {
    expect(await expectSameAnswer(withContents(json))).toMatch(/not valid base64/);
  });

  it.each([
    ['empty', '""'],
    ['spaces', '"   "'],
    ['escaped whitespace', '"\\t\\n\\r "'],
    ['a no-break space, escaped', '"\\u00a0"'],
    ['a no-break space, as UTF-8', '" "'],
  ])('says the file is empty when contents is %s', async (_case, json) => {
    expect(await expectSameAnswer(withContents(json))).toMatch(/file content is empty/);
  });

  it.each([
    ['a raw line break in contents', '"QUJD\nQUJD"'],
    ['an unknown escape', '"QU\\xJD"'],
    ['an unterminated contents', '"QUJD'],
    ['a trailing comma', '"QUJD",'],
    ['a missing colon', ' "QUJD"'],
  ])('refuses %s as not JSON', async (_case, json) => {
    const text = json === ' "QUJD"' ? `${HEAD},"contents" "QUJD"}` : withContents(json);
    expect(await expectSameAnswer(text)).toBe('not JSON');
  });

  it.each([
    ['the last of two contents strings', `${HEAD},"contents":"AAAA","contents":"QUJD"}`],
    ['a number after a contents string', `${HEAD},"contents":"QUJD","contents":5}`],
    ['a string after a number', `${HEAD},"contents":5,"contents":"QUJD"}`],
    ['an invalid string before a valid one', `${HEAD},"contents":"\\x","contents":"QUJD"}`],
    ['an escaped key', `${HEAD},"cont\\u0065nts":"QUJD"}`],
    [
      'contents inside file only',
      `{"post_id":"1001","file":{"name":"a","mime":"image/png","postname":"a","contents":"QUJD"}}`,
    ],
    ['contents first', `{"contents":"QUJD",${HEAD.slice(1)}}`],
    ['a key that ends in contents', `${HEAD},"my contents":"QUJD","contents":"QUJE"}`],
    ['contents as a value, not a key', `${HEAD},"x":"contents","contents":"QUJD"}`],
    [
      'nested objects and arrays around it',
      `${HEAD},"a":[{"contents":"x"}],"contents":"QUJD","b":{"c":["]"]}}`,
    ],
    ['a byte order mark first', `\uFEFF${withContents('"QUJD"')}`],
  ])('keeps what JSON.parse keeps with %s', async (_case, text) => {
    await expectSameAnswer(text);
  });

  it.each([
    ['an array', '["contents","QUJD"]'],
    ['null', 'null'],
    ['a string', '"QUJD"'],
    ['two objects', `${withContents('"QUJD"')}{}`],
    ['nothing', ''],
  ])('answers a body that is %s as the whole body parsed would', async (_case, text) => {
    expect(await expectSameAnswer(text)).toMatch(/^not /);
  });

  it('reads UTF-8 split across pieces in the rest of the body', async () => {
    const text = withContents('"QUJD"').replace('a.png', 'plan-é-😀.png');
    expect(await expectSameAnswer(text)).toBe('bytes 414243');
  });

  it('answers invalid UTF-8 in contents as the text decoder would', async () => {
    const text = Buffer.concat([
      Buffer.from(`${HEAD},"contents":"QUJD`),
      Buffer.from([0xc3]),
      Buffer.from('"}'),
    ]);
    expect(await expectSameAnswer(text)).toMatch(/not valid base64/);
  });
});

describe('the upload route, streaming', () => {
  it('holds a 10 MiB PNG byte for byte, and refuses one with a character cut from it', async () => {
    const store = new EnquiryStore(':memory:');
    const api = serviceClient(createEnquiryApi({ credentials: CREDENTIALS, store }));
    await api.create();
    const png = Buffer.concat([FILES.png, randomBytes(10 * 1024 * 1024 - FILES.png.length)]);
    const sent = JSON.stringify(uploadBody('1001', png));
    expect(await (await api.upload(sent)).json()).toMatchObject({ code: 201, result: 50001 });
    expect(store.listEnquiries()[0]?.files).toEqual([
      expect.objectContaining({ size: png.length, sha256: sha256(png) }),
    ]);
    const cut = sent.replace(/.(?="\}$)/, '');
    expect(await (await api.upload(cut)).json()).toMatchObject({
      code: 400,
      status: expect.stringMatching(/not valid base64/),
    });
    store.close();
  });
});
