/**
 * A Microsoft 365 host whose firm's app stops working (its secret deleted in Entra ID): tokens
 * Graph already issued stay good for an hour, yet the proxy asks for a new one each minute, so
 * within the two minutes a read is trusted and the minute after it, the host's times are
 * withdrawn, and the firm is told once through a real SMTP server, in words naming the host, the
 * kind of calendar and the cause; an enquiry with preferred times is still taken meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteOutbox } from '../../outbox/sqlite/store.ts';
import type { SlotsResponse } from '../../contract/booking.ts';
import { HOSTS, withBooking } from '../../test/fixtures/booking-config.ts';
import { callPagesOptions } from '../../test/fixtures/call-pages.ts';
import { connectMicrosoft, graphPlaces } from '../../test/fixtures/graph-connect.ts';
import { startGraphStandIn, type GraphStandIn } from '../../test/fixtures/graph-stand-in.ts';
import { startMailServer, type RunningMailServer } from '../../test/fixtures/mail-server.ts';
import { calendarAlertsByEmail } from '../../test/fixtures/calendar-alerts.ts';
import { createMemoryLogger } from '../../test/fixtures/memory-logger.ts';
import { harnessPerTest, ORIGIN, validEnquiry } from '../../test/fixtures/proxy-harness.ts';
import { calendarParts } from '../../test/fixtures/radicale-server.ts';
import { calendarAdapters } from '../calendar-adapters.ts';
import { calendarKey, type CalendarKey } from '../calendar-key.ts';

const [ANN] = HOSTS;
const KEY = 'a test key of thirty-two characters!';
const key = calendarKey({ key: KEY }) as CalendarKey;
const MINUTE = 60_000;
const setUp = harnessPerTest();

describe('a Microsoft 365 calendar whose app is refused (Graph stand-in)', () => {
  let graph: GraphStandIn;
  let mail: RunningMailServer;
  beforeAll(async () => {
    graph = await startGraphStandIn();
    mail = await startMailServer();
  });
  afterAll(async () => {
    await mail.close();
    await graph.close();
  });

  it('withdraws the host’s times within four minutes of the secret’s revocation, tells the firm once by email, and still takes preferred times', async () => {
    graph.addMailbox(ANN);
    const clock = { now: Date.UTC(2027, 2, 27, 9) };
    const now = () => clock.now;
    const store = openSqliteOutbox(':memory:');
    await connectMicrosoft(store, graph, [ANN], { calendarKey: { key: KEY }, now });
    const logs = createMemoryLogger();
    const { busy } = calendarParts(
      store,
      key,
      now,
      logs.log,
      calendarAdapters(graphPlaces(graph), now),
    );
    const { told } = calendarAlertsByEmail({
      store,
      log: logs.log,
      now,
      mail: mail,
      domain: 'firm.example',
    });
    const h = setUp(callPagesOptions(withBooking({ people: [ANN] }), store, busy, clock));
    const offered = async () =>
      (await (
        await h.app.request('/api/slots?case-type=conveyancing', { headers: { origin: ORIGIN } })
      ).json()) as SlotsResponse;
    const monday = Date.UTC(2027, 2, 29, 9);
    await busy.refresh();
    expect(busy.eventsOf(ANN, monday, monday + MINUTE)).toEqual([]);
    expect((await offered()).status).toBe('open');

    const secret = graph.secret;
    graph.revokeSecret();
    let minutes = 0;
    while (busy.eventsOf(ANN, monday, monday + MINUTE) !== 'unreadable' && minutes < 10) {
      clock.now += MINUTE;
      minutes += 1;
      await busy.refresh();
    }
    expect(minutes).toBeLessThanOrEqual(4);
    expect(await offered()).toMatchObject({ status: 'unavailable', slots: [] });
    const taken = await h.submit({
      answers: { ...validEnquiry().answers, call: 'Any weekday after 4pm, please' },
    });
    expect(taken.status).toBe(201);
    const [alert, ...more] = await told();
    expect(more).toEqual([]);
    expect(alert).toContain(
      `${ANN}'s Microsoft 365 calendar cannot be read: Microsoft refused the app's secret (invalid_client, AADSTS7000215).`,
    );
    clock.now += MINUTE;
    await busy.refresh();
    expect(await told()).toHaveLength(1);
    expect(JSON.stringify(logs.lines())).not.toContain(secret);
  }, 60_000);
});
