/**
 * Whether a host is free for a call, from what keeps them busy: their bookings in the outbox
 * (each covering its call and the buffer after it, as the outbox's blocks do) and their own
 * calendar's events (each followed by the buffer too: a meeting is a meeting). Plain interval
 * arithmetic, written once for the slots offered and the booking taken.
 */
import type { Span } from './slot-grid.ts';

const MINUTE_MS = 60_000;

/** What keeps one host busy, earliest first. */
export interface HostBusy {
  /** Their calls booked here, each to the end of its buffer. */
  booked: readonly Span[];
  /** Their calendar's events (empty when none is connected). */
  events: readonly Span[];
}

/**
 * True when a call over `slot`, with `bufferMinutes` kept after it, meets nothing of `busy`: no
 * booking's span, no event's span with the buffer after it.
 *
 * @example isFree({ start: 0, end: 30 * MINUTE_MS }, { booked: [], events: [] }, 0) // true
 */
export function isFree(slot: Span, busy: HostBusy, bufferMinutes: number): boolean {
  const buffer = bufferMinutes * MINUTE_MS;
  const covered = { start: slot.start, end: slot.end + buffer };
  const meets = (span: Span, after: number) =>
    covered.start < span.end + after && span.start < covered.end;
  return (
    !busy.booked.some((span) => meets(span, 0)) && !busy.events.some((span) => meets(span, buffer))
  );
}

/** The spans of `spans` that reach into `[from, to)`: what a day's slots need to be weighed against. */
export const within = (spans: readonly Span[], from: number, to: number): Span[] =>
  spans.filter((span) => span.start < to && span.end > from);
