import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { BusyThread } from './busy-thread.ts';
import { CalendarFault } from './calendar-fault.ts';
import { oneEvent } from '../../test/fixtures/calendar-text.ts';

const WINDOW = { from: Date.parse('2027-03-28T00:00:00Z'), to: Date.parse('2027-06-29T00:00:00Z') };
/** 30 February: ical.js's iterator looks for it without end and never returns. */
const NEVER = oneEvent(
  'never@elsewhere.example',
  'DTSTART:20270101T100000Z',
  'DTEND:20270101T110000Z',
  'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
);
const WEEKLY = oneEvent(
  'weekly',
  'DTSTART:20200106T100000Z',
  'DTEND:20200106T110000Z',
  'RRULE:FREQ=WEEKLY',
);
/** The longest the event loop may stall meanwhile: generous, for a busy machine. */
const STALL_BOUND_MS = 500;

const thread = new BusyThread();
afterAll(() => thread.stop());
const read = (objects: string[]) =>
  thread.read({ objects, ...WINDOW, floatingZone: 'Europe/London', deadlineMs: 1_000 });
const faultOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(CalendarFault);
  return (error as CalendarFault).message;
};

describe('calendars read in a worker thread', () => {
  it('ends a read that cannot finish, naming its event, without holding the event loop', async () => {
    await read([WEEKLY]);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const said = await faultOf(read([WEEKLY, NEVER]));
    delay.disable();
    expect(said).toBe(
      'the event never@elsewhere.example takes more than 1 s to work out (a rule that repeats without end or cannot be met): it is not read again for an hour unless it changes',
    );
    expect(delay.max / 1e6).toBeLessThan(STALL_BOUND_MS);
    // Remembered: the next read of it is refused before it reaches the worker; others are read.
    expect(await faultOf(read([NEVER]))).toBe(said);
    expect(await read([WEEKLY])).toHaveLength(14);
  });

  it('answers each read its own spans, in the order asked', async () => {
    const [weekly, none] = await Promise.all([read([WEEKLY]), read([])]);
    expect(weekly[0]).toEqual({
      uid: 'weekly',
      start: Date.parse('2027-03-29T10:00:00Z'),
      end: Date.parse('2027-03-29T11:00:00Z'),
    });
    expect(none).toEqual([]);
  });
});
