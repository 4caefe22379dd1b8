/**
 * A call in words, in the firm's language (`docs/booking.md`, "The answer"): the value of the
 * appointment's meta entry upstream, which a person and a program can both read (the start in
 * ISO 8601 UTC first, then the day and times in the firm's zone and the host), the visitor's
 * preferred times when they picked none, and what the host's calendar says of the event.
 */
import { formatMessage } from '../contract/messages.ts';
import type { Strings } from '../contract/strings/english.ts';
import type { Span } from './slot-grid.ts';

/** English as this product writes it: day before month, a 24-hour clock. */
const localeOf = (lang: string) => (lang === 'en' ? 'en-GB' : lang);

/** A slot's start as `GET /api/slots` writes it and the answer names it: `2026-12-01T10:00:00Z`. */
export const isoStart = (at: number): string => `${new Date(at).toISOString().slice(0, 19)}Z`;

/** The day of `at` in `timeZone`, as `lang` writes it: "Tuesday, 1 December 2026". */
export function callDay(at: number, timeZone: string, lang: string): string {
  return new Intl.DateTimeFormat(localeOf(lang), {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(at);
}

/** A span's start and end in `timeZone`, as `lang` writes them: "10:00–10:30". */
export function callHours(span: Span, timeZone: string, lang: string): string {
  const time = new Intl.DateTimeFormat(localeOf(lang), {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${time.format(span.start)}–${time.format(span.end)}`;
}

/**
 * A call's day and times in `timeZone`, as `lang` writes them, the zone named.
 *
 * @example callTime(span, 'Europe/London', 'en') // 'Tuesday, 1 December 2026, 10:00–10:30 Europe/London'
 */
export const callTime = (span: Span, timeZone: string, lang: string): string =>
  `${callDay(span.start, timeZone, lang)}, ${callHours(span, timeZone, lang)} ${timeZone}`;

/**
 * The meta entry's value of a call booked with `host`, in `lang` with its `words`.
 *
 * @example callValue(span, 'Europe/London', 'en', ENGLISH, 'ann@firm.example')
 *   // '2026-12-01T10:00:00Z (Tuesday, 1 December 2026, 10:00–10:30 Europe/London, with ann@firm.example)'
 */
export function callValue(
  span: Span,
  timeZone: string,
  lang: string,
  words: Strings,
  host: string,
): string {
  const withHost = formatMessage(words['booking.with'], { host });
  return `${isoStart(span.start)} (${callTime(span, timeZone, lang)}, ${withHost})`;
}

/**
 * The meta entry's value of preferred times the visitor wrote.
 *
 * @example preferredValue('Any weekday morning', ENGLISH) // 'Preferred times: Any weekday morning'
 */
export const preferredValue = (text: string, words: Strings): string =>
  formatMessage(words['booking.preferred'], { text: text.trim() });

/** What the host's calendar says of a call: its title, and its text. */
export function eventWords(
  words: Strings,
  enquiry: { reference: string; name: string; caseType: string; email: string; telephone: string },
  link?: string,
): { summary: string; description: string } {
  const lines = [
    formatMessage(words['booking.eventText'], {
      caseType: enquiry.caseType,
      reference: enquiry.reference,
    }),
    enquiry.email,
    enquiry.telephone,
    link ?? '',
  ];
  return {
    summary: formatMessage(words['booking.eventTitle'], { name: enquiry.name }),
    description: lines.filter((line) => line.trim() !== '').join('\n'),
  };
}
