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

/** The zones a call is read in: the firm's (its rules'), and its visitor's where known. */
export interface CallZones {
  timeZone: string;
  /** The visitor's own zone, as their widget said it; absent or null when it did not. */
  visitorZone?: string | null | undefined;
}

/** The zone its visitor reads a call in: their own where their widget said it, else the firm's. */
const visitorZoneOf = (zones: CallZones): string => zones.visitorZone ?? zones.timeZone;

/**
 * A call's day and times as its visitor reads them (every email about it, its page, the sent
 * panel's words and the reminders before it): on their own clock where their widget said it,
 * with the firm's beside it in brackets where the two clocks read differently then (its day too
 * where that differs); on the firm's clock alone otherwise. Each zone is named.
 *
 * @example visitorCallTime(span, { timeZone: 'Europe/London', visitorZone: 'America/New_York' }, 'en')
 *   // 'Tuesday, 1 December 2026, 05:00–05:30 America/New_York (10:00–10:30 Europe/London)'
 */
export function visitorCallTime(span: Span, zones: CallZones, lang: string): string {
  const theirs = visitorZoneOf(zones);
  const firm = zones.timeZone;
  const own = callTime(span, theirs, lang);
  const firmHours = callHours(span, firm, lang);
  const sameDay = callDay(span.start, theirs, lang) === callDay(span.start, firm, lang);
  if (sameDay && callHours(span, theirs, lang) === firmHours) return own;
  return `${own} (${sameDay ? `${firmHours} ${firm}` : callTime(span, firm, lang)})`;
}

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

/**
 * What the visitor's calendar says of their call, in their `words`: its title, and its text (the
 * link to its page). The invitation their confirmation carries and the file their call's page
 * offers say the same.
 */
export const invitationWords = (words: Strings, reference: string, link: string) => ({
  summary: formatMessage(words['call.invitationTitle'], { reference }),
  description: `${words['call.emailChange']}\n${link}`,
});

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
