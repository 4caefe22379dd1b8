/**
 * What the booking limits send, through a real SMTP server (smtp-server on loopback): the
 * visitor whose call was not held is told so in their copy, with no invitation; the firm is
 * told once an hour when calls come faster than people book (`notify/alert-conditions.ts`).
 */
import { describe, expect, it } from 'vitest';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import { lawFirmBookingAsShipped } from '../test/fixtures/booking-config.ts';
import {
  answerOf,
  confirming,
  confirmingProxies,
  FIRM_ADDRESS,
} from '../test/fixtures/confirming-proxy.ts';
import { validEnquiry, type ProxyHarness } from '../test/fixtures/proxy-harness.ts';

const confirmingProxy = confirmingProxies();
const HOUR = 3_600_000;
const ALERT = 'Calls are being booked faster than people book';

/** The law firm booking calls within the default limits, its visitors sent a copy. */
const bookingAndConfirming: FormConfig = {
  ...lawFirmBookingAsShipped,
  confirmation: confirming({
    limits: { perAddressPerDay: 10, perClientPerHour: 100, perHour: 500 },
  }).confirmation,
};

/** `count` visitors from one address ask for Monday's half hours from `first` on. */
async function fromOneAddress(h: ProxyHarness, first: number, count: number) {
  const answers = [];
  for (let n = first; n < first + count; n += 1) {
    const call = new Date(Date.UTC(2027, 2, 29, 8, 30 * n)).toISOString().slice(0, 19) + 'Z';
    const response = await h.submit(
      {
        email: `v${String(n)}@d${String(n)}.example`,
        answers: { ...validEnquiry().answers, call },
      },
      [],
      { 'x-test-ip': '198.51.100.7' },
    );
    answers.push(await answerOf(response));
  }
  return answers;
}

describe('the booking limits, told', () => {
  it('tell the visitor their call was not held, with no invitation to it', async () => {
    const { harness, mail, send } = await confirmingProxy(bookingAndConfirming);
    const [, , third] = await fromOneAddress(harness, 0, 3);
    await send();
    const email = mail.received.find((each) => each.subject?.includes(third?.reference ?? '-'));
    expect(email?.text).toContain(
      'We could not hold a call at the time you chose (Monday, 29 March 2027, 10:00–10:30 Europe/London)',
    );
    expect(email?.text).not.toContain('Your call:');
    expect(email?.attachments.filter((part) => part.contentType === 'text/calendar')).toEqual([]);
    expect(String(email?.html)).toContain('We could not hold a call at the time you chose');
  });

  it('tell the firm once an hour when calls come faster than people book', async () => {
    const { harness, mail, send } = await confirmingProxy(bookingAndConfirming, { firm: true });
    const alerts = () => mail.received.filter((each) => each.subject?.includes(ALERT));
    // Two held and one not: a visitor asking again is not a flood.
    await fromOneAddress(harness, 0, 3);
    await send();
    expect(alerts()).toHaveLength(0);
    await fromOneAddress(harness, 3, 4);
    await send();
    expect(alerts()).toHaveLength(1);
    const [alert] = alerts();
    expect(alert?.to).toMatchObject({ text: FIRM_ADDRESS });
    expect(alert?.text).toContain('in the hour from 09:00 UTC the booking limits held back calls');
    expect(alert?.text).toContain('So far this hour: 5 past one address’s share a day');
    // More in the same hour are no news; the next hour's are, once.
    harness.clock.now += 10 * 60_000;
    await fromOneAddress(harness, 7, 3);
    await send();
    expect(alerts()).toHaveLength(1);
    harness.clock.now += HOUR;
    await fromOneAddress(harness, 10, 3);
    await send();
    harness.clock.now += 5 * 60_000;
    await send();
    expect(alerts()).toHaveLength(2);
    expect(alerts()[1]?.text).toContain('in the hour from 10:00 UTC');
  });
});
