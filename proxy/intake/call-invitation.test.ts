/**
 * The visitor's copy of a booked call, end to end in memory: the enquiry books a time, the
 * notifier sends the confirmation through a real SMTP server (smtp-server on loopback), and the
 * invitation attached is read back as a calendar program reads it (mailparser, ical.js).
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import { HOSTS, lawFirmBooking } from '../test/fixtures/booking-config.ts';
import { answerOf, confirming, confirmingProxies } from '../test/fixtures/confirming-proxy.ts';
import { validEnquiry } from '../test/fixtures/proxy-harness.ts';

const confirmingProxy = confirmingProxies();

/** The law firm booking calls, its visitors sent a copy. */
const bookingAndConfirming: FormConfig = {
  ...lawFirmBooking,
  confirmation: confirming().confirmation,
};

const MONDAY_NINE = '2027-03-29T08:00:00Z';

describe('the confirmation of an enquiry that booked a call', () => {
  it('carries an invitation from the host to the visitor, with the booking’s UID, in UTC', async () => {
    const { harness, mail, send } = await confirmingProxy(bookingAndConfirming);
    const response = await harness.submit({
      answers: { ...validEnquiry().answers, call: MONDAY_NINE },
    });
    expect(response.status).toBe(201);
    const { reference } = await answerOf(response);
    const [booking] = await harness.store.bookingsOf(reference);
    await send();

    const [email] = mail.received;
    const text = email?.text ?? '';
    expect(text).toContain('Your call: Monday, 29 March 2027, 09:00–09:30 Europe/London');
    const link = /https?:\/\/\S+\/booking\/[\w-]+\.[\w-]{43}/.exec(text)?.[0];
    expect(link).toBeDefined();
    expect(String(email?.html)).toContain(`<a href="${String(link)}">`);
    const attached = email?.attachments.find((part) => part.contentType === 'text/calendar');
    expect(attached).toBeDefined();
    const raw = attached?.content.toString('utf8') ?? '';
    // Each line 75 octets at most, a continuation's leading space counted (RFC 5545 3.1).
    const lines = raw.split('\r\n');
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(Math.max(...lines.map((line) => Buffer.byteLength(line)))).toBeLessThanOrEqual(75);
    const calendar = ICAL.Component.fromString(raw);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const [event] = calendar.getAllSubcomponents('vevent');
    expect(event?.getFirstPropertyValue('uid')).toBe(booking?.uid);
    expect(event?.getFirstProperty('dtstart')?.toJSON()).toEqual([
      'dtstart',
      {},
      'date-time',
      '2027-03-29T08:00:00Z',
    ]);
    expect(event?.getFirstPropertyValue('dtend')?.toString()).toBe('2027-03-29T08:30:00Z');
    expect(event?.getFirstPropertyValue('organizer')).toBe(`mailto:${HOSTS[0]}`);
    const attendee = event?.getFirstProperty('attendee');
    expect(attendee?.getFirstValue()).toBe('mailto:ada@example.com');
    expect(attendee?.getParameter('cn')).toBe('Ada Lovelace');
    expect(event?.getFirstPropertyValue('summary')).toBe(`Call about your enquiry ${reference}`);
    expect(String(event?.getFirstPropertyValue('description'))).toContain(String(link));
  });

  it('carries no invitation when no time was booked (preferred times in words)', async () => {
    const { harness, mail, send } = await confirmingProxy(bookingAndConfirming);
    const response = await harness.submit({
      answers: { ...validEnquiry().answers, call: 'Any weekday after 4pm' },
    });
    expect(response.status).toBe(201);
    await send();
    const [email] = mail.received;
    expect(email?.attachments.filter((part) => part.contentType === 'text/calendar')).toEqual([]);
    expect(email?.text).not.toContain('/booking/');
  });
});
