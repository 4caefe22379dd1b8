/**
 * The appointment question on the form without JavaScript, in memory: the free times
 * `GET /api/slots` offers, as radios by day in the firm's zone; a time ticked books the call
 * (and wins over the times typed); a time taken meanwhile is refused beside the question, the
 * page drawn again with fresh times and every answer kept.
 */
import { describe, expect, it } from 'vitest';
import type { SlotsResponse } from '../../contract/booking.ts';
import { parseFormConfig, type FormConfig } from '../../contract/schemas/form-config.ts';
import {
  lawFirmBooking,
  lawFirmBookingFile,
  lawFirmBookingRouted,
} from '../../test/fixtures/booking-config.ts';
import { inputs, plainForm, postPlain } from '../../test/fixtures/plain-post.ts';
import { harnessPerTest, ORIGIN, validEnquiry } from '../../test/fixtures/proxy-harness.ts';

const setUp = harnessPerTest();
const MONDAY_NINE = '2027-03-29T08:00:00Z';
const MONDAY_HALF_NINE = '2027-03-29T08:30:00Z';

/** The law firm booking calls, its leads' teams kept (routing needs the aftercare's key). */
const bookingProxy = (config: FormConfig = lawFirmBooking) =>
  setUp({
    config,
    deps: { aftercare: { receiptSecret: 'booking-test-receipt-secret', emailOn: false } },
  });

type Harness = ReturnType<typeof bookingProxy>;

/** The starts `GET /api/slots` offers for conveyancing now. */
async function offered(h: Harness, query = '') {
  const answer = await h.app.request(`/api/slots?case-type=conveyancing${query}`, {
    headers: { origin: ORIGIN },
  });
  return ((await answer.json()) as SlotsResponse).slots.map((slot) => slot.start);
}

/** The starts the page offers as radios. */
const radioStarts = (page: string) =>
  inputs(page, 'answers.call').map((tag) => /value="([^"]*)"/.exec(tag)?.[1]);

/** The meta entry of the appointment the platform received. */
const callEntry = (h: Harness) =>
  h.calls
    .find((call) => call.endpoint === 'create')
    ?.enquiry?.meta.find((entry: { id: string }) => entry.id === 'call');

describe('the appointment question without JavaScript', () => {
  it('offers the same free times as GET /api/slots, as radios by day in the firm’s zone', async () => {
    const h = bookingProxy();
    const page = await (await h.app.request('/form?case-type=conveyancing')).text();
    expect(radioStarts(page)).toEqual(await offered(h));
    expect(page).toContain('Times are in Europe/London.');
    expect(page).toMatch(/<legend>Monday, 29 March 2027<\/legend>/);
    const [first] = inputs(page, 'answers.call', MONDAY_NINE);
    expect(first).toContain('type="radio"');
    expect(page).toMatch(new RegExp(`value="${MONDAY_NINE}"[^>]*/>\\s*09:00–09:30`));
    // The times that would suit, beside them, not required when a time can be ticked.
    expect(page).toMatch(/<textarea[^>]*name="preferred\.call"/);
    expect(page).not.toMatch(/<textarea[^>]*name="preferred\.call"[^>]*required/);
  });

  it('books the time ticked, which wins over the times typed', async () => {
    const h = bookingProxy();
    const response = await postPlain(
      h,
      plainForm(h.formToken(), { 'answers.call': MONDAY_NINE, 'preferred.call': 'Evenings' }),
    );
    expect(response.status).toBe(303);
    expect(callEntry(h)?.value).toMatch(new RegExp(`^${MONDAY_NINE} \\(Monday, 29 March 2027`));
    expect(await offered(h)).toContain(MONDAY_NINE); // Bob is free still
  });

  it('sends the times typed when none is ticked', async () => {
    const h = bookingProxy();
    const response = await postPlain(
      h,
      plainForm(h.formToken(), { 'preferred.call': 'Any weekday after 4pm' }),
    );
    expect(response.status).toBe(303);
    expect(callEntry(h)?.value).toBe('Preferred times: Any weekday after 4pm');
  });

  it('says no time is free, and asks for the times that would suit', async () => {
    const config = parseFormConfig({
      ...lawFirmBookingFile,
      // Open on Sundays only, and both Sundays of the fortnight closed.
      booking: {
        ...lawFirmBookingFile.booking,
        hours: { sun: '09:00-10:00' },
        closed: ['2027-03-28', '2027-04-04'],
      },
    });
    const h = bookingProxy(config);
    const page = await (await h.app.request('/form?case-type=conveyancing')).text();
    expect(radioStarts(page)).toEqual([]);
    expect(page).toContain('There are no free times to book at the moment.');
    expect(page).toMatch(/<textarea[^>]*name="preferred\.call"/);
  });

  it('refuses a time taken meanwhile beside the question, with fresh times and every answer kept', async () => {
    const h = bookingProxy();
    const page = await (await h.app.request('/form?case-type=conveyancing')).text();
    expect(radioStarts(page)).toContain(MONDAY_NINE);
    // Both hosts are booked at nine before the visitor sends.
    for (const email of ['grace@example.com', 'hedy@example.com'])
      expect(
        (await h.submit({ email, answers: { ...validEnquiry().answers, call: MONDAY_NINE } }))
          .status,
      ).toBe(201);
    const refused = await postPlain(
      h,
      plainForm(h.formToken(), { 'answers.call': MONDAY_NINE, 'answers.notes': 'Ground floor' }),
    );
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(again).toContain('That time was just taken. Choose another time for “When shall');
    expect(again).toMatch(/<a href="#field-answers-call">/);
    expect(radioStarts(again)).not.toContain(MONDAY_NINE);
    expect(radioStarts(again)).toContain(MONDAY_HALF_NINE);
    expect(radioStarts(again)).toEqual(await offered(h));
    expect(inputs(again, 'forename', 'Ada')).toHaveLength(1);
    expect(again).toMatch(/<textarea[^>]*name="answers\.notes"[^>]*>\s*Ground floor<\/textarea>/);

    const sent = await postPlain(h, plainForm(h.formToken(), { 'answers.call': MONDAY_HALF_NINE }));
    expect(sent.status).toBe(303);
  });

  it('writes what the visitor typed as text, never as the page’s markup', async () => {
    const h = bookingProxy();
    const typed = '</textarea><script>alert(1)</script>';
    const refused = await postPlain(
      h,
      plainForm(h.formToken(), { email: 'not an address', 'preferred.call': typed }),
    );
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toContain('&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('for hosts chosen by answers, asks for the times that suit first, and offers that team’s times on the page drawn again', async () => {
    const h = bookingProxy(lawFirmBookingRouted);
    const page = await (await h.app.request('/form?case-type=conveyancing')).text();
    expect(radioStarts(page)).toEqual([]);
    expect(page).toMatch(/<textarea[^>]*name="preferred\.call"/);
    const value = 'Over £1 million';
    const refused = await postPlain(
      h,
      plainForm(h.formToken(), { email: 'not an address', 'answers.property_value': value }),
    );
    expect(refused.status).toBe(400);
    const again = await refused.text();
    // The high-value team's own hours: an hour from 10:00, London time.
    expect(radioStarts(again)).toEqual(
      await offered(h, `&answer.property_value=${encodeURIComponent(value)}`),
    );
    expect(radioStarts(again)[0]).toBe('2027-03-29T09:00:00Z');
    expect(again).toMatch(/value="2027-03-29T09:00:00Z"[^>]*\/>\s*10:00–11:00/);
  });
});
