/**
 * What the console says of waiting leads: the overview names the platform down and since when,
 * and a lead's page says when it is tried next (a time, now, or once the platform answers).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { consoleCookie } from '../test/fixtures/console-sign-in.ts';
import { leaseOf, sampleSubmission, stored } from '../test/fixtures/outbox.ts';
import { harnessPerTest, START, type ProxyHarness } from '../test/fixtures/proxy-harness.ts';

const TOKEN = randomBytes(32).toString('base64url');
const HOST = 'http://localhost';
const setUp = harnessPerTest();

/** A page's text as a browser shows it: no tags, spaces as one, the no-break space as one. */
async function pageText(h: ProxyHarness, path: string): Promise<string> {
  const cookie = await consoleCookie(h, TOKEN);
  const page = await (await h.app.request(`${HOST}${path}`, { headers: { cookie } })).text();
  return page
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ');
}

const MINUTE = 60_000;
const DOWN = { since: START - 90 * MINUTE, error: 'create failed (503)', probes: 7 };

describe('the console while leads wait', () => {
  it('says on the overview that the platform is down, since when, how many wait and when it is asked', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    await stored(h.store, sampleSubmission({ reference: 'EQ-WAIT-0001', receivedAt: START }));
    expect(await pageText(h, '/admin/')).toContain('Delivery is running.');
    await h.store.beginOutage({ ...DOWN, nextProbeAt: START + 30_000 });
    const text = await pageText(h, '/admin/');
    expect(text).toContain(
      'The platform is down since 2027-03-27 07:30 UTC: create failed (503) 1 lead waits. No lead is given up while it lasts',
    );
    expect(text).toContain('The platform is asked again at 2027-03-27 09:00 UTC.');
    expect(text).not.toContain('Delivery is running.');
  });

  it('says on a lead’s page when it is tried next: at its time, now, or once the platform answers', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    const { id } = await stored(h.store, sampleSubmission({ reference: 'EQ-WAIT-0002' }));
    await h.store.finish(await leaseOf(h.store, id, START), {
      kind: 'retry',
      at: START + 10 * MINUTE,
      error: 'create failed (500)',
    });
    const lead = () => pageText(h, '/admin/leads/EQ-WAIT-0002');
    expect(await lead()).toContain('Next attempt 2027-03-27 09:10 UTC');
    h.clock.now = START + 11 * MINUTE;
    expect(await lead()).toContain('Next attempt Now: it is due.');
    await h.store.beginOutage({ ...DOWN, nextProbeAt: START + 12 * MINUTE });
    expect(await lead()).toContain(
      'Next attempt When the platform answers again: it is down since 2027-03-27 07:30 UTC, and asked again at 2027-03-27 09:12 UTC.',
    );
  });

  it('says a minute in the singular, and /admin/status says delivery is paused for the outage, as the overview does (issue #85, minor 7)', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    await stored(
      h.store,
      sampleSubmission({ reference: 'EQ-WAIT-0003', receivedAt: START - MINUTE }),
    );
    expect(await pageText(h, '/admin/')).toContain('arrived 2027-03-27 08:59 UTC (1 minute ago).');
    const status = async () =>
      (await (
        await h.app.request('/admin/status', { headers: { authorization: `Bearer ${TOKEN}` } })
      ).json()) as { delivery: unknown };
    expect((await status()).delivery).toBe('running');
    await h.store.beginOutage({ ...DOWN, nextProbeAt: START + 30_000 });
    expect((await status()).delivery).toEqual({
      paused: 'the platform does not answer: create failed (503)',
      fix: expect.stringContaining('Check that the platform is up.') as unknown,
      since: '2027-03-27T07:30:00.000Z',
      nextCheckAt: '2027-03-27T09:00:30.000Z',
    });
  });
});
