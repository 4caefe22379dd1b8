/**
 * Whether a call took place, marked in the console (issue 88, item 4), in memory: once the call
 * has begun, staff press "Took place" or "Did not come" on the lead's page, with the console's
 * CSRF token, and the mark is shown there and kept in the audit log; the host finds their ended
 * calls waiting for a mark in "Your calls" (those a day past their end said to wait) and marks
 * them there; a marketer marks nothing; `npm run outbox -- calls mark` marks the same way.
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
const MONDAY_NINE = Date.parse('2027-03-29T08:00:00Z');
const DAY = 86_400_000;

/** A proxy with the console, booking calls; a lead that booked Monday 09:00 with ann. */
async function leadWithCall() {
  const options = callPagesOptions(lawFirmBooking);
  const h = setUp({ ...options, deps: { ...options.deps, adminToken: TOKEN } });
  const sent = await h.submit({
    answers: { ...validEnquiry().answers, call: '2027-03-29T08:00:00Z' },
  });
  const { reference } = (await sent.json()) as { reference: string };
  /** Signed in now (a session left idle ends: the clock moves by hours here). */
  const staff = () => signedInAs(h, TOKEN, { email: 'sam@lovelace-law.example', role: 'staff' });
  const host = () => signedInAs(h, TOKEN, { email: HOSTS[0], role: 'staff' });
  const read = async (path: string, who: { cookie: string }) => {
    const page = await h.app.request(`http://localhost${path}`, {
      headers: { cookie: who.cookie },
    });
    expect(page.status).toBe(200);
    return page.text();
  };
  return { h, reference, staff, host, read };
}

describe('whether a call took place, in the console', () => {
  it('is marked by staff on the lead’s page once the call has begun, shown there and audited', async () => {
    const { h, reference, read, ...as } = await leadWithCall();
    const path = `/admin/leads/${reference}/call/mark`;
    const early = await as.staff();
    expect(await read(`/admin/leads/${reference}`, early)).not.toContain(
      'Did the call take place?',
    );
    // Pressed before it began (a page left open, a hand-made post): nothing is marked.
    const before = await postForm(h, path, early, { outcome: 'attended' });
    expect(before.headers.get('location')).toBe(`/admin/leads/${reference}?done=call_not_begun`);

    h.clock.now = MONDAY_NINE + 31 * 60_000;
    const staff = await as.staff();
    const page = await read(`/admin/leads/${reference}`, staff);
    expect(page).toContain('<legend>Did the call take place?</legend>');
    expect(page).toContain('value="attended">Took place</button>');
    expect(page).toContain('value="no_show">Did not come</button>');
    expect(
      (await postForm(h, path, { ...staff, csrf: 'made-up' }, { outcome: 'no_show' })).status,
    ).toBe(403);
    expect((await postForm(h, path, staff, { outcome: 'maybe' })).status).toBe(400);

    const marked = await postForm(h, path, staff, { outcome: 'no_show' });
    expect(marked.headers.get('location')).toBe(`/admin/leads/${reference}?done=call_no_show`);
    const after = await read(`/admin/leads/${reference}?done=call_no_show`, staff);
    expect(after).toContain('The call is marked: the visitor did not come.');
    expect(after).toMatch(/Did not come \(marked by sam@lovelace-law\.example,/);
    expect((await h.store.bookingsOf(reference))[0]).toMatchObject({ outcome: 'no_show' });
    const audit = await h.store.listAudit({ reference, limit: 10 });
    expect(audit.map((entry) => [entry.action, entry.detail, entry.person])).toContainEqual([
      'call marked',
      'no_show',
      'sam@lovelace-law.example',
    ]);
  });

  it('lists a host’s ended calls for them to mark, says which wait past a day, and marks them there', async () => {
    const { h, reference, read, ...as } = await leadWithCall();
    expect(await read('/admin/calls', await as.host())).not.toContain(
      'Did these calls take place?',
    );
    h.clock.now = MONDAY_NINE + 30 * 60_000;
    const ended = await read('/admin/calls', await as.host());
    expect(ended).toContain('Did these calls take place?');
    expect(ended).toContain(`Did the call take place: Call with Ada Lovelace, ${reference}?`);
    expect(ended).not.toContain('more than a day ago without a mark');
    h.clock.now = MONDAY_NINE + 30 * 60_000 + DAY;
    const host = await as.host();
    expect(await read('/admin/calls', host)).toMatch(
      /1 call ended more than a day ago without a mark\./,
    );

    const marked = await postForm(h, `/admin/leads/${reference}/call/mark`, host, {
      outcome: 'attended',
      back: 'calls',
    });
    expect(marked.headers.get('location')).toBe('/admin/calls?done=call_attended');
    const page = await read('/admin/calls?done=call_attended', host);
    expect(page).toContain('The call is marked: it took place.');
    expect(page).not.toContain('Did these calls take place?');
    // Another host has nothing to mark.
    const bob = await signedInAs(h, TOKEN, { email: HOSTS[1], role: 'staff' });
    expect(await read('/admin/calls', bob)).not.toContain(reference);
  });

  it('marks nothing for a marketer', async () => {
    const { h, reference } = await leadWithCall();
    h.clock.now = MONDAY_NINE + DAY;
    const marketer = await signedInAs(h, TOKEN, {
      email: 'max@lovelace-law.example',
      role: 'marketer',
    });
    const refused = await postForm(h, `/admin/leads/${reference}/call/mark`, marketer, {
      outcome: 'attended',
    });
    expect(refused.status).toBe(403);
    expect((await h.store.bookingsOf(reference))[0]?.outcome).toBeNull();
  });

  it('is marked from the command line, in words, and refused in words before the call', async () => {
    const { h, reference } = await leadWithCall();
    const early = await outboxCommand(h, 'calls', 'mark', reference, 'no-show');
    expect(early.exit).toBe(1);
    expect(early.err).toBe(
      `${reference}’s call (Monday, 29 March 2027, 09:00–09:30 Europe/London, with ${HOSTS[0]}) has not begun: mark it once it has.`,
    );
    h.clock.now = MONDAY_NINE + DAY;
    expect((await outboxCommand(h, 'calls', 'mark', reference, 'missed')).exit).toBe(2);
    expect((await outboxCommand(h, 'calls', 'mark', 'EQ-NONE', 'no-show')).exit).toBe(1);
    const done = await outboxCommand(h, 'calls', 'mark', reference, 'no-show');
    expect(done).toMatchObject({ exit: 0, err: '' });
    expect(done.out).toBe(
      `${reference}’s call (Monday, 29 March 2027, 09:00–09:30 Europe/London, with ${HOSTS[0]}) is marked: Did not come.`,
    );
    const fixed = await outboxCommand(h, 'calls', 'mark', reference, 'attended');
    expect(fixed.out).toContain('is marked: Took place (was: Did not come).');
    const audit = await h.store.listAudit({ reference, limit: 10 });
    expect(audit.filter((entry) => entry.action === 'call marked')).toHaveLength(2);
  });
});
