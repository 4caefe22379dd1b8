/**
 * A booked call cancelled and moved through the visitor's page, with the host's own calendar
 * real (Radicale, started by the suite through the system-tools fixture): the event is written
 * where the call was booked, written again at its new time when it moves, and leaves the
 * calendar when the call is cancelled; the time is offered again.
 */
import { describe, expect, it } from 'vitest';
import type { SlotsResponse } from '../contract/booking.ts';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import { HOSTS, withBooking } from '../test/fixtures/booking-config.ts';
import { callPagesOptions } from '../test/fixtures/call-pages.ts';
import { confirming, confirmingProxies } from '../test/fixtures/confirming-proxy.ts';
import { createMemoryLogger } from '../test/fixtures/memory-logger.ts';
import { ORIGIN, validEnquiry } from '../test/fixtures/proxy-harness.ts';
import {
  calendarParts,
  connectHostCalendar,
  radicaleMissing,
  radicalePerSuite,
} from '../test/fixtures/radicale-server.ts';
import { calendarKey, type CalendarKey } from './calendar-key.ts';

const confirmingProxy = confirmingProxies();
const [ANN] = HOSTS;
const key = calendarKey({ key: 'a test key of thirty-two characters!' }) as CalendarKey;
const MONDAY_NINE = '2027-03-29T08:00:00Z';
const config: FormConfig = {
  ...withBooking({ people: [ANN] }),
  confirmation: confirming().confirmation,
};

/** The press of `fields` on the page at `path`, with the check the page carries. */
async function press(
  request: (path: string, init?: RequestInit) => Response | Promise<Response>,
  path: string,
  fields: Record<string, string>,
) {
  const page = await (await request(path)).text();
  const check = /name="check" value="([^"]+)"/.exec(page)?.[1] ?? '';
  return request(path, {
    method: 'POST',
    body: new URLSearchParams({ check, ...fields }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

const radicale = radicalePerSuite();

describe.skipIf(radicaleMissing())(
  'a booked call changed, in its host’s calendar (Radicale)',
  () => {
    it('a GET changes nothing; a move writes the event again; the press cancels, the event leaves the host’s calendar, the time is offered again', async () => {
      const url = await radicale().calendar('ann', 'calls');
      const store = openSqliteOutbox(':memory:');
      const options = callPagesOptions(config, store);
      const now = () => options.clock.now;
      await connectHostCalendar(store, key, { address: ANN, url, at: now() });
      const log = createMemoryLogger().log;
      const { writer } = calendarParts(store, key, now, log);
      const { harness: h, mail, send } = await confirmingProxy(config, { harness: options });
      const request = (path: string, init?: RequestInit) => h.app.request(path, init);
      const offered = async () =>
        (
          (await (
            await h.app.request('/api/slots?case-type=conveyancing', {
              headers: { origin: ORIGIN },
            })
          ).json()) as SlotsResponse
        ).slots.map((slot) => slot.start);
      /** What Ann's calendar holds once every write owed to it is done. */
      const held = async () => {
        while ((await writer.round()) > 0);
        return (await radicale().events(url)).map((event) => event.ics);
      };

      expect(
        (await h.submit({ answers: { ...validEnquiry().answers, call: MONDAY_NINE } })).status,
      ).toBe(201);
      await send();
      const link = new URL(
        /https?:\/\/\S+\/booking\/\S+/.exec(mail.received[0]?.text ?? '')?.[0] ?? '',
      );
      const path = link.pathname;
      expect(await held()).toEqual([expect.stringContaining('DTSTART:20270329T080000Z')]);
      expect(await offered()).not.toContain(MONDAY_NINE);

      expect((await request(path)).status).toBe(200);
      expect((await request(path)).status).toBe(200);
      expect(await held()).toEqual([expect.stringContaining('DTSTART:20270329T080000Z')]);

      const moved = await press(request, path, { action: 'move', start: '2027-03-29T10:00:00Z' });
      expect(moved.status).toBe(200);
      const after = await held();
      expect(after).toHaveLength(1);
      expect(after[0]).toContain('DTSTART:20270329T100000Z');
      expect(after[0]).toContain('SEQUENCE:1');
      expect(await offered()).toContain(MONDAY_NINE);

      const cancelled = await press(request, path, { action: 'cancel' });
      expect(cancelled.status).toBe(200);
      expect(await held()).toEqual([]);
      expect(await offered()).toContain('2027-03-29T10:00:00Z');
    });
  },
);
