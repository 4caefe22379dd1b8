/**
 * Issue 84, finding 1: ten client addresses, with the bot checks as shipped (form tokens, the
 * fill time waited out, the honeypot empty, 10 enquiries a minute per address), each booking the
 * first time offered as fast as the limits allow for three minutes, a made-up name at a new
 * throwaway domain each time. On the code before the booking limits they took all 320 calls of
 * the fortnight in under three minutes, and a visitor after them had no time to pick.
 */
import { describe, expect, it } from 'vitest';
import type { SlotsResponse } from '../contract/booking.ts';
import { lawFirmBookingAsShipped } from '../test/fixtures/booking-config.ts';
import {
  harnessPerTest,
  ORIGIN,
  validEnquiry,
  type ProxyHarness,
} from '../test/fixtures/proxy-harness.ts';

const setUp = harnessPerTest();

/** The demo's fortnight: two hosts, weekdays 09:00-17:00, half an hour each, 14 days. */
const FORTNIGHT = 320;
/** Its times: each offered while either host is free then. */
const TIMES = FORTNIGHT / 2;
/** Ten addresses on ten networks (198.18.0.0/15 is set aside for tests like this one). */
const ATTACKERS = Array.from({ length: 10 }, (_, i) => `198.18.${String(i)}.7`);
const VISITOR = '203.0.113.50';

/** The times offered now, as the client at `ip` reads them (undefined when refused). */
async function offered(h: ProxyHarness, ip: string): Promise<string[] | undefined> {
  const res = await h.app.request('/api/slots?case-type=conveyancing', {
    headers: { origin: ORIGIN, 'x-test-ip': ip },
  });
  if (res.status !== 200) return undefined;
  return ((await res.json()) as SlotsResponse).slots.map((slot) => slot.start);
}

/**
 * Every attacker loops, as the red team's did: read the times, book the first with a made-up
 * name at a new throwaway domain, and wait out each 429 (its Retry-After) before the next try.
 * Returns how many enquiries were taken in, and their answers' bodies.
 */
async function flood(h: ProxyHarness, forMs: number) {
  const nextTry = new Map(ATTACKERS.map((ip) => [ip, h.clock.now]));
  const end = h.clock.now + forMs;
  const taken: Record<string, unknown>[] = [];
  for (let n = 0; ; n += 1) {
    const [ip, at] = [...nextTry].reduce((a, b) => (b[1] < a[1] ? b : a));
    if (at >= end) break;
    h.clock.now = Math.max(h.clock.now, at);
    const slots = await offered(h, ip);
    const first = slots?.[0];
    if (first === undefined) {
      nextTry.set(ip, h.clock.now + 1000);
      continue;
    }
    const res = await h.submit(
      {
        forename: `Bot${String(n)}`,
        surname: 'Flood',
        email: `b${String(n)}@throwaway-${String(n)}.example`,
        answers: { ...validEnquiry().answers, call: first },
      },
      [],
      { 'x-test-ip': ip },
    );
    if (res.status === 429)
      nextTry.set(ip, h.clock.now + Number(res.headers.get('retry-after') ?? '1') * 1000);
    else {
      if (res.status === 201 || res.status === 202)
        taken.push((await res.json()) as Record<string, unknown>);
      nextTry.set(ip, h.clock.now + 100);
    }
  }
  return taken;
}

describe('ten addresses booking as fast as the limits allow', () => {
  it('take a small share of the fortnight in three minutes, and a visitor after them books', async () => {
    const h = setUp({
      config: lawFirmBookingAsShipped,
      // As shipped: 10 enquiries a minute per address, 300 a minute for everybody.
      limits: { perClient: 10, global: 300 },
      deps: { aftercare: { receiptSecret: 'flood-test-receipt-secret', emailOn: false } },
    });
    expect(await offered(h, VISITOR)).toHaveLength(TIMES);

    const taken = await flood(h, 3 * 60_000);

    let booked = 0;
    for (const { reference } of taken)
      booked += (await h.store.bookingsOf(String(reference))).length;
    expect(booked).toBeGreaterThan(0);
    expect(booked / FORTNIGHT).toBeLessThanOrEqual(0.1);
    // Each enquiry was taken in and reached the platform, its call held or not.
    expect(taken.length).toBeGreaterThan(booked);
    const creates = h.calls.filter((call) => call.endpoint === 'create');
    expect(creates).toHaveLength(taken.length);
    // A call held is answered as booked; one not held says so.
    const unheld = taken.filter((body) => (body.call as { status?: string }).status === 'not_held');
    expect(unheld).toHaveLength(taken.length - booked);
    // Each told so plainly, and the firm's lead carries the time chosen as preferred.
    expect(unheld[0]?.call).toEqual({
      status: 'not_held',
      message: expect.stringMatching(
        /^We could not hold a call at the time you chose \(\w+day, \d+ \w+ 2027, \d\d:\d\d–\d\d:\d\d Europe\/London\).*contact you to agree a time\.$/,
      ) as unknown,
    });
    const lastMeta = creates.at(-1)?.enquiry?.meta.find((entry) => entry.id === 'call');
    expect(lastMeta?.value).toMatch(
      /^Preferred times: \w+day, .* Europe\/London, chosen from the times offered, but not held: calls were being booked faster than people book$/,
    );

    // A visitor from another network, at a big free-mail domain, books the first time offered.
    const left = (await offered(h, VISITOR)) ?? [];
    expect(left.length).toBeGreaterThanOrEqual(TIMES - booked);
    const first = left[0] ?? '';
    const res = await h.submit(
      { email: 'grace.hopper@gmail.com', answers: { ...validEnquiry().answers, call: first } },
      [],
      { 'x-test-ip': VISITOR },
    );
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { reference: string; call?: unknown };
    expect(answer.call).toMatchObject({ status: 'booked', start: first });
    expect(await h.store.bookingsOf(answer.reference)).toMatchObject([
      { start: Date.parse(first), state: 'booked' },
    ]);
  }, 60_000);
});
