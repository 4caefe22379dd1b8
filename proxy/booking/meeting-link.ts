/**
 * Where a call happens (`docs/booking.md`, "Reminders and the meeting link"): with `booking.meeting`
 * a link, each call a room of its own (`{room}`, a random id of 20 letters and digits made when
 * it is booked and kept with it through every move); without it, by telephone. Said alike by the
 * confirmation, the reminders, the invitation (LOCATION, URL) and the lead's page.
 */
import { randomInt } from 'node:crypto';
import { formatMessage } from '../contract/messages.ts';
import {
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
 * Where a call with `meetingUrl` (null: none yet) happens, in `words`: the link to join it; the
 * link to follow, where its host's calendar makes its meeting (`provider`) and has not given it
 * yet; or the telephone, with the number the visitor gave where they gave one.
 *
 * @example callPlace(ENGLISH, null, '07400 123456').text // 'By telephone: we will call you on 07400 123456.'
 */
export function callPlace(
  words: Strings,
  meetingUrl: string | null,
  telephone = '',
  provider: MeetingProvider | null = null,
): CallPlace {
  if (meetingUrl) return { text: words['call.joinAt'], link: meetingUrl };
  if (provider) return { text: words['call.linkFollows'] };
  const number = telephone.trim();
  return {
    text: number
      ? formatMessage(words['call.byTelephone'], { telephone: number })
      : words['call.byTelephoneNoNumber'],
  };
}

/** What the visitor's invitation says of where: the link (LOCATION and URL), to follow, or by telephone. */
export const invitationPlace = (
  words: Strings,
  meetingUrl: string | null,
  provider: MeetingProvider | null = null,
) =>
  meetingUrl
    ? { location: meetingUrl, url: meetingUrl }
    : { location: words[provider ? 'call.locationOnline' : 'call.locationTelephone'] };
