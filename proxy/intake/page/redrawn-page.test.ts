/**
 * The form without JavaScript drawn again after a refusal carries what the visitor already did:
 * the moment the form was first drawn (so the minimum fill time is never counted from the error
 * page), and the files already received, listed as attached with a box to untick, so that the
 * corrected post delivers them without choosing them again.
 */
import { describe, expect, it } from 'vitest';
import { bilingual } from '../../../demo/forms/index.ts';
import { formatBytes } from '../../contract/messages.ts';
import { inputs, plainForm, postPlain } from '../../test/fixtures/plain-post.ts';
import { harnessPerTest, type ProxyHarness } from '../../test/fixtures/proxy-harness.ts';
import { SAMPLE_PDF, storedLeads } from '../../test/fixtures/outbox.ts';

const setUp = harnessPerTest();

/** The value of the page's hidden `name` input. */
const hidden = (page: string, name: string) =>
  /value="([^"]*)"/.exec(inputs(page, name)[0] ?? '')?.[1]?.replaceAll('&amp;', '&') ?? '';

/** The address the page posts to. */
const actionOf = (page: string) =>
  /<form method="post" action="([^"]+)"/.exec(page)?.[1]?.replaceAll('&amp;', '&') ?? '';

/** The values of the page's `name` inputs that a browser would send: hidden, or ticked. */
const sent = (page: string, name: string) =>
  inputs(page, name)
    .filter((tag) => !tag.includes('type="checkbox"') || tag.includes(' checked'))
    .map((tag) => /value="([^"]*)"/.exec(tag)?.[1] ?? '');

/** The page's files kept, as a browser posts them back: ticked boxes, and the list drawn. */
const heldOf = (page: string, untick: readonly string[] = []) => ({
  held: sent(page, 'held').filter((value) => !untick.includes(value)),
  held_drawn: sent(page, 'held_drawn'),
});

/** A post of the page as a browser sends it, to the page's own address. */
const postTo = (harness: ProxyHarness, form: FormData, action = '/api/enquiries') =>
  postPlain(harness, form, { action });

describe('the form drawn again after a refusal', () => {
  it('counts the minimum fill time from the first drawing: a correction sent at once is delivered, not kept as spam', async () => {
    const harness = setUp();
    // The form was drawn five seconds ago (the minimum is three); the email is mistyped.
    const refused = await postTo(
      harness,
      plainForm(harness.formToken(5), { email: 'ada@example' }),
    );
    expect(refused.status).toBe(400);
    const page = await refused.text();

    // Corrected and sent again in the same instant the error page was drawn.
    const corrected = await postTo(
      harness,
      plainForm(hidden(page, 'form_token'), { email: 'ada@example.com' }),
      actionOf(page),
    );
    expect(corrected.status).toBe(303);
    expect(await storedLeads(harness.store, 'spam')).toEqual([]);
    expect(harness.calls.map((call) => call.endpoint)).toEqual(['create']);
  });

  it('still holds a form sent too soon after its first drawing to be a bot', async () => {
    const harness = setUp();
    const refused = await postTo(
      harness,
      plainForm(harness.formToken(1), { email: 'ada@example' }),
    );
    const page = await refused.text();
    await postTo(
      harness,
      plainForm(hidden(page, 'form_token'), { email: 'ada@example.com' }),
      actionOf(page),
    );
    expect(await storedLeads(harness.store, 'spam')).toHaveLength(1);
    expect(harness.calls).toEqual([]);
  });
});

