/**
 * A calendar that cannot be read, whatever its kind (here CalDAV, on a real Radicale the test
 * stops): its host's times are withdrawn once its last read is past the two minutes it is
 * trusted, not before; the firm is told once, through a real SMTP server, naming the host, the
 * calendar's kind and the cause; and once again when it reads again. What each read came to is
 * kept in the outbox (the console's People page and `people calendar <address>` show it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import { HOSTS } from '../test/fixtures/booking-config.ts';
import { startMailServer, type RunningMailServer } from '../test/fixtures/mail-server.ts';
import { calendarAlertsByEmail } from '../test/fixtures/calendar-alerts.ts';
import { createMemoryLogger } from '../test/fixtures/memory-logger.ts';
import {
  calendarParts,
  connectHostCalendar,
  radicaleMissing,
  startRadicale,
  type RadicaleServer,
} from '../test/fixtures/radicale-server.ts';
import { calendarKey, type CalendarKey } from './calendar-key.ts';

const [ANN] = HOSTS;
const key = calendarKey({ key: 'a test key of thirty-two characters!' }) as CalendarKey;
const MINUTE = 60_000;

describe.skipIf(radicaleMissing())('a calendar that cannot be read', () => {
  let radicale: RadicaleServer;
  let mail: RunningMailServer;
  beforeAll(async () => {
    radicale = await startRadicale();
    mail = await startMailServer();
  });
  afterAll(async () => {
    await mail.close();
    await radicale.destroy();
  });

  it('withdraws its host’s times past two minutes, tells the firm once by email naming the host and the cause, and again when it reads again', async () => {
    const clock = { now: Date.UTC(2027, 2, 27, 9) };
    const now = () => clock.now;
    const store = openSqliteOutbox(':memory:');
    const url = await radicale.calendar('ann', 'faults');
    await connectHostCalendar(store, key, { address: ANN, url, at: now() });
    const logs = createMemoryLogger();
    const { busy } = calendarParts(store, key, now, logs.log);
    const { told } = calendarAlertsByEmail({
      store,
      log: logs.log,
      now,
      mail: mail,
      domain: 'firm.example',
    });
    const monday = Date.UTC(2027, 2, 29, 9);
    const readAgain = async (minutes: number) => {
      clock.now += minutes * MINUTE;
      await busy.refresh();
    };

    await busy.refresh();
    expect(busy.eventsOf(ANN, monday, monday + MINUTE)).toEqual([]);
    await radicale.stop();
    try {
      await readAgain(1);
      // One read failed: what the last one found is trusted still, and nobody is told yet.
      expect(busy.eventsOf(ANN, monday, monday + MINUTE)).toEqual([]);
      expect(await told()).toEqual([]);
      await readAgain(1.5);
      expect(busy.eventsOf(ANN, monday, monday + MINUTE)).toBe('unreadable');
      const [alert, ...more] = await told();
      expect(more).toEqual([]);
      expect(alert).toContain('A host’s calendar cannot be read: their times are not offered');
      expect(alert).toContain(
        `${ANN}'s CalDAV calendar cannot be read: ${new URL(url).host} refused the connection: is the calendar server running? Their times are not offered until it is read again; enquiries with preferred times are still taken.`,
      );
      expect((await store.hostCalendars())[0]).toMatchObject({
        readAt: Date.UTC(2027, 2, 27, 9),
        fault: expect.stringContaining('refused the connection') as string,
      });
      await readAgain(1);
      expect(await told()).toHaveLength(1);
    } finally {
      await radicale.start();
    }
    await readAgain(1);
    expect(busy.eventsOf(ANN, monday, monday + MINUTE)).toEqual([]);
    const messages = await told();
    expect(messages).toHaveLength(2);
    expect(messages[1]).toContain(
      `${ANN}'s CalDAV calendar is read again: their times are offered again.`,
    );
    expect((await store.hostCalendars())[0]).toMatchObject({ fault: null, faultAt: null });
    await store.close();
  }, 60_000);
});
