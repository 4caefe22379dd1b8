/**
 * Microsoft 365 hosts through Microsoft Graph, on the stand-in written from Graph's published
 * description (`test/fixtures/graph-stand-in.ts`), connected as the firm's administrator does
 * it (`calendars microsoft`, then `people calendar <address> microsoft`): the app refused in
 * words; busy times read across pages, a weekly series with a moved occurrence, Windows zone
 * names and an all-day absence in the mailbox's zone, free times offered; a booking's event
 * written once though its first write is throttled, moved, and removed by the visitor's cancel;
 * never more than four requests at once for the app.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SlotsResponse } from '../../contract/booking.ts';
import { openSqliteOutbox } from '../../outbox/sqlite/store.ts';
import type { OutboxStore } from '../../outbox/store.ts';
import { HOSTS, withBooking } from '../../test/fixtures/booking-config.ts';
import { connectMicrosoft, graphPlaces, operatorRuns } from '../../test/fixtures/graph-connect.ts';
import { startGraphStandIn, type GraphStandIn } from '../../test/fixtures/graph-stand-in.ts';
import { createMemoryLogger } from '../../test/fixtures/memory-logger.ts';
import { harnessPerTest, ORIGIN, START, validEnquiry } from '../../test/fixtures/proxy-harness.ts';
import { calendarParts } from '../../test/fixtures/radicale-server.ts';
import { calendarKey, type CalendarKey } from '../calendar-key.ts';
import { SlotFinder } from '../slot-finder.ts';
import { calendarAdapters, CalendarOpener } from '../calendar-adapters.ts';
import { isBookingUid } from '../booking-uid.ts';

const setUp = harnessPerTest();
const [ANN] = HOSTS;
const KEY = 'a test key of thirty-two characters!';
const key = calendarKey({ key: KEY }) as CalendarKey;
const london = (dateTime: string) => ({ dateTime, timeZone: 'GMT Standard Time' });

let graph: GraphStandIn;
let store: OutboxStore;
beforeEach(async () => {
  graph = await startGraphStandIn();
  graph.addMailbox(ANN);
  store = openSqliteOutbox(':memory:');
});
afterEach(async () => {
  await graph.close();
});

/** A proxy booking calls with Ann, her mailbox connected through the firm's app, read once. */
async function proxyWithAnn() {
  const clock = { now: START };
  const now = () => clock.now;
  await connectMicrosoft(store, graph, [ANN], { calendarKey: { key: KEY }, now });
  const { busy, writer } = calendarParts(
    store,
    key,
    now,
    createMemoryLogger().log,
    calendarAdapters(graphPlaces(graph), now),
  );
  await busy.refresh();
  const h = setUp({
    config: withBooking({ people: [ANN] }),
    store,
    clock,
    deps: { slots: new SlotFinder({ store, calendars: busy, now }) },
  });
  const offered = async () =>
    (
      (await (
        await h.app.request('/api/slots?case-type=conveyancing', { headers: { origin: ORIGIN } })
      ).json()) as SlotsResponse
    ).slots.map((slot) => slot.start);
  return { h, busy, writer, offered };
}

