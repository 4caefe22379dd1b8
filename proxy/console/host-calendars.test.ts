/**
 * Each host's calendar on the console's People page (issue #86): a CalDAV calendar read fine on
 * a real Radicale, a Microsoft 365 mailbox whose firm's app had its secret revoked (the Graph
 * stand-in), and a host with none: the kind of each, when it was last read, and its fault in the
 * words the alerts email the firm, as the busy cache recorded its reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarAdapters } from '../booking/calendar-adapters.ts';
import { calendarKey, type CalendarKey } from '../booking/calendar-key.ts';
import { BOOKING, HOSTS, ROOMY_LIMITS, withBooking } from '../test/fixtures/booking-config.ts';
import { HOST, signedInAs } from '../test/fixtures/console-people.ts';
import { tableRows } from '../test/fixtures/funnel-page.ts';
import { connectMicrosoft, graphPlaces } from '../test/fixtures/graph-connect.ts';
import { startGraphStandIn, type GraphStandIn } from '../test/fixtures/graph-stand-in.ts';
import { createMemoryLogger } from '../test/fixtures/memory-logger.ts';
import { harnessPerTest, START } from '../test/fixtures/proxy-harness.ts';
import {
  calendarParts,
  connectHostCalendar,
  radicaleMissing,
  radicalePerSuite,
} from '../test/fixtures/radicale-server.ts';

const [ANN, BOB] = HOSTS;
const CAROL = 'carol@lovelace-law.example';
const TOKEN = 'an admin token of the people page test, long enough';
const KEY = 'a test key of thirty-two characters!';
const key = calendarKey({ key: KEY }) as CalendarKey;
const MINUTE = 60_000;
const setUp = harnessPerTest();

/** The cells of the hosts' calendars table as a person reads them. */
const calendarRows = (page: string) =>
  tableRows(page, 'Hosts’ calendars').map((row) =>
    row.map((cell) => cell.replaceAll('&nbsp;', ' ').replaceAll('&#39;', "'")),
  );

describe.skipIf(radicaleMissing())('the hosts’ calendars on the People page', () => {
  const radicale = radicalePerSuite();
  let graph: GraphStandIn;
  beforeAll(async () => {
    graph = await startGraphStandIn();
  });
  afterAll(async () => {
    await graph.close();
  });

  it('shows each host’s kind of calendar, its last read, and the refused secret in words', async () => {
    const h = setUp({
      config: withBooking({ ...BOOKING, people: [...HOSTS, CAROL], limits: ROOMY_LIMITS }),
      deps: { adminToken: TOKEN },
    });
    const now = () => h.clock.now;
    graph.addMailbox(ANN);
    await connectMicrosoft(h.store, graph, [ANN], { calendarKey: { key: KEY }, now });
    const url = await radicale().calendar('bob', 'people-page');
    await connectHostCalendar(h.store, key, { address: BOB, url, at: now() });
    const logs = createMemoryLogger();
    const adapters = calendarAdapters(graphPlaces(graph), now);
    const { busy } = calendarParts(h.store, key, now, logs.log, adapters);
    await busy.refresh();

    // The secret deleted in Entra ID: read each minute until Ann's times are withdrawn.
    graph.revokeSecret();
    for (let minute = 1; minute <= 4; minute += 1) {
      h.clock.now = START + minute * MINUTE;
      await busy.refresh();
    }
    const operator = await signedInAs(h, TOKEN, { email: 'olive@firm.example', role: 'operator' });
    const page = await h.app.request(`${HOST}/admin/people`, {
      headers: { cookie: operator.cookie },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h2>Hosts’ calendars</h2>');
    expect(calendarRows(html)).toEqual([
      [
        ANN,
        'Microsoft 365 calendar',
        '2027-03-27 09:00 UTC',
        "Cannot be read since 2027-03-27 09:01 UTC: Microsoft refused the app's secret (invalid_client, AADSTS7000215). Give the secret's value, not its ID, or make a new one in Entra ID and connect again with npm run outbox -- calendars microsoft. Their times are not offered until it is read again.",
      ],
      [BOB, 'CalDAV calendar', '2027-03-27 09:04 UTC', 'Read fine.'],
      [
        CAROL,
        'Built-in feed only',
        'Nothing to read',
        'Their calls are in their feed and this console.',
      ],
    ]);
  }, 60_000);
});
