/**
 * The visitor's page to cancel or move their call, in memory (`app.request()`), reached by the
 * link in the confirmation email as a real mail server received it: opening it changes nothing;
 * a press cancels (the time offered again, the host told by email) or moves the call to a free
 * time of its hosts; a press without the page's check, or at a time just taken, changes nothing.
 */
import { randomBytes } from 'node:crypto';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { BookedCall } from '../../contract/wire.ts';
import type { SlotsResponse } from '../../contract/booking.ts';
import type { FormConfig } from '../../contract/schemas/form-config.ts';
import { HOSTS, lawFirmBooking } from '../../test/fixtures/booking-config.ts';
import { callPagesOptions, CONSOLE_ORIGIN, pressOnPage } from '../../test/fixtures/call-pages.ts';
import { answerOf, confirming, confirmingProxies } from '../../test/fixtures/confirming-proxy.ts';
import { signedInAs } from '../../test/fixtures/console-people.ts';
import { ORIGIN, validEnquiry, type ProxyHarness } from '../../test/fixtures/proxy-harness.ts';

const confirmingProxy = confirmingProxies();
const TOKEN = randomBytes(32).toString('base64url');

/** The event a calendar file holds, as a calendar program reads it. */
function eventIn(text: string) {
  const calendar = ICAL.Component.fromString(text);
  const event = calendar.getFirstSubcomponent('vevent');
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event?.getFirstPropertyValue('uid'),
    sequence: Number(event?.getFirstPropertyValue('sequence')),
    status: event?.getFirstPropertyValue('status'),
    start: event?.getFirstPropertyValue('dtstart')?.toString(),
    attendee: event?.getFirstPropertyValue('attendee'),
  };
}
const config: FormConfig = { ...lawFirmBooking, confirmation: confirming().confirmation };
const [ANN, BOB] = HOSTS;
const MONDAY_NINE = '2027-03-29T08:00:00Z';

/** A proxy booking calls and confirming them, whose calls' pages are on. */
async function callPageProxy() {
  const options = callPagesOptions(config);
  const proxy = await confirmingProxy(config, { harness: options });
  const book = async (start: string, email = 'ada@example.com') => {
    const response = await proxy.harness.submit({
      email,
      answers: { ...validEnquiry().answers, call: start },
    });
    expect(response.status).toBe(201);
    return (await answerOf(response)).reference;
  };
  /** The path of the link the visitor's email for `reference` carries. */
  const linkOf = async (reference: string) => {
    await proxy.send();
    const email = proxy.mail.received.find((each) => each.subject?.includes(reference));
    const link = /https?:\/\/\S+\/booking\/\S+/.exec(email?.text ?? '')?.[0] ?? '';
    return new URL(link).pathname + new URL(link).search;
  };
  return { ...proxy, book, linkOf, offered: () => offered(proxy.harness) };
}

/** The starts `GET /api/slots` offers for conveyancing now. */
async function offered(h: ProxyHarness) {
  const answer = await h.app.request('/api/slots?case-type=conveyancing', {
    headers: { origin: ORIGIN },
  });
  return ((await answer.json()) as SlotsResponse).slots.map((slot) => slot.start);
}

