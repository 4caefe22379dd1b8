/**
 * A Google Workspace host booked end to end (issue #86's "done when"), against the stand-in of
 * Google's token endpoint and Calendar API: the firm's service account connected with
 * `calendars google --key-file` (refused in words without delegation), the host with `people
 * calendar <address> google`; their busy times never offered, free ones offered across pages and
 * a series with a moved instance; a booking writes one event though Google limits its first
 * write; the visitor's cancel removes it; a deleted key withdraws the host's times past the two
 * minutes a read is trusted and tells the firm once through a real SMTP server, while an enquiry
 * with preferred times is still taken.
 */
import { describe, expect, it } from 'vitest';
import type { SlotsResponse } from '../../contract/booking.ts';
import type { FormConfig } from '../../contract/schemas/form-config.ts';
import { openSqliteOutbox } from '../../outbox/sqlite/store.ts';
import { HOSTS, withBooking } from '../../test/fixtures/booking-config.ts';
import { callPagesOptions, pressOnPage } from '../../test/fixtures/call-pages.ts';
import { confirming, confirmingProxies } from '../../test/fixtures/confirming-proxy.ts';
import {
  googlePerSuite,
  outboxWithGoogle,
  standInAdapter,
  TEST_CALENDAR_KEY,
} from '../../test/fixtures/google-calendars.ts';
import type { GoogleStandIn } from '../../test/fixtures/google-standin.ts';
import { startMailServer } from '../../test/fixtures/mail-server.ts';
import { calendarAlertsByEmail } from '../../test/fixtures/calendar-alerts.ts';
import { createMemoryLogger } from '../../test/fixtures/memory-logger.ts';
import { ORIGIN, START, validEnquiry } from '../../test/fixtures/proxy-harness.ts';
import { calendarParts } from '../../test/fixtures/radicale-server.ts';
import { calendarKey, type CalendarKey } from '../calendar-key.ts';

const google = googlePerSuite();
const confirmingProxy = confirmingProxies();
const [ANN] = HOSTS;
const key = calendarKey({ key: TEST_CALENDAR_KEY }) as CalendarKey;
const config: FormConfig = {
  ...withBooking({ people: [ANN] }),
  confirmation: confirming().confirmation,
};
const london = (date: string, clock: string) => ({
  dateTime: `${date}T${clock}:00`,
  timeZone: 'Europe/London',
});

/** A proxy whose host Ann's Google calendar is connected through the command, read once. */
async function annOnGoogle(standIn: GoogleStandIn) {
  const account = await standIn.serviceAccount();
  const calendar = standIn.user(ANN, 'Europe/London');
  const store = openSqliteOutbox(':memory:');
  const connected = await outboxWithGoogle(
    store,
    standIn,
    account,
    'calendars',
    'google',
    '--key-file',
    '<key file>',
    '--host',
    ANN,
  );
  expect(connected).toMatchObject({
    exit: 0,
    said: expect.stringContaining('a token was fetched just now') as string,
  });
  expect(
    (await outboxWithGoogle(store, standIn, account, 'people', 'calendar', ANN, 'google')).exit,
  ).toBe(0);
  const clock = { now: START };
  const logs = createMemoryLogger();
  const parts = calendarParts(store, key, () => clock.now, logs.log, [standInAdapter(standIn)]);
  const options = callPagesOptions(config, store, parts.busy, clock);
  const { harness: h, mail, send } = await confirmingProxy(config, { harness: options });
  const offered = async () =>
    (await (
      await h.app.request('/api/slots?case-type=conveyancing', { headers: { origin: ORIGIN } })
    ).json()) as SlotsResponse;
  const book = (call: string) => h.submit({ answers: { ...validEnquiry().answers, call } });
  return { account, calendar, store, clock, parts, h, mail, send, offered, book, logs };
}

