/**
 * A host's Google calendar through the firm's service account, against the stand-in of Google's
 * token endpoint and Calendar API (`test/fixtures/google-standin.ts`: the JWT's signature checked
 * with the account's public key, Google's error shapes): busy times read over every page, a
 * series with a moved and a cancelled instance, an all-day event in the calendar's own zone,
 * free, declined and the proxy's own events left out; a call written once though Google limits
 * the first write, moved, removed; a deleted key, a delegation not granted and a user unknown
 * said in words.
 */
import { describe, expect, it } from 'vitest';
import type { BusyReading } from '../caldav/busy-events.ts';
import { CalendarFault } from '../caldav/calendar-fault.ts';
import {
  connectionOf,
  googlePerSuite,
  openedGoogle,
  standInAdapter,
} from '../../test/fixtures/google-calendars.ts';
import type { StandInEvent } from '../../test/fixtures/google-standin-events.ts';
import { eventIdOf } from './google-events.ts';

const google = googlePerSuite();
const reading: BusyReading = {
  floatingZone: 'Europe/London',
  isOwnBooking: (uid) => uid.endsWith('@enquiry-form'),
};
const at = (iso: string) => Date.parse(iso);
const span = (start: string, end: string) => ({ start: at(start), end: at(end) });
const event = (id: string, fields: Partial<StandInEvent>): [string, StandInEvent] => [
  id,
  {
    id,
    status: 'confirmed',
    start: { dateTime: '2027-03-29T10:00:00+01:00' },
    end: { dateTime: '2027-03-29T11:00:00+01:00' },
    ...fields,
  },
];

