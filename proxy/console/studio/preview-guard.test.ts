/**
 * A preview's send carries files as an enquiry does, so its body meets the enquiry's guards: a
 * send larger than the draft takes is refused before a byte is read, one that goes silent is
 * ended, its bytes are charged to the budget every enquiry shares, and one address sends only
 * a few at once. A signed-in reader (or a key copied from a frame's address) cannot take the
 * disk or the memory from visitors through the preview.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HOST } from '../../test/fixtures/console-people.ts';
import { sampleFiles } from '../../test/fixtures/proxy-harness.ts';
import { studioConsole } from '../../test/fixtures/studio-console.ts';
import { studioHarnessPerTest } from '../../test/fixtures/studio-harness.ts';
import { trickledPost } from '../../test/fixtures/trickled-body.ts';

type App = Parameters<typeof trickledPost>[0];

const setUp = studioHarnessPerTest();
const BILINGUAL = JSON.parse(readFileSync('demo/forms/bilingual.json', 'utf8')) as unknown;
const BOUNDARY = 'preview-guard';
/** What a visitor of the bilingual form sends, on top of the harness's enquiry. */
const VISITOR = { answers: { transaction: 'buying' }, consent: { consent_contact: true } };
const encode = (text: string) => new TextEncoder().encode(text);

/** A preview console whose widget sends to `endpoint`, with the harness's `limits`. */
async function previewWith(
  limits: NonNullable<Parameters<typeof studioConsole>[2]>['limits'] = {},
) {
  const consoled = await studioConsole(setUp, BILINGUAL, { limits });
  const reader = await consoled.as('marketer');
  const frame = (await consoled.page(reader, '/admin/form/preview/frame?lang=cy')).html;
  const endpoint = /endpoint="([^"]+)"/.exec(frame)?.[1];
  if (!endpoint) throw new Error('the frame names no endpoint');
  return { ...consoled, endpoint };
}

/** A send to the preview from `ip` whose body arrives only as the test pushes it. */
const trickle = (app: App, endpoint: string, ip: string, declared?: number) =>
  trickledPost(app, `${HOST}${endpoint}/api/enquiries`, {
    origin: HOST,
    'sec-fetch-site': 'same-origin',
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    'x-test-ip': ip,
    ...(declared === undefined ? {} : { 'content-length': String(declared) }),
  });

/** The opening of a send: a file part whose bytes are still to come. */
const fileOpening = (filler: number) =>
  encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="plan.pdf"\r\n` +
      `Content-Type: application/pdf\r\n\r\n%PDF-${'x'.repeat(filler)}`,
  );

/** Lets the app read what was pushed (a person would not notice the wait). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('a preview send meets the enquiry’s guards', () => {
  it('refuses a send larger than the draft takes by its length, before reading it', async () => {
    const { h, endpoint } = await previewWith();
    const huge = trickle(h.app, endpoint, '198.51.100.1', 10 * 1024 * 1024 * 1024);
    const response = await huge.response;
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'too_large' });
  });

  it('ends a send that goes silent, as it ends an enquiry', async () => {
    const { h, endpoint } = await previewWith({ bodyIdleMs: 100 });
    const stalled = trickle(h.app, endpoint, '198.51.100.1');
    stalled.push(fileOpening(100));
    const response = await stalled.response;
    expect(response.status).toBe(408);
    expect(await response.json()).toMatchObject({ error: 'timeout' });
  });

  it('charges its bytes to the budget every enquiry shares, and gives them back', async () => {
    const { h, endpoint } = await previewWith({ uploadBytes: 64 * 1024 });
    const held = trickle(h.app, endpoint, '198.51.100.1');
    held.push(fileOpening(60 * 1024));
    await settle();
    // A visitor's enquiry with a file finds the budget spent by the preview, until it ends.
    const visitorSends = () =>
      h.submit(VISITOR, [{ name: 'a.pdf', bytes: sampleFiles.pdf(8 * 1024) }], {
        'x-test-ip': '198.51.100.9',
      });
    expect((await visitorSends()).status).toBe(503);
    held.end();
    expect((await held.response).status).toBe(400);
    expect((await visitorSends()).status).toBe(201);
  });

  it('takes only a few sends at once from one address', async () => {
    const { h, endpoint } = await previewWith({ uploadsPerClient: 2 });
    const open = [1, 2].map(() => trickle(h.app, endpoint, '198.51.100.1'));
    for (const send of open) send.push(fileOpening(10));
    await settle();
    const third = await trickle(h.app, endpoint, '198.51.100.1').response;
    expect(third.status).toBe(429);
    for (const send of open) send.end();
    await Promise.all(open.map((send) => send.response));
  });
});
