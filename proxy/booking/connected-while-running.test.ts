/**
 * The first calendar connected to a proxy already running (issue #86 item 1): on SQLite with no
 * `CALENDAR_KEY`, the key file does not exist when the proxy starts; `npm run outbox -- people
 * calendar` makes it and connects the host's Radicale calendar. Within the minute, with no
 * restart, the host's busy time is no longer offered, their free times are, and a call booked is
 * written into their calendar. (PostgreSQL's: `test/postgres/booking.test.ts`.)
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnquiryApi, type RunningEnquiryApi } from '../../demo/enquiry-api/server.ts';
import type { SlotsResponse } from '../contract/booking.ts';
import { loadProxyEnv } from '../env.ts';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import { startProxy } from '../server.ts';
import { BOOKING, HOSTS, lawFirmBookingFile } from '../test/fixtures/booking-config.ts';
import { peopleCalendar } from '../test/fixtures/calendar-cli.ts';
import { createMemoryLogger } from '../test/fixtures/memory-logger.ts';
import { proxyEnvFor } from '../test/fixtures/proxy-env.ts';
import { validEnquiry } from '../test/fixtures/proxy-harness.ts';
import { instanceOf, type Instance } from '../test/fixtures/proxy-instance.ts';
import {
  busyEvent,
  radicaleMissing,
  startRadicale,
  type RadicaleServer,
} from '../test/fixtures/radicale-server.ts';

const [ANN] = HOSTS;
const CREDENTIALS = { username: 'connected-while-running', password: 'a platform password' };
/** What "heeded within the minute" allows: the proxy's own rounds, and a little. */
const WITHIN_A_MINUTE = 60_000;

describe.skipIf(radicaleMissing())('a calendar connected while the proxy runs (SQLite)', () => {
  let radicale: RadicaleServer;
  let api: RunningEnquiryApi;
  let proxy: Instance;
  let dataDir: string;
  beforeAll(async () => {
    radicale = await startRadicale();
    api = await startEnquiryApi({ credentials: CREDENTIALS });
    dataDir = mkdtempSync(join(tmpdir(), 'connected-while-running-'));
    const form = join(dataDir, 'form.json');
    writeFileSync(
      form,
      JSON.stringify({ ...lawFirmBookingFile, booking: { ...BOOKING, people: [ANN] } }),
    );
    const logs = createMemoryLogger('info');
    const env = proxyEnvFor(api, CREDENTIALS, { DATA_DIR: dataDir, FORM_CONFIG: form });
    const running = await startProxy(loadProxyEnv(env), logs.log);
    proxy = instanceOf(running, logs, () => running.close());
  });
  afterAll(async () => {
    await proxy.close();
    await api.close();
    await radicale.destroy();
  });

  const offered = async () =>
    (await proxy.get('/api/slots?case-type=conveyancing')).body as unknown as SlotsResponse;

  it('offers its free times and keeps back its busy one within the minute, and writes a call booked into it, with no restart', async () => {
    const before = await offered();
    expect(before.status).toBe('open');
    const [, busy, free] = before.slots.map((slot) => slot.start);
    if (!busy || !free) throw new Error('the form offers at least three times');
    const url = await radicale.calendar('ann');
    await radicale.put(url, 'court.ics', busyEvent('court', 'Court hearing', Date.parse(busy)));

    await peopleCalendar(
      openSqliteOutbox(join(dataDir, 'outbox.sqlite')),
      [ANN, url, '--username', 'ann'],
      { calendarKey: { dataDir }, booking: { timeZone: BOOKING.timeZone, hosts: [ANN] } },
    );
    await expect
      .poll(
        async () => {
          const now = await offered();
          return { status: now.status, busyOffered: now.slots.some((s) => s.start === busy) };
        },
        { timeout: WITHIN_A_MINUTE, interval: 500 },
      )
      .toEqual({ status: 'open', busyOffered: false });
    expect((await offered()).slots.map((slot) => slot.start)).toContain(free);

    const taken = await proxy.submit({
      enquiry: { answers: { ...validEnquiry().answers, call: free } },
    });
    expect(taken.status, JSON.stringify(taken.body)).toBeLessThan(300);
    await expect
      .poll(
        async () =>
          (await radicale.events(url))
            .map((event) => /SUMMARY:(.*)/.exec(event.ics)?.[1]?.trim())
            .sort(),
        { timeout: WITHIN_A_MINUTE, interval: 500 },
      )
      .toEqual(['Call with Ada Lovelace', 'Court hearing']);
  }, 150_000);
});
