/**
 * Who a call is booked with, and by which rules (`docs/booking.md`, "The configuration"): the
 * people of the team the routing rules choose for what the visitor has answered so far, with the
 * form's `booking` under the team's own keys; or, without routing, the form's `booking.people`.
 * The slots offered (`slot-finder.ts`) and the booking taken (`intake/call-booking.ts`) ask here alike,
 * so a time is offered by the hosts who would take it.
 */
import { durationMs, type Meeting } from '../contract/schemas/after-call.ts';
import { readHours, type WeekHours } from '../contract/schemas/booking.ts';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import { chooseTeam, type LeadFacts } from '../routing/choose-team.ts';

/** The rules a team's calls follow, read once: hours per weekday, in the zone. */
export interface BookingRules {
  timeZone: string;
  minutes: number;
  bufferMinutes: number;
  /** Opening times per weekday, Monday first (minutes after midnight). */
  week: WeekHours;
  noticeHours: number;
  horizonDays: number;
  closed: ReadonlySet<string>;
  /** How often a visitor may move their own call (`booking.visitorMoves`). */
  visitorMoves: number;
  /** How long before its start a visitor may still move it (`moveNoticeHours`, else the notice). */
  moveNoticeHours: number;
  /** Tells these rules apart from another team's in a cache key. */
  key: string;
  /** What follows a booking (`schemas/after-call.ts`): reminders, in ms before the call, latest first. */
  reminders: readonly number[];
  hostReminders: boolean;
  /** Where the call happens: a link with a room per call, a provider's meeting, or by telephone. */
  meeting: Meeting | undefined;
}

/** The hosts of a call, and how they take turns. */
export interface BookingHosts {
  /** The team chosen by routing; null without routing. */
  team: string | null;
  /** The hosts in the configuration's order, in lower case (as people are kept everywhere). */
  people: readonly string[];
  /** True when the team takes leads in turn: its calls are offered to the next person first. */
  roundRobin: boolean;
  rules: BookingRules;
}

/** Rules read from a configuration, kept by the block they were read from. */
const read = new WeakMap<object, BookingRules>();

/** The form's `booking` with `team`'s keys over it, read into rules (once per pair of blocks). */
function rulesOf(booking: NonNullable<FormConfig['booking']>, team?: object): BookingRules {
  const cacheKey = team ?? booking;
  const known = read.get(cacheKey);
  if (known) return known;
  const merged = { ...booking, ...team };
  const reading = readHours(merged.hours);
  if (reading.problems) throw new Error('booking hours were checked when the form was parsed');
  const rules: BookingRules = {
    timeZone: merged.timeZone,
    minutes: merged.minutes,
    bufferMinutes: merged.bufferMinutes,
    week: reading.week,
    noticeHours: merged.noticeHours,
    horizonDays: merged.horizonDays,
    closed: new Set(merged.closed),
    visitorMoves: merged.visitorMoves,
    // The notice to book is the notice to move, unless the form or the team says otherwise.
    moveNoticeHours: merged.moveNoticeHours ?? merged.noticeHours,
    key: JSON.stringify([
      merged.timeZone,
      merged.minutes,
      merged.bufferMinutes,
      merged.hours,
      merged.noticeHours,
      merged.horizonDays,
      merged.closed,
    ]),
    reminders: merged.reminders.map((text) => durationMs(text) ?? 0).sort((a, b) => b - a),
    hostReminders: merged.hostReminders,
    meeting: merged.meeting,
  };
  read.set(cacheKey, rules);
  return rules;
}

/**
 * The hosts of `caseType`'s appointment for a visitor whose answers so far are `facts`; undefined
 * when the form books no calls.
 *
 * @example bookingHosts(config, facts)?.people // ['ann@firm.example', 'bob@firm.example']
 */
export function bookingHosts(config: FormConfig, facts: LeadFacts): BookingHosts | undefined {
  const team = config.routing ? chooseTeam(config.routing, facts).team : null;
  return teamHosts(config, team);
}

/**
 * The hosts of a call given to `team` (null: the form routes no leads), by the configuration
 * served now: a booked call moved is offered the times of the people who would take it now.
 * Undefined when the form books no calls, or no longer has that team.
 *
 * @example teamHosts(config, 'high-value')?.people // ['hal@firm.example']
 */
export function teamHosts(config: FormConfig, id: string | null): BookingHosts | undefined {
  const { booking, routing } = config;
  if (!booking) return undefined;
  if (!routing)
    return {
      team: null,
      people: (booking.people ?? []).map((person) => person.toLowerCase()),
      roundRobin: false,
      rules: rulesOf(booking),
    };
  const team = id === null ? undefined : routing.teams[id];
  if (!team || id === null) return undefined;
  return {
    team: id,
    people: team.people.map((person) => person.toLowerCase()),
    roundRobin: team.roundRobin,
    rules: rulesOf(booking, team.booking),
  };
}

/** The appointment question of `caseType`, if it asks one. */
export const appointmentOf = (config: FormConfig, caseType: string) =>
  config.caseTypes
    .find((each) => each.id === caseType)
    ?.questions.find((question) => question.type === 'appointment');
