/**
 * Where a call happens (`docs/booking.md`, "Reminders and the meeting link"): with `booking.meeting`
 * a link, each call a room of its own (`{room}`, a random id of 20 letters and digits made when
 * it is booked and kept with it through every move); without it, by telephone. Said alike by the
 * confirmation, the reminders, the invitation (LOCATION, URL) and the lead's page.
 */
import { randomInt } from 'node:crypto';
import { formatMessage } from '../contract/messages.ts';
import {
  MEETING_PROVIDERS,
  ROOM_PLACEHOLDER,
  type Meeting,
  type MeetingProvider,
} from '../contract/schemas/after-call.ts';
import type { Strings } from '../contract/strings/english.ts';

/** A room's length: 20 of 36 letters and digits, about 103 bits, never guessed. */
const ROOM_LENGTH = 20;
const ROOM_LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A new room's id: lower-case letters and digits, safe in any address. */
const newRoom = (): string =>
  Array.from({ length: ROOM_LENGTH }, () => ROOM_LETTERS[randomInt(ROOM_LETTERS.length)]).join('');

/**
 * The link of a new call's meeting by `meeting`, its room new; none for a call by telephone (no
 * `meeting`), nor where the host's calendar makes the meeting (a provider: its link is the
 * calendar's to give).
 *
 * @example meetingLinkFor({ link: 'https://meet.jit.si/marsh-pell-{room}' })
 *   // 'https://meet.jit.si/marsh-pell-k3x9…'
 */
export function meetingLinkFor(meeting: Meeting | undefined): string | undefined {
  if (!meeting || !('link' in meeting)) return undefined;
  return meeting.link.replaceAll(ROOM_PLACEHOLDER, newRoom());
}

/** The longest join link kept from a calendar's answer (Teams' run to about 300 characters). */
const LONGEST_JOIN_LINK = 2_000;

/**
 * A join link a calendar answered (`joinUrl`, `hangoutLink`) as one to keep and send to a visitor:
 * an `https://` address without a user name or password, of a sensible length; undefined for
 * anything else, so a hostile or broken answer never reaches an email.
 *
 * @example joinLinkFrom('https://meet.google.com/abc-defg-hij') // 'https://meet.google.com/abc-defg-hij'
 */
export function joinLinkFrom(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > LONGEST_JOIN_LINK) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.username && !url.password ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Where a call happens, as its visitor reads it: a line, and the link to open. */
export interface CallPlace {
  text: string;
  link?: string;
}

/**
 * Where a call with `meetingUrl` (null: by telephone) happens, in `words`: the link to join it,
 * or the telephone, with the number the visitor gave where they gave one.
 *
 * @example callPlace(ENGLISH, null, '07700 900123').text // 'By telephone: we will call you on 07700 900123.'
 */
export function callPlace(words: Strings, meetingUrl: string | null, telephone = ''): CallPlace {
  if (meetingUrl) return { text: words['call.joinAt'], link: meetingUrl };
  const number = telephone.trim();
  return {
    text: number
      ? formatMessage(words['call.byTelephone'], { telephone: number })
      : words['call.byTelephoneNoNumber'],
  };
}

/** What the visitor's invitation says of where: the link (LOCATION and URL), or by telephone. */
export const invitationPlace = (words: Strings, meetingUrl: string | null) =>
  meetingUrl
    ? { location: meetingUrl, url: meetingUrl }
    : { location: words['call.locationTelephone'] };

const PROVIDER_NAMES: Readonly<Record<MeetingProvider, string>> = {
  teams: 'Microsoft Teams meetings, made in each host’s Microsoft 365 calendar',
  meet: 'Google Meet meetings, made in each host’s Google calendar',
};

/** `value` as a record to read keys of (anything else reads as one without keys). */
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/**
 * What the proxy says at start and the studio above the booking's fields when `config` (parsed,
 * or a draft as written) asks a host's calendar for its meetings (`"meeting": {"provider": …}`,
 * the form's or a team's): which calendar makes them, and that this proxy makes none yet, so
 * those calls are by telephone and every email says so. Undefined when nothing asks.
 */
export function providerNotice(config: unknown): string | undefined {
  const routing = record(record(config).routing);
  const bookings = [
    record(config).booking,
    ...Object.values(record(routing.teams)).map((team) => record(team).booking),
  ];
  const asked = new Set(bookings.map((booking) => record(record(booking).meeting).provider));
  const names = MEETING_PROVIDERS.filter((provider) => asked.has(provider)).map(
    (provider) => PROVIDER_NAMES[provider],
  );
  if (names.length === 0) return undefined;
  return `booking.meeting asks for ${names.join(', and ')}: this proxy does not make them yet, so these calls are by telephone, and the confirmation, the invitation and the reminders say so. Give "meeting" a link with {room} instead (docs/booking.md, “Reminders and the meeting link”).`;
}
