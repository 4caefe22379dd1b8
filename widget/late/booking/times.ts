/**
 * The free times on the visitor's own clock: each slot (an instant, ISO 8601 in UTC, exactly as
 * `GET /api/slots` serves it) put on the day of the visitor's calendar (`clock.ts` writes it in
 * words). `Intl` does every conversion, summer time included: nothing here adds hours.
 */
import type { Slot } from '#contract';

/** One day of the visitor's calendar with its free times, in order. */
export interface Day {
  /** `YYYY-MM-DD` on the visitor's clock: what tells days apart. */
  key: string;
  slots: Slot[];
}

/** The visitor's time zone, as their browser knows it. */
export const visitorZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** `YYYY-MM-DD` of `instant` on the clock of `timeZone`. */
const dayOf = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);

/**
 * The slots by the visitor's day, days and times in order. A slot that starts before midnight
 * on the visitor's clock and ends after it belongs to the day it starts on.
 *
 * @example daysOf([{ start: '2026-12-01T23:30:00Z', end: '…' }], 'Asia/Tokyo')[0].key // '2026-12-02'
 */
export function daysOf(slots: readonly Slot[], timeZone: string): Day[] {
  const days = new Map<string, Slot[]>();
  for (const slot of [...slots].sort((a, b) => a.start.localeCompare(b.start))) {
    const key = dayOf(new Date(slot.start), timeZone);
    days.set(key, [...(days.get(key) ?? []), slot]);
  }
  return [...days].map(([key, daySlots]) => ({ key, slots: daySlots }));
}

/**
 * Whether two clocks read differently at any of these instants (New York and London always do;
 * Dublin and London never; Phoenix and Denver half the year): only then is the firm's named.
 */
export function clocksDiffer(a: string, b: string, instants: readonly string[]): boolean {
  const wallClock = (timeZone: string) =>
    new Intl.DateTimeFormat('en', {
      timeZone,
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
  const [onA, onB] = [wallClock(a), wallClock(b)];
  return instants.some(
    (instant) => onA.format(new Date(instant)) !== onB.format(new Date(instant)),
  );
}
