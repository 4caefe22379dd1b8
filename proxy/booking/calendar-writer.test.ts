/**
 * The calendar writer against a calendar server that refuses the host's password: the write is
 * kept and tried again, the firm is told once by an alert naming the host and the lead, and
 * connecting the calendar anew tries it at once and ends the alert.
 */
import { createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { Notifier } from '../notify/notifier.ts';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { createMemoryLogger } from '../test/fixtures/memory-logger.ts';
import { calendarParts } from '../test/fixtures/radicale-server.ts';
import { sampleSubmission } from '../test/fixtures/outbox.ts';
import { calendarKey, type CalendarKey } from './calendar-key.ts';

const key = calendarKey({ key: 'a test key of thirty-two characters!' }) as CalendarKey;
const ANN = 'ann@firm.example';
const closing: (() => void)[] = [];
afterEach(() => {
  for (const close of closing.splice(0)) close();
});

/** A calendar server answering every request `status`, on a free port; the statuses it gave. */
async function calendarServer(status: () => number) {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    asked.push(`${request.method ?? ''} ${String(status())}`);
    response.writeHead(status()).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => server.close());
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${String(port)}/ann/calls/`, asked };
}

/** Connects `ann`'s calendar at `url`, her password sealed. */
const connect = (store: OutboxStore, url: string, at: number) =>
  store.connectCalendar({
    address: ANN,
    kind: 'caldav',
    url,
    username: 'ann',
    sealedPassword: key.seal('wrong', { address: ANN, url, username: 'ann' }),
    connectedAt: at,
    connectedBy: 'cli',
  });

/** Connects `ann`'s calendar at `url` and books her a call with the enquiry EQ-1. */
async function bookedWithCalendar(store: OutboxStore, url: string, at: number) {
  await connect(store, url, at);
  const start = Date.UTC(2027, 2, 29, 8);
  await store.accept(
    sampleSubmission({
      reference: 'EQ-1',
      receivedAt: at,
      files: [],
      booking: {
        uid: '5f1c2a0e-8a3b-4c1d-9e2f-0a1b2c3d4e5f@enquiry-form',
        question: 'call',
        start,
        end: start + 1_800_000,
        until: start + 1_800_000,
        timeZone: 'Europe/London',
        hosts: [ANN],
        secretHash: 'hash',
        summary: 'Call with Ada Lovelace',
        description: 'Enquiry EQ-1',
        metaValue: () => 'with ann',
        at,
      },
    }),
  );
}

describe('the calendar writer', () => {
  it('keeps a write the calendar refuses, tells the firm once, and tries it again once reconnected', async () => {
    const clock = { now: Date.UTC(2027, 2, 27, 9) };
    const now = () => clock.now;
    const store = openSqliteOutbox(':memory:');
    closing.push(() => void store.close());
    let status = 401;
    const server = await calendarServer(() => status);
    await bookedWithCalendar(store, server.url, clock.now);
    const logs = createMemoryLogger();
    const { writer } = calendarParts(store, key, now, logs.log);
    const alerts: { event: string; message: string }[] = [];
    const notifier = new Notifier({
      store,
      channels: { webhook: async (event) => void alerts.push(event as never) },
      log: logs.log,
      pauseState: () => undefined,
      queuedAlertMs: 3_600_000,
      calendarTrouble: () => store.calendarTrouble(),
      now,
    });
    expect(await writer.round()).toBe(1);
    expect(server.asked).toEqual(['PUT 401']);
    expect(await store.calendarTrouble()).toMatchObject({ count: 1 });
    await notifier.tick();
    expect(alerts).toEqual([
      expect.objectContaining({
        event: 'alert.calendars',
        message: `1 call could not be written to its host’s calendar; the latest, for ${ANN} (EQ-1): writing the event: the calendar refused the user name and password (401).`,
      }),
    ]);
    clock.now += 10_000;
    expect(await writer.round()).toBe(1);
    await notifier.tick();
    expect(alerts).toHaveLength(1);
    status = 201;
    clock.now += 60_000;
    await connect(store, server.url, clock.now);
    expect(await writer.round()).toBe(1);
    expect(server.asked.at(-1)).toBe('PUT 201');
    expect(await store.calendarTrouble()).toEqual({ count: 0, latest: null });
    await notifier.tick();
    expect(alerts.at(-1)).toMatchObject({ event: 'alert.recovered' });
    expect(JSON.stringify(logs.lines())).not.toContain('wrong');
  });
});