describe('a host’s Google calendar', () => {
  it('keeps them busy for what keeps them busy, over every page, a series as it now is', async () => {
    const standIn = google();
    const account = await standIn.serviceAccount();
    const calendar = standIn.user('ann@firm.example', 'Europe/London');
    const london = (date: string, clock: string) => ({
      dateTime: `${date}T${clock}:00`,
      timeZone: 'Europe/London',
    });
    for (const [id, kept] of [
      event('court0', {}),
      event('lunch0', {
        transparency: 'transparent',
        start: london('2027-03-29', '12:00'),
        end: london('2027-03-29', '13:00'),
      }),
      event('declined0', {
        start: london('2027-03-29', '14:00'),
        end: london('2027-03-29', '15:00'),
        attendees: [{ email: 'ann@firm.example', self: true, responseStatus: 'declined' }],
      }),
      event('cancelled0', {
        status: 'cancelled',
        start: london('2027-03-29', '15:00'),
        end: london('2027-03-29', '16:00'),
      }),
      event('ourcall0', {
        start: london('2027-03-29', '16:00'),
        end: london('2027-03-29', '16:30'),
        extendedProperties: { private: { enquiryFormBookingUid: 'c0ffee@enquiry-form' } },
      }),
      event('leave0', { start: { date: '2027-04-01' }, end: { date: '2027-04-02' } }),
      event('weekly0', {
        start: london('2027-03-30', '09:00'),
        end: london('2027-03-30', '09:30'),
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=3'],
      }),
      event('weekly0_20270406T080000Z', {
        recurringEventId: 'weekly0',
        originalStartTime: london('2027-04-06', '09:00'),
        start: london('2027-04-07', '15:00'),
        end: london('2027-04-07', '15:30'),
      }),
      event('weekly0_20270413T080000Z', {
        status: 'cancelled',
        recurringEventId: 'weekly0',
        originalStartTime: london('2027-04-13', '09:00'),
        start: london('2027-04-13', '09:00'),
        end: london('2027-04-13', '09:30'),
      }),
    ])
      calendar.events.set(id, kept);
    standIn.state.pageSize = 2;
    const opened = await openedGoogle(standIn, account, 'ann@firm.example');
    const busy = await opened.busyTimes(
      at('2027-03-29T00:00:00Z'),
      at('2027-04-15T00:00:00Z'),
      reading,
    );
    expect(busy.sort((a, b) => a.start - b.start)).toEqual([
      span('2027-03-29T09:00:00Z', '2027-03-29T10:00:00Z'),
      span('2027-03-30T08:00:00Z', '2027-03-30T08:30:00Z'),
      // A day off is London's day, not UTC's.
      span('2027-03-31T23:00:00Z', '2027-04-01T23:00:00Z'),
      span('2027-04-07T14:00:00Z', '2027-04-07T14:30:00Z'),
    ]);
    const lists = standIn.state.requests.filter((request) =>
      request.path.includes('singleEvents=true'),
    );
    expect(lists.length).toBeGreaterThanOrEqual(3);
  });

  const call = {
    uid: '7d0e1c52-5b8a-4f0a-9a51-2f1c5e0b7a11@enquiry-form',
    start: at('2027-03-29T08:00:00Z'),
    end: at('2027-03-29T08:30:00Z'),
    summary: 'Call with Ada Lovelace',
    description: 'Ada Lovelace, ada@example.com',
    sequence: 0,
    stamp: at('2027-03-27T09:00:00Z'),
  };

  it('writes a call once though Google limits the first write, moves it and removes it', async () => {
    const standIn = google();
    const account = await standIn.serviceAccount();
    standIn.user('bob@firm.example');
    const opened = await openedGoogle(standIn, account, 'bob@firm.example');
    standIn.rateLimit(1, 403);
    expect(await opened.writeEvent(call)).toBe('done');
    standIn.rateLimit(1, 429);
    // A retry after an answer lost: the id the booking gives meets the event written.
    expect(await opened.writeEvent(call)).toBe('already');
    const held = standIn.events('bob@firm.example');
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({
      id: eventIdOf(call.uid),
      summary: 'Call with Ada Lovelace',
      start: { dateTime: '2027-03-29T08:00:00.000Z' },
    });
    const statuses = standIn.state.requests.map(
      (request) => `${request.method} ${String(request.status)}`,
    );
    expect(statuses.filter((status) => status.startsWith('POST'))).toEqual([
      'POST 403',
      'POST 200',
      'POST 429',
      'POST 409',
    ]);

    const moved = {
      ...call,
      start: at('2027-03-29T10:00:00Z'),
      end: at('2027-03-29T10:30:00Z'),
      sequence: 1,
    };
    expect(await opened.writeEvent(moved)).toBe('done');
    expect(standIn.events('bob@firm.example')).toEqual([
      expect.objectContaining({ start: { dateTime: '2027-03-29T10:00:00.000Z' } }),
    ]);
    expect(await opened.removeEvent(call.uid)).toBe('done');
    expect(await opened.removeEvent(call.uid)).toBe('already');
    expect(standIn.events('bob@firm.example')).toEqual([]);
  });

  it('says in words why a calendar cannot be read: a key deleted, delegation not granted, a user unknown', async () => {
    const standIn = google();
    const account = await standIn.serviceAccount();
    standIn.user('cat@firm.example');
    const opened = await openedGoogle(standIn, account, 'cat@firm.example');
    const day = [at('2027-03-29T00:00:00Z'), at('2027-03-30T00:00:00Z')] as const;
    expect(await opened.busyTimes(...day, reading)).toEqual([]);
    standIn.deleteKey(account.keyId);
    const deleted = await opened.busyTimes(...day, reading).catch((error: unknown) => error);
    expect(deleted).toBeInstanceOf(CalendarFault);
    expect(deleted).toMatchObject({ kind: 'unauthorized', needsPerson: true });
    expect((deleted as Error).message).toBe(
      `Google refused the service account’s key ${account.keyId} (invalid_grant: Invalid JWT Signature.): it was deleted or the account disabled? Make a new key and connect it: npm run outbox -- calendars google --key-file <key.json> --host <address>`,
    );

    const undelegated = await standIn.serviceAccount(false);
    const firm = standInAdapter(standIn).firm;
    const refused = await firm
      ?.prove(await connectionOf(standIn, undelegated, 'cat@firm.example'))
      .catch((error: unknown) => error);
    expect((refused as Error).message).toBe(
      `Google will not let the service account ${undelegated.clientEmail} act for cat@firm.example (unauthorized_client: Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.): domain-wide delegation is not granted in the Admin console to its client ID ${undelegated.clientId} with the scope https://www.googleapis.com/auth/calendar`,
    );
    const nobody = await firm
      ?.prove(await connectionOf(standIn, await standIn.serviceAccount(), 'dan@firm.example'))
      .catch((error: unknown) => error);
    expect(nobody).toMatchObject({ kind: 'not_found' });
    expect((nobody as Error).message).toContain('Google Workspace has no user dan@firm.example');
  });
});
