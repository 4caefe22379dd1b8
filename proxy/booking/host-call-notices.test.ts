/**
 * A host's inbox and one visitor's link (issue 84, finding 2): "Choose another time" pressed 250
 * times from five addresses, as fast as the call's page lets each, the notifier sending through
 * a real SMTP server (smtp-server on loopback) as it goes. The host gets a handful of emails,
 * the last saying where the call is now, whether the visitor's moves are limited
 * (`booking.visitorMoves`) or the firm allows many (coalesced: `outbox/machine/host-call-notices.ts`).
 */
import { describe, expect, it } from 'vitest';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import { HOSTS, lawFirmBooking } from '../test/fixtures/booking-config.ts';
import { callPagesOptions } from '../test/fixtures/call-pages.ts';
import { answerOf, confirming, confirmingProxies } from '../test/fixtures/confirming-proxy.ts';
import { validEnquiry } from '../test/fixtures/proxy-harness.ts';
import { HOST_NOTICE_GAP_MS } from '../outbox/machine/host-call-notices.ts';
import { pressCheck, readBookingToken } from './booking-link.ts';

const confirmingProxy = confirmingProxies();
const [ANN] = HOSTS;
const MONDAY_NINE = '2027-03-29T08:00:00Z';
/** The two times the presses move the call between: 14:00 and 15:00 in London. */
const TIMES = ['2027-03-29T13:00:00Z', '2027-03-29T14:00:00Z'];
const PRESSES = 250;
const ADDRESSES = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4', '198.51.100.5'];

/** 250 presses and the emails they send: seconds on a quiet machine, over 90 s at a load of 44. */
const PRESSING_MS = 300_000;

/** Ada's call booked Monday 09:00 under `booking`, then her link pressed 250 times. */
async function pressedAgainAndAgain(booking: Partial<NonNullable<FormConfig['booking']>>) {
  const config: FormConfig = {
    ...lawFirmBooking,
    booking: { ...lawFirmBooking.booking, ...booking } as NonNullable<FormConfig['booking']>,
    confirmation: confirming().confirmation,
  };
  const { harness, mail, send } = await confirmingProxy(config, {
    harness: callPagesOptions(config),
  });
  const sent = await harness.submit({ answers: { ...validEnquiry().answers, call: MONDAY_NINE } });
  const { reference } = await answerOf(sent);
  await send();
  const link = /https?:\/\/\S+\/booking\/\S+/.exec(mail.received[0]?.text ?? '')?.[0] ?? '';
  const path = new URL(link).pathname;
  const { secret } = readBookingToken(path.split('/').at(-1) ?? '') ?? { secret: '' };
  const statuses = new Map<number, number>();
  for (let press = 0; press < PRESSES; press += 1) {
    // A second a press from five addresses: 12 presses a minute each, under the page's 30.
    harness.clock.now += 1_000;
    const headers = { 'x-test-ip': ADDRESSES[press % ADDRESSES.length] ?? '' };
    // The press a page of the call as it is now carries, made by a script as an attacker would.
    const [now] = await harness.store.bookingsOf(reference);
    const check = pressCheck(secret, now?.sequence ?? 0);
    const answer = await harness.app.request(path, {
      method: 'POST',
      body: new URLSearchParams({ check, action: 'move', start: TIMES[press % 2] ?? '' }),
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    });
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    if (press % 10 === 0) await send();
  }
  await send();
  // However long the host's inbox is looked at after.
  harness.clock.now += HOST_NOTICE_GAP_MS;
  await send();
  const [call] = await harness.store.bookingsOf(reference);
  const anns = mail.received.filter(
    (email) => email.to && 'text' in email.to && email.to.text === ANN,
  );
  return { call, anns, statuses };
}

describe('a visitor pressing “Choose another time” 250 times', () => {
  it(
    'moves the call booking.visitorMoves times, and its host gets an email or two',
    async () => {
      const { call, anns, statuses } = await pressedAgainAndAgain({});
      expect(call).toMatchObject({ visitorMoves: 2, sequence: 2 });
      expect(statuses.get(409)).toBe(PRESSES - 2);
      expect(anns.length).toBeGreaterThan(0);
      expect(anns.length).toBeLessThanOrEqual(2);
      expect(anns.at(-1)?.text).toContain('Now: Monday, 29 March 2027, 15:00–15:30 Europe/London.');
    },
    PRESSING_MS,
  );

  it(
    'where the firm allows twenty moves, the host gets two emails: the first, and the rest in one',
    async () => {
      const { call, anns } = await pressedAgainAndAgain({ visitorMoves: 20 });
      expect(call).toMatchObject({ visitorMoves: 20, start: Date.parse(TIMES[1] ?? '') });
      expect(anns.map((email) => email.subject)).toEqual([
        expect.stringMatching(/^Call moved: /),
        expect.stringMatching(/^Call moved: /),
      ]);
      const [first, rest] = anns.map((email) => email.text ?? '');
      expect(first).toContain('Was: Monday, 29 March 2027, 09:00–09:30 Europe/London');
      expect(first).toContain('Now: Monday, 29 March 2027, 14:00–14:30 Europe/London.');
      // The second says where the call was before the moves it tells of, and where it is now.
      expect(rest).toContain('Was: Monday, 29 March 2027, 14:00–14:30 Europe/London');
      expect(rest).toContain('Now: Monday, 29 March 2027, 15:00–15:30 Europe/London.');
    },
    PRESSING_MS,
  );
});
