/**
 * A lead's booked call in the console, in memory: its page says when (in the firm's zone), with
 * whom and in what state; staff move or cancel it there, with the console's CSRF token, by the
 * visitor's page's machinery (the time offered again, the change in the audit log); a marketer,
 * who may not read leads, changes nothing; a host sees their own calls.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SlotsResponse } from '../contract/booking.ts';
import { HOSTS, lawFirmBooking } from '../test/fixtures/booking-config.ts';
import { callPagesOptions } from '../test/fixtures/call-pages.ts';
import { postForm, signedInAs } from '../test/fixtures/console-people.ts';
import { harnessPerTest, ORIGIN, validEnquiry } from '../test/fixtures/proxy-harness.ts';

const setUp = harnessPerTest();
const TOKEN = randomBytes(32).toString('base64url');
const MONDAY_NINE = '2027-03-29T08:00:00Z';

/** A proxy with the console, booking calls; a lead that booked Monday 09:00, and its page. */
async function leadWithCall() {
  const options = callPagesOptions(lawFirmBooking);
  const h = setUp({ ...options, deps: { ...options.deps, adminToken: TOKEN } });
  const sent = await h.submit({ answers: { ...validEnquiry().answers, call: MONDAY_NINE } });
  const { reference } = (await sent.json()) as { reference: string };
  const staff = await signedInAs(h, TOKEN, { email: 'sam@lovelace-law.example', role: 'staff' });
  const pageOf = async () =>
    (
      await h.app.request(`http://localhost/admin/leads/${reference}`, {
        headers: { cookie: staff.cookie },
      })
    ).text();
  const offered = async () =>
    (
      (await (
        await h.app.request('/api/slots?case-type=conveyancing', { headers: { origin: ORIGIN } })
      ).json()) as SlotsResponse
    ).slots.map((slot) => slot.start);
  const [booking] = await h.store.bookingsOf(reference);
  const fields = { uid: booking?.uid ?? '', sequence: '0' };
  return { h, reference, staff, pageOf, offered, fields };
}

describe('a lead’s booked call in the console', () => {
  it('is shown on the lead’s page, in the firm’s zone, with its host and state', async () => {
    const { pageOf } = await leadWithCall();
    const page = await pageOf();
    expect(page).toContain('Call booked');
    expect(page).toContain('Monday, 29 March 2027, 09:00–09:30 Europe/London');
    expect(page).toContain('Booked');
    expect(page).toContain('value="2027-03-29T08:30:00Z"');
    expect(page).toContain('Cancel the call');
  });

  it('is moved by staff to another free time, then cancelled, each in the audit log', async () => {
    const { h, reference, staff, pageOf, offered, fields } = await leadWithCall();
    const path = `/admin/leads/${reference}/call`;
    expect(
      (await postForm(h, `${path}/cancel`, { ...staff, csrf: 'made-up' }, fields)).status,
    ).toBe(403);
    expect((await h.store.bookingsOf(reference))[0]?.state).toBe('booked');

    const moved = await postForm(h, `${path}/move`, staff, {
      ...fields,
      start: '2027-03-29T09:30:00Z',
    });
    expect(moved.status).toBe(303);
    expect(moved.headers.get('location')).toBe(`/admin/leads/${reference}?done=call_moved`);
    expect(await pageOf()).toContain('Monday, 29 March 2027, 10:30–11:00 Europe/London');
    // The page drawn before the move is out of date: its press changes nothing.
    const stale = await postForm(h, `${path}/cancel`, staff, fields);
    expect(stale.headers.get('location')).toBe(`/admin/leads/${reference}?done=call_changed`);

    const cancelled = await postForm(h, `${path}/cancel`, staff, { ...fields, sequence: '1' });
    expect(cancelled.headers.get('location')).toBe(`/admin/leads/${reference}?done=call_cancelled`);
    expect((await h.store.bookingsOf(reference))[0]).toMatchObject({
      state: 'cancelled',
      host: HOSTS[0],
    });
    expect(await offered()).toContain('2027-03-29T09:30:00Z');
    const audit = await h.store.listAudit({ reference, limit: 10 });
    expect(audit.map((entry) => [entry.action, entry.person])).toEqual(
      expect.arrayContaining([
        ['call moved', 'sam@lovelace-law.example'],
        ['call cancelled', 'sam@lovelace-law.example'],
      ]),
    );
  });

  it('shows a host the calls booked with them, and their feed’s address', async () => {
    const { h, reference } = await leadWithCall();
    const callsOf = async (email: string) => {
      const host = await signedInAs(h, TOKEN, { email, role: 'staff' });
      const page = await h.app.request('http://localhost/admin/calls', {
        headers: { cookie: host.cookie },
      });
      expect(page.status).toBe(200);
      return page.text();
    };
    const ann = await callsOf(HOSTS[0]);
    expect(ann).toContain('Monday, 29 March 2027, 09:00–09:30 Europe/London');
    expect(ann).toContain(`href="/admin/leads/${reference}"`);
    expect(ann).toMatch(/<code class="link">http:\/\/localhost\/calendar\/[\w-]{43}\.ics<\/code>/);
    const bob = await callsOf(HOSTS[1]);
    expect(bob).toContain(`No calls are booked with ${HOSTS[1]} from now on.`);
    expect(bob).not.toContain(reference);
  });

  it('changes nothing for a marketer', async () => {
    const { h, reference, fields } = await leadWithCall();
    const marketer = await signedInAs(h, TOKEN, {
      email: 'max@lovelace-law.example',
      role: 'marketer',
    });
    const refused = await postForm(h, `/admin/leads/${reference}/call/cancel`, marketer, fields);
    expect(refused.status).toBe(403);
    expect((await h.store.bookingsOf(reference))[0]?.state).toBe('booked');
  });
});
