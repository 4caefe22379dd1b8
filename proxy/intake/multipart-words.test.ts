/**
 * A refusal met before the enquiry's `lang` is known (a body that is not multipart, cannot be
 * read, or holds too large an enquiry part; a malformed key) is said in the language the request
 * asks for (issue 44): the page's post address names it (`?lang=cy`), else the browser's
 * `Accept-Language`, matched to the form's languages. English clients and a one-language form
 * read what they always read.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bilingual, exampleConfigPath } from '../../demo/forms/index.ts';
import { parseFormConfigs } from '../contract/schemas/form-config.ts';
import { WELSH } from '../contract/strings/cy.ts';
import { postPlain } from '../test/fixtures/plain-post.ts';
import { harnessPerTest, ORIGIN, type ProxyHarness } from '../test/fixtures/proxy-harness.ts';
import { MAX_ENQUIRY_PART_BYTES } from './read-multipart.ts';

const setUp = harnessPerTest();
const welshSetUp = () => setUp({ config: bilingual.first, translations: bilingual });

/** A multipart body cut off inside its first part: no closing boundary ever comes. */
const cutShort = {
  body: '--cut\r\nContent-Disposition: form-data; name="forename"\r\n\r\nAda',
  type: 'multipart/form-data; boundary=cut',
};

/** The address the Welsh page posts to, as a visitor whose browser reads English is shown it. */
async function welshPageAction(harness: ProxyHarness): Promise<string> {
  const page = await (
    await harness.app.request('/form?lang=cy', { headers: { 'accept-language': 'en-GB' } })
  ).text();
  return (/<form[^>]* action="([^"]+)"/.exec(page)?.[1] ?? '').replaceAll('&amp;', '&');
}

/** Posts `body` to the enquiry route as an API client does, with `headers` besides. */
const post = (harness: ProxyHarness, body: string, headers: Record<string, string>) =>
  harness.app.request('/api/enquiries', {
    method: 'POST',
    body,
    headers: { origin: ORIGIN, ...headers },
  });

describe('the page without JavaScript in Welsh, refused before its fields are read', () => {
  it('posts to an address naming its language', async () => {
    expect(await welshPageAction(welshSetUp())).toMatch(/^\/api\/enquiries\?.*&lang=cy$/);
  });

  it('answers a body that cannot be read with a page in Welsh', async () => {
    const harness = welshSetUp();
    const response = await postPlain(harness, cutShort.body as unknown as FormData, {
      action: await welshPageAction(harness),
      headers: { 'content-type': cutShort.type, 'accept-language': 'en-GB' },
    });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('<html lang="cy" dir="ltr">');
    expect(page).toContain(WELSH['refusal.unreadableBody']);
    expect(page).not.toContain('could not be read');
  });

  it('answers a malformed key in its address with a page in Welsh', async () => {
    const harness = welshSetUp();
    const action = (await welshPageAction(harness)).replace(
      /idempotency-key=[^&]*/,
      'idempotency-key=',
    );
    const response = await postPlain(harness, cutShort.body as unknown as FormData, {
      action,
      headers: { 'content-type': cutShort.type },
    });
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain('<html lang="cy" dir="ltr">');
    expect(page).toContain(WELSH['refusal.idempotencyKey']);
  });
});

describe('an API client refused before its enquiry part is read', () => {
  it('is answered in Welsh when its Accept-Language asks for Welsh', async () => {
    const response = await post(welshSetUp(), '{}', {
      'content-type': 'application/json',
      'accept-language': 'cy-GB,en;q=0.5',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'bad_request',
      message:
        'Anfonwch multipart/form-data gyda rhan o’r enw "enquiry" a rhannau o’r enw "files".',
    });
  });

  it('is told in Welsh that the enquiry part is too large', async () => {
    const harness = welshSetUp();
    const form = new FormData();
    form.append('enquiry', 'x'.repeat(MAX_ENQUIRY_PART_BYTES + 1));
    const response = await harness.app.request('/api/enquiries', {
      method: 'POST',
      body: form,
      headers: { origin: ORIGIN, 'accept-language': 'cy' },
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe(
      'Mae’r rhan enquiry yn rhy fawr.',
    );
  });

  it('is answered in English when it asks for English', async () => {
    const response = await post(welshSetUp(), cutShort.body, {
      'content-type': cutShort.type,
      'accept-language': 'en-GB,cy;q=0.5',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'bad_request',
      message: 'The multipart body could not be read.',
    });
  });

  it('of a form in one language is answered byte for byte as before, whatever it asks for', async () => {
    const response = await post(setUp(), '{}', {
      'content-type': 'application/json',
      'accept-language': 'cy',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(
      '{"error":"bad_request","message":"Send multipart/form-data with a part named \\"enquiry\\" and parts named \\"files\\"."}',
    );
  });
});

describe('an enquiry that names its language', () => {
  it('is answered in it, whatever the client’s Accept-Language', async () => {
    const harness = welshSetUp();
    const response = await harness.submit(
      { case_type: 'conveyancing', forename: '', lang: 'en', answers: {}, consent: {} },
      [],
      { 'accept-language': 'cy' },
    );
    const body = (await response.json()) as { issues: { message: string }[] };
    expect(body.issues[0]?.message).toBe('Enter your first name');
  });

  it('is answered in it when a file after its part is refused as it is read', async () => {
    const small = parseFormConfigs({
      ...(JSON.parse(readFileSync(exampleConfigPath('bilingual'), 'utf8')) as object),
      files: { maxFileBytes: 2048 },
    });
    const harness = setUp({ config: small.first, translations: small });
    const pdf = new Uint8Array(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096)]));
    const response = await harness.submit(
      { case_type: 'conveyancing', lang: 'cy', answers: { transaction: 'selling' } },
      [{ name: 'arolwg.pdf', bytes: pdf }],
    );
    expect(response.status).toBe(413);
    const body = (await response.json()) as { message: string };
    expect(body.message).toMatch(/^Mae “arolwg\.pdf” yn fwy na .+\. Dewiswch ffeil lai$/);
  });
});
