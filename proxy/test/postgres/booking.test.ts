/**
 * Booking on two proxies sharing PostgreSQL, the host's calendar on a real CalDAV server
 * (Radicale), connected by `npm run outbox -- people calendar` once both run: it is heeded with
 * no restart (issue #86 item 1), and twenty visitors send the same time at once, ten through each instance; one is
 * booked, nineteen are told beside the question that it was just taken, nothing of theirs
 * stored; each sends again with the same Idempotency-Key and another free time, and all twenty
 * are stored once each; the host's calendar holds twenty events, each written once.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlotsResponse } from '../../contract/booking.ts';
import { lawFirmBookingFile } from '../fixtures/booking-config.ts';
import { peopleCalendar } from '../fixtures/calendar-cli.ts';
import { validEnquiry } from '../fixtures/proxy-harness.ts';
import {
  radicaleMissing,
  startRadicale,
  type RadicaleServer,
} from '../fixtures/radicale-server.ts';
import { waitFor } from '../reliability/proxy-process.ts';
import { openPostgresOutbox } from '../../outbox/postgres/store.ts';
import { absent, sharedGroup, usePostgres } from './shared-session.ts';

usePostgres();
const ANN = 'ann@lovelace-law.example';
const CALENDAR_KEY = 'the key every instance shares, 32+ characters';
const lacking = absent ?? radicaleMissing();

describe.skipIf(lacking)(
  'booking on two proxies sharing PostgreSQL, a real CalDAV calendar',
  () => {
    let radicale: RadicaleServer;
    beforeAll(async () => {
      radicale = await startRadicale();
    });
    afterAll(async () => {
      await radicale.destroy();
    });

    it('books one of twenty sent at once, tells nineteen beside the question, and stores all twenty once when they send again', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'booking-pg-'));
      const form = join(dir, 'form.json');
      writeFileSync(
        form,
        JSON.stringify({
          ...lawFirmBookingFile,
          booking: { ...lawFirmBookingFile.booking, people: [ANN] },
        }),
      );
      const group = await sharedGroup(2, { env: { FORM_CONFIG: form, CALENDAR_KEY } });
      const [a, b] = group.instances;
      if (!a || !b) throw new Error('two instances');
      const url = await radicale.calendar('ann');
      await peopleCalendar(
        await openPostgresOutbox(group.databaseUrl, { poolSize: 1 }),
        [ANN, url, '--username', 'ann'],
        { calendarKey: { key: CALENDAR_KEY } },
      );
      const db = new pg.Client(group.databaseUrl);
      await db.connect();
      // Each instance reads the calendar within seconds of its connection, with no restart.
      for (const via of [a, b])
        await expect
          .poll(() => via.logs.text(), { timeout: 60_000 })
          .toContain('calendars: a calendar is read');
      const { body } = await a.get('/api/slots?case-type=conveyancing');
      const slots = (body as unknown as SlotsResponse).slots.map((slot) => slot.start);
      expect(slots.length).toBeGreaterThan(20);
      const visitors = Array.from({ length: 20 }, (_, i) => ({
        via: i % 2 === 0 ? a : b,
        key: randomUUID(),
        enquiry: (call: string) => ({
          answers: { ...validEnquiry().answers, call },
          surname: `Visitor${String(i)}`,
        }),
      }));
      const first = await Promise.all(
        visitors.map(({ via, key: idempotency, enquiry }) =>
          via.submit({ key: idempotency, enquiry: enquiry(slots[0] ?? '') }),
        ),
      );
      const booked = first.filter((answer) => answer.status === 201 || answer.status === 202);
      const taken = first.filter((answer) => answer.status === 400);
      expect(booked).toHaveLength(1);
      expect(taken).toHaveLength(19);
      for (const answer of taken)
        expect(answer.body).toMatchObject({
          error: 'validation',
          issues: [{ field: 'answers.call', code: 'slot_taken' }],
        });
      const stored = async () =>
        Number((await db.query<{ n: string }>('SELECT COUNT(*) AS n FROM submissions')).rows[0]?.n);
      expect(await stored()).toBe(1);
      // Each of the nineteen picks another free time, and sends again with the same key.
      const again = await Promise.all(
        visitors.map(({ via, key: idempotency, enquiry }, i) =>
          first[i]?.status === 400
            ? via.submit({ key: idempotency, enquiry: enquiry(slots[i + 1] ?? '') })
            : Promise.resolve(first[i]),
        ),
      );
      expect(
        again.map((answer) => answer?.status).filter((status) => status === 201 || status === 202),
      ).toHaveLength(20);
      expect(await stored()).toBe(20);
      const bookings = await db.query<{ uid: string; start_at: string }>(
        'SELECT uid, start_at FROM bookings',
      );
      expect(bookings.rows).toHaveLength(20);
      expect(new Set(bookings.rows.map((row) => row.start_at)).size).toBe(20);
      // Both instances' writers take the writes; the calendar holds each call once.
      expect(await waitFor(async () => (await radicale.events(url)).length >= 20, 60_000)).toBe(
        true,
      );
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const events = await radicale.events(url);
      expect(events).toHaveLength(20);
      expect(new Set(events.map((event) => /UID:(\S+)/.exec(event.ics)?.[1])).size).toBe(20);
      expect(new Set(events.map((event) => /UID:(\S+)/.exec(event.ics)?.[1]))).toEqual(
        new Set(bookings.rows.map((row) => row.uid)),
      );
      const writes = await db.query<{ state: string; attempts: number }>(
        'SELECT state, attempts FROM calendar_writes',
      );
      expect(writes.rows.every((row) => row.state === 'done' && row.attempts === 1)).toBe(true);
      await db.end();
    }, 120_000);
  },
);
