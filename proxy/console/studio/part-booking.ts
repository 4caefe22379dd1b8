/**
 * Booking a call (`"booking"`, `docs/booking.md`) as the studio edits it: the form's block on a
 * page of its own (whether calls are offered, the firm's time zone, each weekday's opening
 * hours, the call's length, the buffer, the notice, how many days ahead, how often and how late a
 * visitor may move their call, the reminders and where the call happens (`part-after-call.ts`),
 * the days closed, and the hosts when leads are not routed to teams), and a team's own keys on the routing page
 * (`routing.teams.<id>.booking`, each left empty to follow the form's). The file names days by
 * key (`mon-fri`); the page has a box per weekday (`view`), and writes the days back with the
 * same hours joined again (`stored`), so a file's `"mon-fri"` comes back as it was.
 */
import { daysOf, WEEKDAYS } from '../../contract/schemas/booking.ts';
import {
  afterCallFields,
  afterCallStored,
  afterCallView,
  afterCallViewPath,
} from './part-after-call.ts';
import type { Field } from './fields.ts';
import { turnedOn } from './part-emails.ts';
import { at, isRecord, listAt, shownAt, type JsonObject, type Path } from './raw-config.ts';

const DAY_WORDS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** A box of one item a line (closed days, hosts): the list's problems are said beside it. */
const LINES = ['closed', 'people'] as const;

/**
 * The fields of a booking block: the form's (`team` false), or a team's, each of whose keys left
 * empty is the form's.
 */
function bookingFields(team: boolean): Field[] {
  const empty = (fallback: string) => (team ? ' Left empty: the form’s.' : fallback);
  return [
    {
      kind: 'text',
      path: ['timeZone'],
      label: team ? 'The team’s time zone' : 'The firm’s time zone',
      hint: `An IANA time zone, like Europe/London: the hours and the days closed are read in it, right across summer time.${empty('')}`,
      code: true,
    },
    ...WEEKDAYS.map((day, i): Field => ({
      kind: 'text',
      path: ['hours', day],
      label: `${DAY_WORDS[i] ?? day}’s hours`,
      ...(i === 0
        ? {
            hint: `Like 09:00-17:00, or 09:00-12:30, 13:30-17:00 for two ranges; on the five-minute grid; 24:00 ends a day. Left empty, the day is closed.${team ? ' Every day left empty: the form’s hours.' : ''}`,
          }
        : {}),
      code: true,
    })),
    {
      kind: 'number',
      path: ['minutes'],
      label: 'How long a call is',
      unit: 'minutes',
      hint: `5 to 480, a multiple of 5.${empty('')}`,
    },
    {
      kind: 'number',
      path: ['bufferMinutes'],
      label: 'Kept free after each call',
      unit: 'minutes',
      hint: `0 to 240, a multiple of 5; the host’s own events are followed by it too.${empty(' Left empty: 0.')}`,
    },
    {
      kind: 'number',
      path: ['noticeHours'],
      label: 'The soonest a call may start',
      unit: 'hours from now',
      hint: `Fractions allowed.${empty(' Left empty: 2.')}`,
    },
    {
      kind: 'number',
      path: ['horizonDays'],
      label: 'How many days ahead',
      unit: 'days',
      hint: `Today counts as the first; 1 to 90.${empty(' Left empty: 14.')}`,
    },
    {
      kind: 'number',
      path: ['visitorMoves'],
      label: 'How often a visitor may move their call',
      unit: 'moves',
      hint: `From the call’s page, 0 to 20; past it the page gives the firm’s telephone and email, and still offers cancelling. Staff are not limited.${empty(' Left empty: 2.')}`,
    },
    {
      kind: 'number',
      path: ['moveNoticeHours'],
      label: 'The latest a visitor may move their call',
      unit: 'hours before it',
      hint: `Fractions allowed.${empty(' Left empty: the soonest a call may start, above.')}`,
    },
    ...afterCallFields(team),
    {
      kind: 'text',
      path: ['closed'],
      label: 'Days closed',
      hint: `Bank holidays and the like: one date a line, like 2026-12-25, in the firm’s zone.${empty('')}`,
      lines: 3,
      code: true,
    },
  ];
}

/** A team's own keys, under its `booking`, once the form offers calls at all. */
export const teamBookingFields = (config: unknown): Field[] =>
  isRecord(at(config, ['booking']))
    ? bookingFields(true).map((field) => ({ ...field, path: ['booking', ...field.path] }))
    : [];

