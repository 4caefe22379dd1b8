/**
 * A call asking Google Meet (`booking.meeting` `{"provider": "meet"}`) written into a host's
 * Google calendar through the stand-in of the Calendar API: inserted with
 * `conferenceData.createRequest` (`conferenceDataVersion=1`), its `hangoutLink` read back, none
 * while the conference is pending and the same link once it is made; a write limited first and
 * one repeated after a lost answer make one event and one conference; a move keeps its link; a
 * Workspace that does not allow Meet gives none.
 */
import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../outbox/booking.ts';
import { MEETING_PENDING } from '../calendar-port.ts';
import { googlePerSuite, openedGoogle } from '../../test/fixtures/google-calendars.ts';

const google = googlePerSuite();
const at = (iso: string) => Date.parse(iso);
const CALL: CalendarEvent = {
  uid: '0b5f9a3e-6d1c-4c8e-9f4b-8a7e2d1c0f33@enquiry-form',
  start: at('2027-03-29T08:00:00Z'),
  end: at('2027-03-29T08:30:00Z'),
  summary: 'Call with Ada Lovelace',
  description: 'Ada Lovelace, ada@example.com',
  sequence: 0,
  stamp: at('2027-03-27T09:00:00Z'),
  onlineMeeting: 'meet',
};

describe('a Meet conference made by the host’s Google calendar', () => {
  it('makes one event with one conference though the first write is limited and another repeated, reads its link once no longer pending, and a move keeps it', async () => {
    const standIn = google();
    const account = await standIn.serviceAccount();
    // Pending in the insert's answer and at the first read after it, as Google answers a new conference.
    standIn.user('bob@firm.example').meetPendingReads = 2;
    const opened = await openedGoogle(standIn, account, 'bob@firm.example');
    standIn.rateLimit(1, 429);
    expect(await opened.writeEvent(CALL)).toBe('done');
    expect(await opened.writeEvent(CALL)).toBe('already');
    const [held, ...others] = standIn.events('bob@firm.example');
    expect(others).toHaveLength(0);
    const posts = standIn.state.requests.filter((request) => request.method === 'POST');
    expect(posts.every((request) => request.path.includes('conferenceDataVersion=1'))).toBe(true);
    const link = String(held?.hangoutLink);
    expect(link).toMatch(/^https:\/\/meet\.google\.com\/[a-z]{3}-[a-z]{4}-[a-z]{3}$/);
    // Still pending at the first read: no link yet, the same one at the next.
    expect(await opened.meetingLinkOf?.(CALL.uid)).toBe(MEETING_PENDING);
    expect(await opened.meetingLinkOf?.(CALL.uid)).toBe(link);
    await opened.writeEvent({
      ...CALL,
      start: at('2027-03-30T08:00:00Z'),
      end: at('2027-03-30T08:30:00Z'),
      sequence: 1,
    });
    expect(await opened.meetingLinkOf?.(CALL.uid)).toBe(link);
  });

  it('gives no link where the Workspace does not allow Meet, nor for a call by telephone', async () => {
    const standIn = google();
    const account = await standIn.serviceAccount();
    standIn.user('cy@firm.example').meet = false;
    const refused = await openedGoogle(standIn, account, 'cy@firm.example');
    expect(await refused.writeEvent(CALL)).toBe('done');
    expect(await refused.meetingLinkOf?.(CALL.uid)).toBeUndefined();
    standIn.user('di@firm.example');
    const di = await openedGoogle(standIn, account, 'di@firm.example');
    await di.writeEvent({ ...CALL, onlineMeeting: undefined });
    expect(standIn.state.requests.at(-1)?.path).not.toContain('conferenceDataVersion');
    expect(await di.meetingLinkOf?.(CALL.uid)).toBeUndefined();
  });
});
