/**
 * A host's private feed can be revoked (issue 84, finding 7): its address replaced by the host in
 * "Your calls" or by an operator with `people calendar <address> --new-feed`, the old one
 * answering 404 at once on every instance of the outbox, and gone with the person removed.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HOSTS, lawFirmBooking } from '../test/fixtures/booking-config.ts';
import { callPagesOptions } from '../test/fixtures/call-pages.ts';
import { outboxCommand } from '../test/fixtures/confirming-proxy.ts';
import { postForm, signedInAs } from '../test/fixtures/console-people.ts';
import { harnessPerTest, validEnquiry } from '../test/fixtures/proxy-harness.ts';

const setUp = harnessPerTest();
const TOKEN = randomBytes(32).toString('base64url');
const [ANN] = HOSTS;
const FEED = /\/calendar\/[A-Za-z0-9_-]{43}\.ics/;

/** Two instances of one outbox booking calls with the console; a call booked with Ann. */
async function twoInstances() {
  const options = callPagesOptions(lawFirmBooking);
  const h = setUp({ ...options, deps: { ...options.deps, adminToken: TOKEN } });
  const other = setUp({ ...options, deps: { ...options.deps, adminToken: TOKEN } });
  await h.submit({ answers: { ...validEnquiry().answers, call: '2027-03-29T08:00:00Z' } });
  const [booking] = await h.store.hostBookings(ANN, 0);
  /** What each instance answers for the feed at `path`: its status, and whether Ann's call is in it. */
  const fetched = async (path: string) =>
    Promise.all(
      [h, other].map(async ({ app }) => {
        const answer = await app.request(path);
        return { status: answer.status, call: (await answer.text()).includes(booking?.uid ?? '?') };
      }),
    );
  const yourCalls = async (who: { cookie: string }, query = '') =>
    (
      await h.app.request(`http://localhost/admin/calls${query}`, {
        headers: { cookie: who.cookie },
      })
    ).text();
  return { h, fetched, yourCalls };
}

const served = { status: 200, call: true };
const gone = { status: 404, call: false };

describe('a host’s feed replaced', () => {
  it('by the host in “Your calls”: the old address answers 404 at once on every instance', async () => {
    const { h, fetched, yourCalls } = await twoInstances();
    const ann = await signedInAs(h, TOKEN, { email: ANN, role: 'staff' });
    const before = await yourCalls(ann);
    const old = FEED.exec(before)?.[0] ?? '';
    expect(before).toContain('<button type="submit">Replace this address</button>');
    expect(await fetched(old)).toEqual([served, served]);

    // Without the page's CSRF token, or by someone who hosts no calls: nothing is replaced.
    expect((await postForm(h, '/admin/calls/feed', { ...ann, csrf: 'made-up' })).status).toBe(403);
    const sam = await signedInAs(h, TOKEN, { email: 'sam@lovelace-law.example', role: 'staff' });
    expect((await postForm(h, '/admin/calls/feed', sam)).status).toBe(403);
    expect(await fetched(old)).toEqual([served, served]);

    const pressed = await postForm(h, '/admin/calls/feed', ann);
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get('location')).toBe('/admin/calls?done=feed_replaced#feed');
    expect(await fetched(old)).toEqual([gone, gone]);
    const after = await yourCalls(ann, '?done=feed_replaced');
    expect(after).toContain('Your feed has a new address, below. The old one answers nothing');
    const replaced = FEED.exec(after)?.[0] ?? '';
    expect(replaced).not.toBe(old);
    expect(await fetched(replaced)).toEqual([served, served]);
    const audit = await h.store.listAudit({ limit: 5 });
    expect(audit.map((entry) => [entry.action, entry.detail, entry.person])).toContainEqual([
      'replace feed',
      ANN,
      ANN,
    ]);
  });

  it('by an operator with the CLI (--new-feed, --remove), and with the person removed', async () => {
    const { h, fetched } = await twoInstances();
    const shown = await outboxCommand(h, 'people', 'calendar', ANN);
    const old = FEED.exec(shown.out)?.[0] ?? '';
    expect(await fetched(old)).toEqual([served, served]);
    // Shown again, the address is the same: showing it makes no new one.
    expect(FEED.exec((await outboxCommand(h, 'people', 'calendar', ANN)).out)?.[0]).toBe(old);

    const replaced = await outboxCommand(h, 'people', 'calendar', ANN, '--new-feed');
    expect(replaced.exit).toBe(0);
    expect(replaced.out).toContain(`${ANN}'s feed has a new address; the old one answers nothing`);
    const fresh = FEED.exec(replaced.out)?.[0] ?? '';
    expect(await fetched(old)).toEqual([gone, gone]);
    expect(await fetched(fresh)).toEqual([served, served]);

    // Her calendar's access removed (none connected): the feed goes with it.
    const removed = await outboxCommand(h, 'people', 'calendar', ANN, '--remove');
    expect(removed.exit).toBe(0);
    expect(removed.out).toContain(`${ANN}'s feed address answers nothing from now on`);
    expect(await fetched(fresh)).toEqual([gone, gone]);
    expect((await outboxCommand(h, 'people', 'calendar', ANN, '--remove')).exit).toBe(1);

    // Removed from the console: the address she had last answers 404.
    const last = FEED.exec((await outboxCommand(h, 'people', 'calendar', ANN)).out)?.[0] ?? '';
    expect(last).not.toBe(fresh);
    expect(await fetched(last)).toEqual([served, served]);
    await signedInAs(h, TOKEN, { email: ANN, role: 'staff' });
    expect((await outboxCommand(h, 'people', 'remove', ANN)).exit).toBe(0);
    expect(await fetched(last)).toEqual([gone, gone]);
    // Still a host of the form: the address shown now is a new one.
    const again = FEED.exec((await outboxCommand(h, 'people', 'calendar', ANN)).out)?.[0];
    expect(again).not.toBe(last);
    expect(await fetched(again ?? '')).toEqual([served, served]);
  });
});
