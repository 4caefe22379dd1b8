import { describe, expect, it } from 'vitest';
import { harnessPerTest, ORIGIN } from '../test/fixtures/proxy-harness.ts';
import {
  lawFirmBooking,
  lawFirmBookingRouted,
  withBooking,
} from '../test/fixtures/booking-config.ts';
import type { SlotsResponse } from '../contract/booking.ts';

const setUp = harnessPerTest();

/** `GET /api/slots` with `query`, from the allowed origin unless `headers` say otherwise. */
const slotsOf = (
  harness: ReturnType<typeof setUp>,
  query: string,
  headers: Record<string, string> = { origin: ORIGIN },
) => harness.app.request(`/api/slots?${query}`, { headers });

describe('GET /api/slots', () => {
  it('offers each weekday’s half hours from 09:00 London time, in UTC, past the notice', async () => {
    const harness = setUp({ config: lawFirmBooking });
    const res = await slotsOf(harness, 'case-type=conveyancing');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as SlotsResponse;
    expect(body).toMatchObject({ timeZone: 'Europe/London', minutes: 30, status: 'open' });
    // Saturday 27 March 2027 at 09:00 UTC: the first weekday is Monday, in summer time.
    expect(body.slots[0]).toEqual({ start: '2027-03-29T08:00:00Z', end: '2027-03-29T08:30:00Z' });
    // Ten weekdays within the fourteen days, sixteen calls each.
    expect(body.slots).toHaveLength(160);
    expect(body.slots.every((slot) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:00Z$/.test(slot.start))).toBe(
      true,
    );
  });

  it('offers the routed team’s times: its own hours for the answers that choose it', async () => {
    const harness = setUp({ config: lawFirmBookingRouted });
    const highValue = (await (
      await slotsOf(
        harness,
        `case-type=conveyancing&answer.property_value=${encodeURIComponent('Over £1 million')}`,
      )
    ).json()) as SlotsResponse;
    expect(highValue.minutes).toBe(60);
    expect(highValue.slots.slice(0, 2).map((slot) => slot.start)).toEqual([
      '2027-03-29T09:00:00Z',
      '2027-03-29T10:00:00Z',
    ]);
    const property = (await (
      await slotsOf(harness, 'case-type=conveyancing')
    ).json()) as SlotsResponse;
    expect(property.minutes).toBe(30);
  });

  it('answers full when no time is open within the horizon', async () => {
    const harness = setUp({
      config: withBooking({ hours: { sat: '08:00-09:00' }, horizonDays: 1 }),
    });
    const body = (await (await slotsOf(harness, 'case-type=conveyancing')).json()) as SlotsResponse;
    expect(body).toEqual({ timeZone: 'Europe/London', minutes: 30, status: 'full', slots: [] });
  });

  it('refuses an unknown case type and one without an appointment, naming the parameter', async () => {
    const harness = setUp({ config: lawFirmBooking });
    const unknown = await slotsOf(harness, 'case-type=tax');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      error: 'validation',
      issues: [{ field: 'case-type', code: 'unknown_case_type' }],
    });
    const none = await slotsOf(harness, 'case-type=wills-probate');
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({
      issues: [{ field: 'case-type', code: 'no_appointment' }],
    });
  });

  it('refuses a page on an origin that may not use the form', async () => {
    const harness = setUp({ config: lawFirmBooking });
    const res = await slotsOf(harness, 'case-type=conveyancing', {
      origin: 'https://elsewhere.example',
    });
    expect(res.status).toBe(403);
  });

  it('limits each client, with Retry-After, and never another client', async () => {
    const harness = setUp({ config: lawFirmBooking });
    const answers = [];
    for (let i = 0; i < 61; i += 1)
      answers.push((await slotsOf(harness, 'case-type=family')).status);
    expect(answers.slice(0, 60).every((status) => status === 200)).toBe(true);
    const refused = await slotsOf(harness, 'case-type=family');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await slotsOf(harness, 'case-type=family', {
      origin: ORIGIN,
      'x-test-ip': '198.51.100.7',
    });
    expect(other.status).toBe(200);
  });
});
