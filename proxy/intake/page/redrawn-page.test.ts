/**
 * The form without JavaScript drawn again after a refusal carries what the visitor already did:
 * the moment the form was first drawn (so the minimum fill time is never counted from the error
 * page), and the files already received, listed as attached with a box to untick, so that the
 * corrected post delivers them without choosing them again.
 */
import { describe, expect, it } from 'vitest';
import { inputs, plainForm, postPlain } from '../../test/fixtures/plain-post.ts';
import { harnessPerTest, type ProxyHarness } from '../../test/fixtures/proxy-harness.ts';
import { storedLeads } from '../../test/fixtures/outbox.ts';

const setUp = harnessPerTest();

/** The value of the page's hidden `name` input. */
const hidden = (page: string, name: string) =>
  /value="([^"]*)"/.exec(inputs(page, name)[0] ?? '')?.[1]?.replaceAll('&amp;', '&') ?? '';

/** The address the page posts to. */
const actionOf = (page: string) =>
  /<form method="post" action="([^"]+)"/.exec(page)?.[1]?.replaceAll('&amp;', '&') ?? '';

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
