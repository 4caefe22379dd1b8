/**
 * The appointment question on the form without JavaScript, in memory: the free times
 * `GET /api/slots` offers, as radios by day in the firm's zone; a time ticked books the call
 * (and wins over the times typed); a time taken meanwhile is refused beside the question, the
 * page drawn again with fresh times and every answer kept. Hosts chosen by answers:
 * `routed-appointment-page.test.ts`.
 */
import { describe, expect, it } from 'vitest';
import { parseFormConfig } from '../../contract/schemas/form-config.ts';
import { lawFirmBookingFile } from '../../test/fixtures/booking-config.ts';
import {
  bookingProxies,
  callEntry,
  offered,
  radioStarts,
} from '../../test/fixtures/appointment-page.ts';
import { inputs, plainForm, postPlain } from '../../test/fixtures/plain-post.ts';
import { harnessPerTest, validEnquiry } from '../../test/fixtures/proxy-harness.ts';

const bookingProxy = bookingProxies(harnessPerTest());
const MONDAY_NINE = '2027-03-29T08:00:00Z';
const MONDAY_HALF_NINE = '2027-03-29T08:30:00Z';

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

  it('says the call booked on its confirmation page, with its calendar file and its page', async () => {
    const h = bookingProxy();
    const response = await postPlain(h, plainForm(h.formToken(), { 'answers.call': MONDAY_NINE }));
    expect(response.status).toBe(303);
    const sent = await (await h.app.request(response.headers.get('location') ?? '')).text();
    expect(sent).toContain('Monday, 29 March 2027, 09:00–09:30 Europe/London');
    const page = /<a href="(http[^"]+\/booking\/[^"]+)">Move or cancel the call<\/a>/.exec(
      sent,
    )?.[1];
    expect(page).toBeDefined();
    expect(sent).toContain(`href="${page ?? ''}/calendar.ics" download="call.ics"`);
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
});
