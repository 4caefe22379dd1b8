/**
 * No dead end without JavaScript: every refusal of a post from the form page (a file over the
 * limit while it arrives, a body larger than the form takes, a limit with no field to blame)
 * draws the form again with what was typed and an error summary saying what to do. The page puts
 * the file field last, so that the fields arrive before a file that is refused.
 */
import { describe, expect, it } from 'vitest';
import { lawFirm } from '../../../demo/forms/index.ts';
import { parseFormConfig } from '../../contract/schemas/form-config.ts';
import { lawFirmWithConsent } from '../../test/fixtures/consent-config.ts';
import { inputs, plainForm, postPlain } from '../../test/fixtures/plain-post.ts';
import { harnessPerTest } from '../../test/fixtures/proxy-harness.ts';
import { storedLeads } from '../../test/fixtures/outbox.ts';

const setUp = harnessPerTest();
const MB = 1024 * 1024;

/** A PDF of `bytes` bytes. */
const pdf = (name: string, bytes: number) =>
  new File([Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(bytes - 9, 0x20)])], name, {
    type: 'application/pdf',
  });

/** `bytes` as a network brings them: 16 KB at a time. */
const inPieces = (bytes: Uint8Array) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.byteLength; at += 16_384)
        controller.enqueue(bytes.subarray(at, at + 16_384));
      controller.close();
    },
  });

/** What a visitor reads and keeps on the page drawn again. */
async function redrawn(response: Response) {
  const page = await response.text();
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  expect(page).toContain('<title>Error: Send an enquiry</title>');
  expect(page).toMatch(/<form method="post" action="\/api\/enquiries\?idempotency-key=/);
  for (const [name, value] of [
    ['forename', 'Ada'],
    ['surname', 'Lovelace'],
    ['email', 'ada@example.com'],
  ])
    expect(inputs(page, name ?? '', value)).toHaveLength(1);
  expect(inputs(page, 'answers.transaction', 'Buying')[0]).toMatch(/ checked/);
  expect(page).toContain('First home</textarea>');
  return page.slice(page.indexOf('class="summary"'), page.indexOf('</ul>'));
}

describe('a post from the form without JavaScript refused', () => {
  it('for a file of 11 MB: the form again, every value kept, the file named', async () => {
    const harness = setUp({ config: lawFirmWithConsent });
    const form = plainForm(harness.formToken(), { 'consent.consent_contact': 'on' });
    form.append('files', pdf('scanned-deeds.pdf', 11 * MB));
    const response = await postPlain(harness, form);
    expect(response.status).toBe(413);
    const summary = await redrawn(response);
    expect(summary).toContain(
      '<a href="#field-files">“scanned-deeds.pdf” is larger than 10 MB. Choose a smaller file</a>',
    );
    expect(harness.calls).toEqual([]);
    expect(await storedLeads(harness.store)).toEqual([]);
  });

  it('for a body larger than the form takes, by its Content-Length: the form again', async () => {
    const harness = setUp({ config: { ...lawFirm, files: { maxFiles: 1, maxFileBytes: 1000 } } });
    const form = plainForm(harness.formToken());
    form.append('files', pdf('survey.pdf', 400_000));
    const framed = new Response(form);
    const body = new Uint8Array(await framed.arrayBuffer());
    const response = await postPlain(harness, inPieces(body), {
      headers: {
        'content-type': framed.headers.get('content-type') ?? '',
        'content-length': String(body.byteLength),
      },
    });
    expect(response.status).toBe(413);
    expect(await redrawn(response)).toContain('“survey.pdf” is larger than 1,000 bytes');
  });

  it('for a limit no field is to blame for: the form again, with what to do', async () => {
    // One enquiry a minute from everybody together, and someone else has sent it.
    const harness = setUp({ limits: { global: 1 } });
    expect((await harness.submit()).status).toBeLessThan(300);
    const response = await postPlain(harness, plainForm(harness.formToken()));
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await redrawn(response)).toMatch(
      /<li>Too many enquiries have been sent\. Try again in \d+ seconds\.<\/li>/,
    );
  });

  it('is still answered in JSON when it came from the widget', async () => {
    const harness = setUp();
    const response = await harness.submit({}, [
      { name: 'big.pdf', bytes: new Uint8Array(11 * MB) },
    ]);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'too_large' });
  });
});

describe('the form page', () => {
  it('puts the file field after every other field, so that they arrive first', async () => {
    const config = parseFormConfig({
      ...lawFirmWithConsent,
      confirmation: { subject: 'Your enquiry', intro: 'Thank you.', optIn: true },
    });
    const harness = setUp({ config });
    const page = await (await harness.app.request('/form?case-type=conveyancing')).text();
    const form = page.slice(page.indexOf('<form method="post"'), page.indexOf('</form>'));
    const names = [...form.matchAll(/<(?:input|select|textarea)\b[^>]*\bname="([^"]+)"/g)].map(
      ([, name]) => name,
    );
    expect(names).toContain('consent.consent_contact');
    expect(names).toContain('send_copy');
    expect(names.at(-1)).toBe('files');
    expect(names.filter((name) => name === 'files')).toHaveLength(1);
  });
});
