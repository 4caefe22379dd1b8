/**
 * Meetings made by hosts' own calendars (`docs/booking.md`, "Reminders and the meeting link"):
 * `"meeting": {"provider": "teams"}` is made by a host's Microsoft 365 calendar, `"meet"` by a
 * Google one. A call goes to a meeting only where every host it may go to keeps a calendar of
 * that kind; otherwise it is by telephone from the start, and its words say so. Which hosts
 * cannot make their meetings the proxy says at each start (`meetingHostsNotice`), the studio
 * before a publish (`providerNotice`).
 */
import {
  MEETING_PROVIDERS,
  type Meeting,
  type MeetingProvider,
} from '../contract/schemas/after-call.ts';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import type { CalendarKind } from '../outbox/calendar-write.ts';
import { teamHosts } from './booking-hosts.ts';

/** The kind of calendar that makes each provider's meetings. */
export const MEETING_KINDS: Readonly<Record<MeetingProvider, CalendarKind>> = Object.freeze({
  teams: 'microsoft',
  meet: 'google',
});

/** Each provider's meetings by the name staff know them by. */
export const MEETING_PROVIDER_NAMES: Readonly<Record<MeetingProvider, string>> = Object.freeze({
  teams: 'Microsoft Teams',
  meet: 'Google Meet',
});

const PROVIDER_NAMES: Readonly<Record<MeetingProvider, string>> = {
  teams: 'Microsoft Teams meetings, made in each host’s Microsoft 365 calendar',
  meet: 'Google Meet meetings, made in each host’s Google calendar',
};

/**
 * The provider whose meeting a new call asks of its host's calendar: `meeting`'s, where every
 * one of `hosts` (those it may go to) keeps a calendar that makes it (`kindOf`: as last listed);
 * undefined otherwise (a room link, or by telephone).
 *
 * @example meetingProviderFor({ provider: 'teams' }, ['ann@firm.example'], () => 'microsoft') // 'teams'
 */
export function meetingProviderFor(
  meeting: Meeting | undefined,
  hosts: readonly string[],
  kindOf: (host: string) => CalendarKind | undefined,
): MeetingProvider | undefined {
  if (!meeting || !('provider' in meeting)) return undefined;
  const kind = MEETING_KINDS[meeting.provider];
  return hosts.length > 0 && hosts.every((host) => kindOf(host) === kind)
    ? meeting.provider
    : undefined;
}

/** `value` as a record to read keys of (anything else reads as one without keys). */
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/**
 * What the proxy says at start and the studio above the booking's fields when `config` (parsed,
 * or a draft as written) asks hosts' calendars for meetings (`"meeting": {"provider": …}`, the
 * form's or a team's): which calendar makes them, and that a host without one takes calls by
 * telephone. Undefined when nothing asks.
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
  return `booking.meeting asks for ${names.join(', and ')}: each call’s link is read back from its host’s calendar and emailed to the visitor. A call that may go to a host whose calendar cannot make it (CalDAV, or none connected) is by telephone, and its emails say so (docs/booking.md, “Reminders and the meeting link”).`;
}

/**
 * The hosts `config` asks for a provider's meetings whose calendar (`kinds`: each host's
 * connected calendar's kind) cannot make them, in words for the log at start; undefined when
 * every host's can.
 *
 * @example meetingHostsNotice(config, new Map([['ann@firm.example', 'caldav']]))
 *   // 'booking.meeting asks for Microsoft Teams meetings, but these hosts' calendars cannot make them: ann@firm.example (CalDAV calendar)…'
 */
export function meetingHostsNotice(
  config: FormConfig,
  kinds: ReadonlyMap<string, CalendarKind>,
): string | undefined {
  const teams = config.routing ? Object.keys(config.routing.teams) : [null];
  const lacking = new Map<string, string>();
  for (const team of teams) {
    const hosts = teamHosts(config, team);
    const meeting = hosts?.rules.meeting;
    if (!hosts || !meeting || !('provider' in meeting)) continue;
    for (const host of hosts.people)
      if (kinds.get(host) !== MEETING_KINDS[meeting.provider])
        lacking.set(host, `${host} (${kinds.get(host) ?? 'no calendar connected'})`);
  }
  if (lacking.size === 0) return undefined;
  return `booking.meeting asks hosts' calendars for meetings, but these cannot make them: ${[...lacking.values()].join(', ')}. The calls that may go to them are by telephone, and their emails say so (docs/booking.md, “Reminders and the meeting link”).`;
}
