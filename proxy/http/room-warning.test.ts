/**
 * The room a wait for the platform needs (`outbox/room-forecast.ts`): two weeks of leads with
 * their files at the last week's rate, against the room above the enquiries' reserve. Short of
 * it, `/readyz` still says ready but warns, `/admin/status` gives the figures, and the firm is
 * alerted once, then told when it is over.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Notifier } from '../notify/notifier.ts';
import type { AlertEvent } from '../notify/events.ts';
import { LEAD_OVERHEAD_BYTES, roomForecast } from '../outbox/room-forecast.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { createMemoryLogger } from '../test/fixtures/memory-logger.ts';
import { SAMPLE_PDF, SAMPLE_PNG, sampleSubmission, stored } from '../test/fixtures/outbox.ts';
import { harnessPerTest, START } from '../test/fixtures/proxy-harness.ts';

const TOKEN = randomBytes(32).toString('base64url');
const DAY = 86_400_000;
const TWO_WEEKS = 14 * DAY;
const MB = 1024 * 1024;
const setUp = harnessPerTest();

/** Two leads with their two files on each of the last seven days: a week at two a day. */
async function aWeekOfLeads(store: OutboxStore): Promise<number> {
  for (let n = 0; n < 14; n++)
    await stored(
      store,
      sampleSubmission({
        reference: `EQ-ROOM-${String(n)}`,
        receivedAt: START - 7 * DAY + n * (DAY / 2),
      }),
    );
  const { bytes } = await store.intakeSince(START - 7 * DAY);
  return bytes / 14 + LEAD_OVERHEAD_BYTES;
}

describe('the room two weeks of leads need', () => {
  it('is two weeks at the last week’s rate, each lead with its text, its files and its rows', async () => {
    const { store, clock } = setUp();
    const perLead = await aWeekOfLeads(store);
    expect(perLead).toBeGreaterThan(
      SAMPLE_PDF.byteLength + SAMPLE_PNG.byteLength + LEAD_OVERHEAD_BYTES,
    );
    const forecast = await roomForecast({ store, windowMs: TWO_WEEKS, now: () => clock.now })();
    expect(forecast).toEqual({
      perDay: { leads: 2, bytes: 2 * perLead },
      windowDays: 14,
      neededBytes: Math.ceil(28 * perLead),
      short: false,
    });
  });

  it('counts the leads of a proxy started today as a day’s, not a week’s', async () => {
    const { store, clock } = setUp();
    for (let n = 0; n < 3; n++)
      await stored(
        store,
        sampleSubmission({ reference: `EQ-NEW-${String(n)}`, receivedAt: START - 3_600_000 }),
      );
    const forecast = await roomForecast({ store, windowMs: TWO_WEEKS, now: () => clock.now })();
    expect(forecast.perDay.leads).toBe(3);
  });
});

describe('GET /readyz and /admin/status when the disk is short of it', () => {
  it('stays ready but warns, without the firm’s figures, and /admin/status gives them', async () => {
    let room = 1024 * MB;
    // The forecast reads the harness's own outbox and clock, made with the app.
    const { app, store, clock } = setUp({
      deps: { adminToken: TOKEN, roomForecast: () => forecast() },
    });
    const forecast = roomForecast({
      store,
      windowMs: TWO_WEEKS,
      room: () => Promise.resolve(room),
      now: () => clock.now,
    });
    const perLead = await aWeekOfLeads(store);
    expect(await (await app.request('/readyz')).json()).toEqual({ ready: true });

    // Room for three days and a half of leads.
    room = 7 * perLead;
    const ready = await app.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      ready: true,
      warning:
        "the outbox's disk holds 3 days of leads at today's rate, not the 14 days a platform down is waited for (/admin/status has the figures)",
    });
    const status = (await (
      await app.request('/admin/status', { headers: { authorization: `Bearer ${TOKEN}` } })
    ).json()) as { room: unknown };
    expect(status.room).toEqual({
      perDay: { leads: 2, bytes: 2 * perLead },
      windowDays: 14,
      neededBytes: Math.ceil(28 * perLead),
      roomBytes: room,
      daysHeld: 3.5,
      short: true,
    });
  });

  it('stays ready when the room cannot be worked out', async () => {
    const { app } = setUp({
      deps: { roomForecast: () => Promise.reject(new Error('the outbox is away')) },
    });
    expect(await (await app.request('/readyz')).json()).toEqual({ ready: true });
  });
});

describe('the alert of a disk short of two weeks of leads', () => {
  it('is told once while it lasts, its figures in what to do, and its end told', async () => {
    const { store, clock } = setUp();
    const perLead = await aWeekOfLeads(store);
    let room = 7 * perLead;
    const alerts: AlertEvent[] = [];
    const notifier = new Notifier({
      store,
      channels: { webhook: async (event) => void alerts.push(event as AlertEvent) },
      log: createMemoryLogger().log,
      pauseState: () => undefined,
      // The week's leads wait: their age is not this test's alert.
      queuedAlertMs: 30 * DAY,
      roomForecast: roomForecast({
        store,
        windowMs: TWO_WEEKS,
        room: () => Promise.resolve(room),
        now: () => clock.now,
      }),
      now: () => clock.now,
    });
    await notifier.tick();
    expect(alerts).toEqual([
      expect.objectContaining({
        event: 'alert.disk',
        message:
          "The outbox's disk has less room than 14 days of leads need at today's rate: were the platform down that long, the disk would fill before the leads are given up.",
        hint: expect.stringMatching(
          /^1 MB free above the enquiries' reserve holds 3 days of leads \(2\.0 a day, 1 MB with their files\); 14 days need 1 MB\. Give DATA_DIR more room\./,
        ),
      }),
    ]);
    // Less room still: the same condition, not told again.
    room -= 1000;
    clock.now += 2 * 3_600_000;
    await notifier.tick();
    expect(alerts).toHaveLength(1);
    room = 100 * MB;
    await notifier.tick();
    expect(alerts.at(-1)).toMatchObject({
      event: 'alert.recovered',
      message: expect.stringContaining("Over: The outbox's disk has less room"),
    });
  });
});
