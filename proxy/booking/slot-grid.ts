/**
 * The times a team's rules offer, before anyone's diary is looked at: each opening range of each
 * day from today (in the firm's zone) to the horizon, cut into calls of `minutes` every
 * `minutes + bufferMinutes`, none sooner than the notice, none on a closed day. Wall-clock times
 * in the firm's zone (`zoned-time.ts`): 09:00 is 09:00 there in winter and in summer.
 */
import type { BookingRules } from './booking-hosts.ts';
import { datesFrom, instantOf, wallClock, weekdayOf, type CivilDate } from './zoned-time.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** A span of time, in epoch milliseconds: from `start`, up to but not including `end`. */
export interface Span {
  start: number;
  end: number;
}

/**
 * The calls `date` offers by `rules` (its wall-clock times in the zone), earliest first: every
 * one the grid holds, the notice aside (it depends on the moment asked: `bookableFrom`).
 *
 * @example daySlots(rules, '2027-03-29')[0] // { start: Date.UTC(2027, 2, 29, 8), end: … 08:30Z }
 */
export function daySlots(rules: BookingRules, date: CivilDate): Span[] {
  if (rules.closed.has(date)) return [];
  const step = rules.minutes + rules.bufferMinutes;
  const slots: Span[] = [];
  for (const [from, to] of rules.week[weekdayOf(date)] ?? [])
    for (let minutes = from; minutes + rules.minutes <= to; minutes += step) {
      const start = instantOf(date, minutes, rules.timeZone);
      if (start !== undefined) slots.push({ start, end: start + rules.minutes * MINUTE_MS });
    }
  return slots;
}

/** The dates (in the firm's zone) a call may be booked on at `now`: today to the horizon. */
export const bookableDates = (rules: BookingRules, now: number): CivilDate[] =>
  datesFrom(wallClock(now, rules.timeZone).date, rules.horizonDays);

/** The soonest a call may start at `now`: the notice from now. */
export const bookableFrom = (rules: BookingRules, now: number): number =>
  now + rules.noticeHours * HOUR_MS;

/**
 * The call that starts at `start` by `rules`, asked at `now`; undefined when none does (off the
 * grid, outside the hours, on a closed day, past the horizon or within the notice): that answer
 * was never a time offered, and is refused as `slot_unavailable`.
 *
 * @example slotAt(rules, Date.parse('2027-03-29T08:00:00Z'), now) // { start, end }
 */
export function slotAt(rules: BookingRules, start: number, now: number): Span | undefined {
  if (start < bookableFrom(rules, now)) return undefined;
  const { date } = wallClock(start, rules.timeZone);
  if (!bookableDates(rules, now).includes(date)) return undefined;
  return daySlots(rules, date).find((slot) => slot.start === start);
}

/**
 * How many calls one host can take over the horizon by `rules`: the calls of a week, times the
 * weeks of the horizon (a fortnight, two). What the booking limits' shares are of
 * (`intake/call-limits.ts`); days closed are not taken off, nor the time a calendar keeps busy.
 *
 * @example callsOverHorizon(rules) // 160: 16 half hours a weekday, two weeks
 */
export function callsOverHorizon(rules: BookingRules): number {
  const step = rules.minutes + rules.bufferMinutes;
  let week = 0;
  for (const ranges of rules.week)
    for (const [from, to] of ranges)
      if (to - from >= rules.minutes) week += Math.floor((to - from - rules.minutes) / step) + 1;
  return Math.round((week * rules.horizonDays) / 7);
}
