/**
 * The confirmation page of the form without JavaScript (`GET /form/sent`): it shows the
 * enquiry the visitor has just sent, from the signed pass its post was redirected with, and
 * nothing that an address alone could make it show.
 */
import { describe, expect, it } from 'vitest';
import { plainForm, postPlain } from '../../test/fixtures/plain-post.ts';
import { harnessPerTest, ORIGIN, type ProxyHarness } from '../../test/fixtures/proxy-harness.ts';
import { SENT_PASS_MS } from './sent-pass.ts';

const setUp = harnessPerTest();

/** Sends the form from the page a visitor opened coming from `referer`; the confirmation's address. */
async function sendFrom(harness: ProxyHarness, referer = `${ORIGIN}/conveyancing`) {
  const form = await harness.app.request('/form?case-type=conveyancing', { headers: { referer } });
  const action = /<form method="post" action="([^"]+)"/
    .exec(await form.text())?.[1]
    ?.replaceAll('&amp;', '&');
  const sent = await postPlain(harness, plainForm(harness.formToken()), { action });
  expect(sent.status).toBe(303);
  return sent.headers.get('location') ?? '';
}

/** The confirmation page at `address`: its status, heading, reference, receipt and links. */
async function open(harness: ProxyHarness, address: string) {
  const response = await harness.app.request(address);
  const page = await response.text();
  return {
    status: response.status,
    page,
    heading: /<h1>([^<]+)<\/h1>/.exec(page)?.[1],
    reference: /<span class="reference">([^<]*)<\/span>/.exec(page)?.[1],
  };
}

describe('GET /form/sent', () => {
  it('shows the enquiry just sent, its reference and the way back to the page it came from', async () => {
    const harness = setUp();
    const shown = await open(harness, await sendFrom(harness));
    expect(shown.status).toBe(200);
    expect(shown.heading).toBe('Enquiry sent');
    expect(await harness.store.get(shown.reference ?? '')).toMatchObject({ state: 'delivered' });
    expect(shown.page).toContain(`href="${ORIGIN}/conveyancing"`);
  });

  it('shows no confirmation for a reference, receipt and status only written in the address', async () => {
    const harness = setUp();
    const made = new URLSearchParams({
      reference: 'EQ-FAKE-0000',
      status: 'delivered',
      receipt: 'AAAA-BBBB-CCCC-DDDD',
      back: `${ORIGIN}/`,
    });
    for (const address of [`/form/sent?${made.toString()}`, '/form/sent?pass=made-up.pass']) {
      const shown = await open(harness, address);
      expect(shown.status).toBe(404);
      expect(shown.heading).toBe('No enquiry to confirm');
      expect(shown.page).not.toMatch(/EQ-FAKE|AAAA-BBBB|Enquiry sent|Enquiry received/);
    }
  });

  it('shows nothing for a pass changed by one character, or once its minutes are over', async () => {
    const harness = setUp();
    const address = await sendFrom(harness);
    // The second-to-last character: the last of a base64url signature carries padding bits too,
    // so changing it from A to B (or back) can leave the signature's bytes as they were.
    const changed = address.at(-2) === 'A' ? 'B' : 'A';
    expect((await open(harness, `${address.slice(0, -2)}${changed}${address.at(-1)}`)).status).toBe(
      404,
    );
    harness.clock.now += SENT_PASS_MS - 1000;
    expect((await open(harness, address)).heading).toBe('Enquiry sent');
    harness.clock.now += 2000;
    expect(await open(harness, address)).toMatchObject({ status: 404, reference: undefined });
  });

  it('links back only to a site allowed to embed the form, whatever the address of the post said', async () => {
    const harness = setUp();
    const form = await harness.app.request('/form?case-type=conveyancing');
    const action = /<form method="post" action="([^"]+)"/
      .exec(await form.text())?.[1]
      ?.replaceAll('&amp;', '&')
      .replace(/back=[^&]*/, `back=${encodeURIComponent('https://evil.example/')}`);
    const sent = await postPlain(harness, plainForm(harness.formToken()), { action });
    const shown = await open(harness, sent.headers.get('location') ?? '');
    expect(shown.heading).toBe('Enquiry sent');
    expect(shown.page).not.toContain('evil.example');
    expect(shown.page).toContain(`href="${ORIGIN}/"`);
  });
});
