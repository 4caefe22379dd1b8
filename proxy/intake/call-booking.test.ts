import { describe, expect, it } from 'vitest';
import type { SlotsResponse } from '../contract/booking.ts';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import {
  HOSTS,
  lawFirmBooking,
  lawFirmBookingRouted,
  withBooking,
} from '../test/fixtures/booking-config.ts';
import { harnessPerTest, ORIGIN, validEnquiry } from '../test/fixtures/proxy-harness.ts';

const setUp = harnessPerTest();

/** The law firm booking calls, its leads' teams kept (routing needs the aftercare's key). */
const bookingProxy = (config: FormConfig = lawFirmBooking) =>
  setUp({
    config,
    deps: { aftercare: { receiptSecret: 'booking-test-receipt-secret', emailOn: false } },
  });

/** A conveyancing enquiry answering the appointment with `call`. */
const withCall = (call: string, more: Record<string, string> = {}) => ({
  answers: { ...validEnquiry().answers, ...more, call },
});

const MONDAY_NINE = '2027-03-29T08:00:00Z';

describe('an enquiry with a time booked', () => {
  it('is accepted with its call, whose meta entry says when and with whom in the firm’s words', async () => {
    const h = bookingProxy();
    const res = await h.submit(withCall(MONDAY_NINE));
    expect(res.status).toBe(201);
    const { reference } = (await res.json()) as { reference: string };
    const [booking] = await h.store.bookingsOf(reference);
    expect(booking).toMatchObject({
      host: HOSTS[0],
      question: 'call',
      start: Date.parse(MONDAY_NINE),
      end: Date.parse('2027-03-29T08:30:00Z'),
      state: 'booked',
      summary: 'Call with Ada Lovelace',
    });
    expect(booking?.uid).toMatch(/^[0-9a-f-]{36}@enquiry-form$/);
    const create = h.calls.find((call) => call.endpoint === 'create');
    expect(create?.enquiry?.meta).toContainEqual({
      id: 'call',
      label: 'When shall we call you?',
      value: `${MONDAY_NINE} (Monday, 29 March 2027, 09:00–09:30 Europe/London, with ${HOSTS[0]})`,
    });
  });

  it('keeps the visitor’s own time zone with the call, and refuses one that is not a zone', async () => {
    const h = bookingProxy();
    const res = await h.submit({ ...withCall(MONDAY_NINE), time_zone: 'America/New_York' });
    expect(res.status).toBe(201);
    const { reference } = (await res.json()) as { reference: string };
    expect((await h.store.bookingsOf(reference))[0]?.visitorZone).toBe('America/New_York');
    for (const zone of ['+05:00', 'Mars/Olympus_Mons', 'x'.repeat(65)]) {
      const refused = await h.submit({ ...withCall('2027-03-29T09:00:00Z'), time_zone: zone });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ issues: [{ field: 'time_zone' }] });
    }
  });

  it('gives the same time to the next host, then refuses it beside the question, storing nothing', async () => {
    const h = bookingProxy();
    expect((await h.submit(withCall(MONDAY_NINE))).status).toBe(201);
    const second = await h.submit(withCall(MONDAY_NINE));
    expect(second.status).toBe(201);
    const { reference } = (await second.json()) as { reference: string };
    expect((await h.store.bookingsOf(reference))[0]?.host).toBe(HOSTS[1]);
    const third = await h.submit(withCall(MONDAY_NINE));
    expect(third.status).toBe(400);
    expect(await third.json()).toMatchObject({
      error: 'validation',
      issues: [
        {
          field: 'answers.call',
          code: 'slot_taken',
          message: 'That time was just taken. Choose another time for “When shall we call you?”',
        },
      ],
    });
    expect((await h.store.counts()).queued + (await h.store.counts()).delivered).toBe(2);
  });

  it('no longer offers a time once every host has it', async () => {
    const h = bookingProxy();
    const offered = async () =>
      (
        (await (
          await h.app.request('/api/slots?case-type=conveyancing', { headers: { origin: ORIGIN } })
        ).json()) as SlotsResponse
      ).slots.map((slot) => slot.start);
    expect(await offered()).toContain(MONDAY_NINE);
    await h.submit(withCall(MONDAY_NINE));
    expect(await offered()).toContain(MONDAY_NINE);
    await h.submit(withCall(MONDAY_NINE));
    expect(await offered()).not.toContain(MONDAY_NINE);
    expect(await offered()).toContain('2027-03-29T08:30:00Z');
  });

  it('keeps the buffer after a call free, for that host', async () => {
    const h = bookingProxy(withBooking({ bufferMinutes: 15, people: [HOSTS[0]] }));
    expect((await h.submit(withCall(MONDAY_NINE))).status).toBe(201);
    // Calls every 45 minutes: 09:45 London is the next one, and free.
    expect((await h.submit(withCall('2027-03-29T08:45:00Z'))).status).toBe(201);
    expect((await h.submit(withCall('2027-03-29T08:30:00Z'))).status).toBe(400);
  });

  it('refuses a time that was never offered as slot_unavailable, whatever the reason', async () => {
    const h = bookingProxy();
    for (const when of [
      '2027-03-29T08:10:00Z', // off the grid
      '2027-03-29T16:00:00Z', // after hours
      '2027-03-27T10:00:00Z', // a Saturday, and within the notice
      '2027-04-12T08:00:00Z', // past the horizon
    ]) {
      const res = await h.submit(withCall(when));
      expect(res.status, when).toBe(400);
      expect(await res.json()).toMatchObject({
        issues: [{ field: 'answers.call', code: 'slot_unavailable' }],
      });
    }
  });

  it('takes preferred times in words without booking, said as such upstream', async () => {
    const h = bookingProxy();
    const res = await h.submit(withCall('Any weekday after 4pm, please'));
    expect(res.status).toBe(201);
    const { reference } = (await res.json()) as { reference: string };
    expect(await h.store.bookingsOf(reference)).toEqual([]);
    const create = h.calls.find((call) => call.endpoint === 'create');
    expect(create?.enquiry?.meta).toContainEqual({
      id: 'call',
      label: 'When shall we call you?',
      value: 'Preferred times: Any weekday after 4pm, please',
    });
    const long = await h.submit(withCall('x'.repeat(501)));
    expect(long.status).toBe(400);
  });

  it('lets the same Idempotency-Key send again with another time once one was taken', async () => {
    const h = bookingProxy(withBooking({ people: [HOSTS[0]] }));
    expect((await h.submit(withCall(MONDAY_NINE))).status).toBe(201);
    const key = { 'idempotency-key': '7c1f4a52-8d1e-4a0a-9d7b-5e3c2f1a0b9c' };
    const taken = await h.submit(withCall(MONDAY_NINE), [], key);
    expect(taken.status).toBe(400);
    const again = await h.submit(withCall('2027-03-29T08:30:00Z'), [], key);
    expect(again.status).toBe(201);
    const replay = await h.submit(withCall('2027-03-29T08:30:00Z'), [], key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await h.store.counts()).delivered).toBe(2);
  });

  it('books a round-robin team’s call with the person whose turn it is, and gives them the lead', async () => {
    const h = bookingProxy(lawFirmBookingRouted);
    const hosts = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await h.submit(withCall(MONDAY_NINE));
      const { reference } = (await res.json()) as { reference: string };
      hosts.push(res.status === 201 ? (await h.store.bookingsOf(reference))[0]?.host : res.status);
      if (res.status === 201)
        expect((await h.store.get(reference))?.routing?.assignedTo).toBe(hosts.at(-1));
    }
    expect(hosts).toEqual([
      'ann@lovelace-law.example',
      'bob@lovelace-law.example',
      'cy@lovelace-law.example',
      400,
    ]);
  });
});