/** The form's block: whether calls are offered, its rules, and its hosts without routing. */
export const formBookingFields = (routed: boolean): Field[] => [
  turnedOn(
    'offer',
    'Offer a call to book',
    'A question of the type “A time to talk” then offers the hosts’ free times. A team may have hours of its own, on the Teams and routing page.',
  ),
  ...bookingFields(false),
  hostsField(routed),
];

/** The form's block as its page reads it: with whether calls are offered. */
export const formBookingView = (block: unknown): JsonObject => ({
  ...bookingView(block, false),
  offer: block === undefined ? 'no' : 'yes',
});

/** The form's block as the file holds it: none when calls are not offered. */
export function formBookingStored(view: unknown): JsonObject | undefined {
  const { offer, ...block } = isRecord(view) ? view : {};
  return offer === 'no' ? undefined : bookingStored(block, false);
}

/** What the page says of `people` beside routing, which names each team's own. */
const hostsField = (routed: boolean): Field => ({
  kind: 'text',
  path: ['people'],
  label: 'The hosts’ email addresses',
  hint: routed
    ? 'The form routes leads to teams: each team’s people are its hosts. Leave this empty.'
    : 'One a line: the people a visitor may book a call with. Each call goes to one who is free.',
  lines: 3,
  code: true,
});

/**
 * A block as its page reads it (`team`: a team's): a box per weekday, a line per closed day and
 * host, and what follows a call as its boxes read it.
 */
export function bookingView(block: unknown, team: boolean): JsonObject {
  const view = afterCallView(isRecord(block) ? block : {}, team);
  const hours = at(block, ['hours']);
  if (isRecord(hours)) {
    const days: JsonObject = {};
    for (const [key, ranges] of Object.entries(hours)) {
      const named = daysOf(key);
      const words = [ranges].flat().map(String).join(', ');
      // A key the schema refuses has no box: it is kept as it is, for the schema to name.
      if (typeof named === 'string') days[key] = ranges;
      else for (const day of named) days[WEEKDAYS[day] ?? key] = words;
    }
    view.hours = days;
  }
  for (const key of LINES)
    if (Array.isArray(view[key])) view[key] = listAt(view, [key]).map(String).join('\n');
  return view;
}

/** `"09:00-12:00, 13:00-17:00"` as the file writes it: one range, or a list of them. */
function rangesOf(words: string): string | string[] {
  const ranges = words
    .split(/[,;\n]/)
    .map((range) => range.trim())
    .filter(Boolean);
  return ranges.length === 1 ? (ranges[0] ?? '') : ranges;
}

/** Each weekday's words as the file's keys: days in a row with the same hours joined (`mon-fri`). */
function hoursStored(days: unknown): JsonObject | undefined {
  const weekdays = new Set<string>(WEEKDAYS);
  const hours: JsonObject = Object.fromEntries(
    Object.entries(isRecord(days) ? days : {}).filter(([key]) => !weekdays.has(key)),
  );
  let from = 0;
  WEEKDAYS.forEach((day, i) => {
    const words = shownAt(days, [day]).trim();
    const next = shownAt(days, [WEEKDAYS[i + 1] ?? '']).trim();
    if (i + 1 < WEEKDAYS.length && next === words) return;
    if (words) hours[i === from ? day : `${WEEKDAYS[from] ?? day}-${day}`] = rangesOf(words);
    from = i + 1;
  });
  return Object.keys(hours).length > 0 ? hours : undefined;
}

/**
 * A block as the file holds it, from its page: keys left empty left out (a team's then follow the
 * form's); the form's hours kept, even empty (`{}`: no day open), since the schema needs them.
 */
export function bookingStored(view: unknown, team: boolean): JsonObject | undefined {
  const block = afterCallStored(isRecord(view) ? view : {}, team);
  const hours = hoursStored(block.hours);
  if (hours) block.hours = hours;
  else if (team) delete block.hours;
  else block.hours = {};
  for (const key of LINES) {
    const typed = block[key];
    if (typeof typed !== 'string') continue;
    const lines = typed
      .split(/[\n,;]/)
      .map((line) => line.trim())
      .filter(Boolean);
    block[key] = lines.length > 0 ? lines : undefined;
  }
  const kept = Object.entries(block).filter(([, value]) => value !== undefined);
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

/** A problem's place in the file (`hours.mon-fri`, `closed.2`) as the page lists it. */
export function bookingViewPath(path: Path): Path {
  const [top, key] = path;
  if (top === 'hours' && typeof key === 'string') {
    const named = daysOf(key);
    const first = typeof named === 'string' ? undefined : WEEKDAYS[named[0] ?? -1];
    return first ? ['hours', first] : ['hours'];
  }
  if (LINES.some((line) => line === top)) return [String(top)];
  return afterCallViewPath(path) ?? path;
}