describe('files sent with a post that is refused and drawn again', () => {
  const plan = () => new File([SAMPLE_PDF], 'plan.pdf', { type: 'application/pdf' });

  /** A post with a mistyped email and `files`, refused: the page drawn again. */
  async function refusedWith(harness: ProxyHarness, files: File[], overrides = {}) {
    const form = plainForm(harness.formToken(), { email: 'ada@example', ...overrides });
    for (const file of files) form.append('files', file);
    const response = await postTo(harness, form);
    expect(response.status).toBe(400);
    return response.text();
  }

  it('are listed as attached, ticked, and delivered byte for byte by the corrected post', async () => {
    const harness = setUp();
    const page = await refusedWith(harness, [plan()]);
    expect(page).toContain('<legend>Files attached</legend>');
    expect(page).toMatch(/type="checkbox"\s+name="held"\s+value="[\w-]+\.[\w-]+"\s+checked/);
    expect(page).toContain(`plan.pdf (${formatBytes(SAMPLE_PDF.byteLength, 'en')})`);
    expect(page).not.toContain('choose it again');

    const corrected = plainForm(hidden(page, 'form_token'), heldOf(page));
    corrected.append('files', new File([], '', { type: 'application/octet-stream' }));
    expect((await postTo(harness, corrected, actionOf(page))).status).toBe(303);
    const upload = harness.calls.find((call) => call.endpoint === 'upload');
    expect(upload?.name).toBe('plan.pdf');
    expect(Buffer.from(upload?.bytes ?? []).equals(Buffer.from(SAMPLE_PDF))).toBe(true);
  });

  it('are kept across a second refusal, with a file chosen then, and all go with the enquiry', async () => {
    const harness = setUp();
    const first = await refusedWith(harness, [plan()]);
    const again = plainForm(hidden(first, 'form_token'), { email: '', ...heldOf(first) });
    again.append('files', new File([SAMPLE_PDF], 'survey.pdf', { type: 'application/pdf' }));
    const second = await postTo(harness, again, actionOf(first));
    expect(second.status).toBe(400);
    const page = await second.text();
    expect(sent(page, 'held')).toHaveLength(2);
    const corrected = plainForm(hidden(page, 'form_token'), heldOf(page));
    expect((await postTo(harness, corrected, actionOf(page))).status).toBe(303);
    expect(harness.calls.filter((call) => call.endpoint === 'upload').map((c) => c.name)).toEqual([
      'plan.pdf',
      'survey.pdf',
    ]);
  });

  it('unticked, are removed and not sent', async () => {
    const harness = setUp();
    const page = await refusedWith(harness, [plan()]);
    const [value = ''] = sent(page, 'held');
    expect(value).toMatch(/^[\w-]+\.[\w-]+$/);
    const corrected = plainForm(hidden(page, 'form_token'), heldOf(page, [value]));
    expect((await postTo(harness, corrected, actionOf(page))).status).toBe(303);
    expect(harness.calls.map((call) => call.endpoint)).toEqual(['create']);
    expect(await harness.store.findUpload(value.split('.')[0] ?? '', harness.clock.now)).toBe(
      undefined,
    );
  });

  it('are never taken by an id without its key: the post is refused and lists nothing of it', async () => {
    const harness = setUp();
    const page = await refusedWith(harness, [plan()]);
    const [id] = (sent(page, 'held')[0] ?? '').split('.');
    const forged = `${id ?? ''}.${'A'.repeat(32)}`;
    const response = await postTo(
      harness,
      plainForm(hidden(page, 'form_token'), { held: forged, held_drawn: forged }),
      actionOf(page),
    );
    expect(response.status).toBe(404);
    const again = await response.text();
    expect(again).toContain('This file is not on the server any more: choose it again.');
    expect(again).not.toContain('plan.pdf');
    expect(harness.calls).toEqual([]);
    // The page's own key still names it: the forgery removed nothing.
    expect(await harness.store.findUpload(id ?? '', harness.clock.now)).toBeDefined();
  });

  it('that are refused by their checks are named in the summary, so another is chosen', async () => {
    const harness = setUp();
    const page = await refusedWith(harness, [
      plan(),
      new File(['MZ not a document'], 'setup.exe', { type: 'application/octet-stream' }),
    ]);
    expect(sent(page, 'held')).toHaveLength(1);
    expect(page).toMatch(/<a href="#field-files">[^<]*setup\.exe[^<]*<\/a>/);
  });

  it('are listed in Welsh on a Welsh page', async () => {
    const harness = setUp({ config: bilingual.first, translations: bilingual });
    const page = await refusedWith(harness, [plan()], {
      lang: 'cy',
      'answers.transaction': 'selling',
      'answers.property_value': [],
      'consent.consent_contact': 'on',
    });
    expect(page).toContain('<legend>Ffeiliau wedi’u hatodi</legend>');
    expect(page).toContain('Dad-diciwch unrhyw rai nad ydych am eu hanfon.');
    expect(page).toContain(`plan.pdf (${formatBytes(SAMPLE_PDF.byteLength, 'cy')})`);
  });
});
