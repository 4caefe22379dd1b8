/**
 * The booking limits (`docs/booking.md`, "Limits") on two proxies sharing PostgreSQL: ten
 * addresses behind a trusted reverse proxy, each asking for four calls at once, half through
 * each instance. Each address's two a day are counted once for both instances: twenty calls
 * are held, and every enquiry is stored and delivered; a visitor from another address books.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { SlotsResponse } from '../../contract/booking.ts';
import { lawFirmBookingAsShippedFile } from '../fixtures/booking-config.ts';
import { validEnquiry } from '../fixtures/proxy-harness.ts';
import { absent, sharedGroup, usePostgres } from './shared-session.ts';

usePostgres();

describe.skipIf(absent)('the booking limits on two proxies sharing PostgreSQL', () => {
  it('count each address’s calls once for every instance, and leave a visitor a time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'booking-limits-pg-'));
    const form = join(dir, 'form.json');
    writeFileSync(form, JSON.stringify(lawFirmBookingAsShippedFile));
    const group = await sharedGroup(2, {
      env: { FORM_CONFIG: form, TRUSTED_PROXIES: '127.0.0.1,::1' },
    });
    const [a, b] = group.instances;
    if (!a || !b) throw new Error('two instances');
    const { body } = await a.get('/api/slots?case-type=conveyancing');
    const slots = (body as unknown as SlotsResponse).slots.map((slot) => slot.start);
    const asks = Array.from({ length: 40 }, (_, i) => {
      const address = `198.18.${String(i % 10)}.7`;
      return (i % 2 === 0 ? a : b).submit({
        enquiry: {
          email: `v${String(i)}@d${String(i)}.example`,
          answers: { ...validEnquiry().answers, call: slots[i] ?? '' },
        },
        headers: { 'x-forwarded-for': address },
      });
    });
    const answers = await Promise.all(asks);
    expect(answers.map((answer) => answer.status).filter((status) => status >= 300)).toEqual([]);
    const db = new pg.Client(group.databaseUrl);
    await db.connect();
    const count = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0]?.n);
    expect(await count('SELECT COUNT(*) AS n FROM bookings')).toBe(20);
    expect(await count('SELECT COUNT(*) AS n FROM submissions')).toBe(40);
    const notHeld = (answer: { body: { call?: unknown } }) =>
      (answer.body.call as { status?: string } | undefined)?.status === 'not_held';
    expect(answers.filter(notHeld)).toHaveLength(20);
    expect(
      await count("SELECT SUM(calls) AS n FROM calls_not_held WHERE limit_kind = 'client'"),
    ).toBe(20);
    await db.end();

    const visitor = await b.submit({
      enquiry: {
        email: 'grace.hopper@gmail.com',
        answers: { ...validEnquiry().answers, call: slots[45] ?? '' },
      },
      headers: { 'x-forwarded-for': '203.0.113.50' },
    });
    expect(visitor.status).toBeLessThan(300);
    expect(visitor.body.call).toMatchObject({ status: 'booked', start: slots[45] });
    // Two proxies started and forty enquiries: as long as the other two-instance tests allow.
  }, 90_000);
});