describe('the page of a booked call', () => {
  it('changes nothing when opened; the press cancels it, tells the host, and offers the time again', async () => {
    const { harness, book, linkOf, offered, mail, send } = await callPageProxy();
    const reference = await book(MONDAY_NINE);
    await book(MONDAY_NINE, 'grace@example.com');
    expect(await offered()).not.toContain(MONDAY_NINE);
    const path = await linkOf(reference);

    for (let opened = 0; opened < 3; opened += 1) {
      const page = await harness.app.request(path);
      expect(page.status).toBe(200);
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      const text = await page.text();
      expect(text).toContain('Monday, 29 March 2027, 09:00–09:30 Europe/London');
      expect(text).toContain(ANN);
    }
    expect((await harness.store.bookingsOf(reference))[0]).toMatchObject({ state: 'booked' });
    expect(await offered()).not.toContain(MONDAY_NINE);

    const forged = await harness.app.request(path, {
      method: 'POST',
      body: new URLSearchParams({ action: 'cancel', check: 'made-up' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(forged.status).toBe(409);
    expect((await harness.store.bookingsOf(reference))[0]).toMatchObject({ state: 'booked' });

    const cancelled = await pressOnPage(harness, path, { action: 'cancel' });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.text()).toContain('Your call is cancelled, and the firm has been told.');
    expect((await harness.store.bookingsOf(reference))[0]).toMatchObject({ state: 'cancelled' });
    expect(await offered()).toContain(MONDAY_NINE);

    await send();
    const told = mail.received.filter((email) => email.subject?.startsWith('Call cancelled'));
    expect(told.map((email) => email.to)).toEqual([expect.objectContaining({ text: ANN })]);
    expect(told[0]?.text).toContain(`${CONSOLE_ORIGIN}/admin/leads/${reference}`);
    // Pressed again (the page drawn before, now out of date): nothing more happens.
    expect((await pressOnPage(harness, path, { action: 'cancel' })).status).toBe(409);
    await send();
    expect(
      mail.received.filter((email) => email.subject?.startsWith('Call cancelled')),
    ).toHaveLength(1);
  });

  it('moves the call to a free time of its hosts, and refuses a time just taken with fresh times', async () => {
    const { harness, book, linkOf, offered } = await callPageProxy();
    const reference = await book(MONDAY_NINE);
    const path = await linkOf(reference);
    const page = await (await harness.app.request(path)).text();
    expect(page).toContain('value="2027-03-29T08:30:00Z"');
    expect(page).not.toContain(`value="${MONDAY_NINE}"`);

    // Both hosts take 10:00 meanwhile: the page's time is refused, the call stays.
    await book('2027-03-29T09:00:00Z', 'grace@example.com');
    await book('2027-03-29T09:00:00Z', 'hedy@example.com');
    const refused = await pressOnPage(harness, path, {
      action: 'move',
      start: '2027-03-29T09:00:00Z',
    });
    expect(refused.status).toBe(409);
    const again = await refused.text();
    expect(again).toContain('That time was just taken. Choose another time.');
    expect(again).not.toContain('value="2027-03-29T09:00:00Z"');
    expect((await harness.store.bookingsOf(reference))[0]).toMatchObject({
      start: Date.parse(MONDAY_NINE),
      sequence: 0,
    });

    const moved = await pressOnPage(harness, path, {
      action: 'move',
      start: '2027-03-29T13:00:00Z',
    });
    expect(moved.status).toBe(200);
    expect(await moved.text()).toContain('Your call is now Monday, 29 March 2027, 14:00–14:30');
    expect((await harness.store.bookingsOf(reference))[0]).toMatchObject({
      host: ANN,
      start: Date.parse('2027-03-29T13:00:00Z'),
      state: 'booked',
      sequence: 1,
    });
    // Ann's 14:00 is hers now, Bob's still free; her 09:00 is free again.
    const [other] = await harness.store.bookingsOf(
      await book('2027-03-29T13:00:00Z', 'x@example.com'),
    );
    expect(other?.host).toBe(BOB);
    expect(await offered()).toContain(MONDAY_NINE);
  });

  it('is short: the call and its cancel first, each day’s times folded, nothing ticked, the host by name', async () => {
    const { harness, book, linkOf } = await callPageProxy();
    await signedInAs(harness, TOKEN, { email: ANN, role: 'staff', name: 'Ann Hart' });
    const path = await linkOf(await book(MONDAY_NINE));
    const page = await (await harness.app.request(path)).text();
    expect(page).toContain(`Ann Hart (${ANN})`);
    // Cancelling comes before the times; the zone is said once; each day is a <details>.
    expect(page.indexOf('Cancel the call')).toBeLessThan(page.indexOf('name="start"'));
    expect(page.split('Times are in Europe/London.')).toHaveLength(2);
    expect(page).toMatch(/<details class="day">\s*<summary>Monday, 29 March 2027<\/summary>/);
    expect(page).not.toMatch(/<details[^>]* open/);
    expect(page).not.toContain('checked');
    // Moving without a time chosen says to choose one, and moves nothing.
    const none = await pressOnPage(harness, path, { action: 'move' });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain('Choose a time to move the call to.');
  });

  it('offers the call as a file for a calendar, and says so where no email reaches the visitor', async () => {
    const options = callPagesOptions(lawFirmBooking);
    const { harness } = await confirmingProxy(lawFirmBooking, { harness: options });
    const sent = await harness.submit({
      answers: { ...validEnquiry().answers, call: MONDAY_NINE },
    });
    const { call } = (await sent.json()) as { call: BookedCall };
    expect(call).toMatchObject({ emailed: false, start: MONDAY_NINE });
    const path = new URL(call.page).pathname;
    const page = await (await harness.app.request(path)).text();
    expect(page).toContain('We cannot email you about this call');
    expect(page).toContain(`href="${path}/calendar.ics" download="call.ics"`);
    const file = await harness.app.request(new URL(call.calendar).pathname);
    expect(file.headers.get('content-type')).toBe('text/calendar; charset=utf-8; method=REQUEST');
    const event = eventIn(await file.text());
    expect(event).toMatchObject({ method: 'REQUEST', sequence: 0, start: MONDAY_NINE });

    const cancelled = await (await pressOnPage(harness, path, { action: 'cancel' })).text();
    expect(cancelled).toContain('take the call out of your calendar with this update');
    const update = eventIn(await (await harness.app.request(`${path}/calendar.ics`)).text());
    expect(update).toEqual({ ...event, method: 'CANCEL', status: 'CANCELLED', sequence: 1 });
  });

  it('answers any other token as an address it does not know', async () => {
    const { harness } = await callPageProxy();
    const made = `/booking/${Buffer.from('nobody@enquiry-form').toString('base64url')}.${'A'.repeat(43)}`;
    expect((await harness.app.request(made)).status).toBe(404);
    expect((await harness.app.request('/booking/nothing')).status).toBe(404);
  });
});