describe('the firm’s Microsoft 365 app (Graph stand-in)', () => {
  it('is kept only once a token proves it, and each refusal is said in words', async () => {
    const connect = (tenant: string, clientId: string, secret?: string) =>
      operatorRuns(store, ['calendars', 'microsoft', '--tenant', tenant, '--client-id', clientId], {
        graph,
        calendarKey: { key: KEY },
        ...(secret === undefined ? {} : { secret }),
      });
    const otherId = '00000000-0000-4000-8000-000000000000';
    const refusals = [
      [
        await connect(graph.tenant, graph.clientId, 'the secret ID, not its value'),
        "Microsoft refused the app's secret (invalid_client, AADSTS7000215)",
      ],
      [
        await connect(graph.tenant, otherId),
        `Microsoft knows no app ${otherId} in the tenant ${graph.tenant} (unauthorized_client, AADSTS700016)`,
      ],
      [
        await connect(otherId, graph.clientId),
        `Microsoft knows no tenant ${otherId} (invalid_request, AADSTS90002)`,
      ],
    ] as const;
    for (const [run, words] of refusals) {
      expect(run.code).toBe(1);
      expect(run.said).toContain(words);
    }
    expect(
      (await operatorRuns(store, ['calendars'], { graph, calendarKey: { key: KEY } })).said,
    ).toBe('The firm has no calendar connection.');
    const kept = await connect(graph.tenant, graph.clientId);
    expect(kept).toMatchObject({ code: 0 });
    expect(kept.said).toContain('a token was fetched just now');
    expect(kept.said).not.toContain(graph.secret);
    const host = (address: string) =>
      operatorRuns(store, ['people', 'calendar', address, 'microsoft'], {
        graph,
        calendarKey: { key: KEY },
      });
    const nobody = await host('eve@firm.example');
    expect(nobody.code).toBe(1);
    expect(nobody.said).toContain('404 ErrorInvalidUser');
    // Not consented, nor granted by Exchange's RBAC for Applications: Graph refuses the mailbox.
    graph.consented = false;
    const refused = await host(ANN);
    expect(refused.code).toBe(1);
    expect(refused.said).toContain(
      'the app may not use this mailbox (403 ErrorAccessDenied: Access is denied. Check credentials and try again.). Its administrator grants it Calendars.ReadWrite',
    );
    expect(await store.hostCalendars()).toEqual([]);
  });

  it('never offers a time Ann’s events keep, across pages, a series and its moved occurrence, Windows zones and an all-day absence; offers her free ones', async () => {
    graph.pageSize = 3;
    graph.addEvent(ANN, {
      subject: 'Court',
      showAs: 'busy',
      isAllDay: false,
      start: london('2027-03-29T10:00:00.0000000'),
      end: london('2027-03-29T11:00:00.0000000'),
    });
    graph.addEvent(ANN, {
      subject: 'Lunch (free)',
      showAs: 'free',
      isAllDay: false,
      start: london('2027-03-29T12:00:00.0000000'),
      end: london('2027-03-29T13:00:00.0000000'),
    });
    graph.addEvent(ANN, {
      subject: 'Maybe',
      showAs: 'tentative',
      isAllDay: false,
      start: { dateTime: '2027-03-30T01:00:00.0000000', timeZone: 'Pacific Standard Time' },
      end: { dateTime: '2027-03-30T02:00:00.0000000', timeZone: 'Pacific Standard Time' },
    });
    graph.addEvent(ANN, {
      subject: 'Leave',
      showAs: 'oof',
      isAllDay: true,
      start: london('2027-03-31T00:00:00.0000000'),
      end: london('2027-04-01T00:00:00.0000000'),
    });
    graph.addEvent(ANN, {
      subject: 'Client site',
      showAs: 'workingElsewhere',
      isAllDay: false,
      start: london('2027-04-01T15:00:00.0000000'),
      end: london('2027-04-01T16:00:00.0000000'),
    });
    graph.addEvent(ANN, {
      subject: 'Team',
      showAs: 'busy',
      isAllDay: false,
      start: london('2027-03-22T14:00:00.0000000'),
      end: london('2027-03-22T15:00:00.0000000'),
      recurrence: {
        pattern: { type: 'weekly', interval: 1, daysOfWeek: ['monday'] },
        range: { type: 'noEnd', startDate: '2027-03-22' },
      },
      exceptions: {
        '2027-04-05': {
          start: london('2027-04-05T16:00:00.0000000'),
          end: london('2027-04-05T17:00:00.0000000'),
        },
      },
    });
    const { offered } = await proxyWithAnn();
    const starts = await offered();
    for (const busy of [
      '2027-03-29T09:00:00Z', // Court, 10:00 London
      '2027-03-30T08:00:00Z', // tentative, 01:00 Pacific
      '2027-03-31T08:00:00Z', // the all-day absence, from London's midnight
      '2027-03-31T15:30:00Z',
      '2027-04-01T14:00:00Z', // working elsewhere
      '2027-03-29T13:00:00Z', // the series
      '2027-04-05T15:00:00Z', // its occurrence moved to 16:00
    ])
      expect(starts).not.toContain(busy);
    for (const free of [
      '2027-03-29T11:00:00Z',
      '2027-03-29T08:00:00Z',
      '2027-04-05T13:00:00Z',
      '2027-04-01T08:00:00Z',
    ])
      expect(starts).toContain(free);
    expect(
      graph.requests.filter((request) => request.includes('calendarView')).length,
    ).toBeGreaterThan(2);
  });

  it('writes a booking’s event once though its first write is throttled, moves it, and removes it when cancelled', async () => {
    const { h, writer, offered } = await proxyWithAnn();
    graph.throttle('POST', 1, 1);
    const taken = await h.submit({
      answers: { ...validEnquiry().answers, call: '2027-03-29T08:00:00Z' },
    });
    expect(taken.status).toBe(201);
    const { reference } = (await taken.json()) as { reference: string };
    while ((await writer.round()) > 0);
    const written = graph.events(ANN);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      subject: 'Call with Ada Lovelace',
      start: { dateTime: '2027-03-29T08:00:00', timeZone: 'UTC' },
    });
    expect(graph.requests.filter((request) => request.startsWith('POST'))).toHaveLength(2);
    const [booking] = await h.store.bookingsOf(reference);
    const ten = Date.parse('2027-03-29T10:00:00Z');
    const move = { sequence: 0, start: ten, end: ten + 1_800_000, until: ten + 1_800_000 };
    await h.store.moveBooking(booking?.uid ?? '', { ...move, hosts: [ANN] }, h.clock.now);
    while ((await writer.round()) > 0);
    expect(graph.events(ANN)).toMatchObject([
      { id: written[0]?.id, start: { dateTime: '2027-03-29T10:00:00', timeZone: 'UTC' } },
    ]);
    expect(graph.requests.filter((request) => request.startsWith('PATCH'))).toHaveLength(1);
    await h.store.cancelBooking(booking?.uid ?? '', h.clock.now);
    while ((await writer.round()) > 0);
    expect(graph.events(ANN)).toEqual([]);
    expect(await offered()).toContain('2027-03-29T08:00:00Z');
  });

  it('never has more than four of the app’s requests under way, however many mailboxes are read at once', async () => {
    const hosts = Array.from({ length: 10 }, (_, i) => `host${String(i)}@firm.example`);
    for (const host of hosts) graph.addMailbox(host);
    await connectMicrosoft(store, graph, hosts, { calendarKey: { key: KEY } });
    const opener = new CalendarOpener({
      adapters: calendarAdapters(graphPlaces(graph)),
      key: () => key,
      store,
    });
    const reading = { floatingZone: 'Europe/London', isOwnBooking: isBookingUid(undefined) };
    const calendars = await store.hostCalendars();
    const read = await Promise.all(
      calendars.map(async (calendar) =>
        (await opener.open(calendar)).busyTimes(START, START + 86_400_000, reading),
      ),
    );
    expect(read).toHaveLength(10);
    expect(graph.peakAtOnce).toBeLessThanOrEqual(4);
  });
});