describe('a host’s Google Workspace calendar', () => {
  it('is connected in words, never offers her busy times, books a free one into it once though Google limits the write, and the visitor’s cancel removes it', async () => {
    const standIn = google();
    const refusedAccount = await standIn.serviceAccount(false);
    standIn.user(ANN);
    const refused = await outboxWithGoogle(
      openSqliteOutbox(':memory:'),
      standIn,
      refusedAccount,
      'calendars',
      'google',
      '--key-file',
      '<key file>',
      '--host',
      ANN,
    );
    expect(refused.exit).toBe(1);
    expect(refused.said).toContain(
      `Not connected: Google will not let the service account ${refusedAccount.clientEmail} act for ${ANN} (unauthorized_client`,
    );
    expect(refused.said).toContain('domain-wide delegation is not granted in the Admin console');

    const ann = await annOnGoogle(standIn);
    const sealed = await ann.store.calendarConnection('google');
    expect(sealed?.settings).toMatchObject({ clientEmail: ann.account.clientEmail, host: ANN });
    expect(sealed?.sealedSecret).not.toContain('PRIVATE KEY');
    const seeded = [
      { id: 'court1', start: london('2027-03-29', '09:00'), end: london('2027-03-29', '10:00') },
      {
        id: 'weekly1',
        start: london('2027-03-30', '11:00'),
        end: london('2027-03-30', '11:30'),
        recurrence: ['RRULE:FREQ=WEEKLY;COUNT=2'],
      },
      {
        id: 'weekly1_20270406T100000Z',
        recurringEventId: 'weekly1',
        originalStartTime: london('2027-04-06', '11:00'),
        start: london('2027-04-06', '14:00'),
        end: london('2027-04-06', '14:30'),
      },
    ];
    for (const event of seeded)
      ann.calendar.events.set(event.id, { status: 'confirmed', ...event });
    standIn.state.pageSize = 1;
    await ann.parts.busy.refresh();
    const starts = (await ann.offered()).slots.map((slot) => slot.start);
    for (const busy of [
      '2027-03-29T08:00:00Z',
      '2027-03-29T08:30:00Z',
      '2027-03-30T10:00:00Z',
      '2027-04-06T13:00:00Z',
    ])
      expect(starts).not.toContain(busy);
    // The series' second meeting moved: its old time is free.
    for (const free of ['2027-03-29T09:00:00Z', '2027-04-06T10:00:00Z'])
      expect(starts).toContain(free);
    expect((await ann.book('2027-03-29T08:00:00Z')).status).toBe(400);

    expect((await ann.book('2027-03-29T09:00:00Z')).status).toBe(201);
    standIn.rateLimit(1, 403);
    const writes = () =>
      standIn.state.requests
        .filter((request) => request.method !== 'GET')
        .map((request) => `${request.method} ${String(request.status)}`);
    const ours = () =>
      standIn.events(ANN).filter((event) => !seeded.some((each) => each.id === event.id));
    while ((await ann.parts.writer.round()) > 0);
    expect(writes()).toEqual(['POST 403', 'POST 200']);
    expect(ours()).toEqual([
      expect.objectContaining({
        summary: 'Call with Ada Lovelace',
        start: { dateTime: '2027-03-29T09:00:00.000Z' },
      }),
    ]);

    await ann.send();
    const link = /https?:\/\/\S+\/booking\/\S+/.exec(ann.mail.received[0]?.text ?? '')?.[0] ?? '';
    const cancelled = await pressOnPage(ann.h, new URL(link).pathname, { action: 'cancel' });
    expect(cancelled.status).toBe(200);
    while ((await ann.parts.writer.round()) > 0);
    expect(ours()).toEqual([]);
    expect(writes()).toEqual(['POST 403', 'POST 200', 'DELETE 204']);
  }, 60_000);

  it('withdraws her times once her key is deleted, tells the firm once by email, and still takes preferred times', async () => {
    const standIn = google();
    const ann = await annOnGoogle(standIn);
    const firm = await startMailServer();
    const { told } = calendarAlertsByEmail({
      store: ann.store,
      log: ann.logs.log,
      now: () => ann.clock.now,
      mail: firm,
      domain: 'lovelace-law.example',
    });
    const readAgain = async (minutes: number) => {
      ann.clock.now += minutes * 60_000;
      await ann.parts.busy.refresh();
    };
    try {
      await ann.parts.busy.refresh();
      expect((await ann.offered()).status).toBe('open');
      standIn.deleteKey(ann.account.keyId);
      await readAgain(1);
      expect((await ann.offered()).status).toBe('open');
      expect(await told()).toEqual([]);
      await readAgain(1.5);
      expect(await ann.offered()).toMatchObject({ status: 'unavailable', slots: [] });
      const taken = await ann.book('Any weekday after 4pm, please');
      expect(taken.status).toBe(201);
      const [alert, ...more] = await told();
      expect(more).toEqual([]);
      expect(alert).toContain(
        `${ANN}'s Google calendar cannot be read: Google refused the service account’s key ${ann.account.keyId} (invalid_grant: Invalid JWT Signature.)`,
      );
      await readAgain(1);
      expect(await told()).toHaveLength(1);
    } finally {
      await firm.close();
    }
  }, 60_000);
});
