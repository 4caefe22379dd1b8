/**
 * What follows a booked call (`booking.reminders`, `hostReminders`, `meeting`: `docs/booking.md`,
 * "Reminders and the meeting link") as the studio's booking boxes edit it, the form's and a
 * team's alike. The file keeps `meeting` as an object (`{"link": …}` or `{"provider": …}`); the
 * page has a choice of where the call happens and a box for the link (`meetingLink`), and
 * writes the object back (`afterCallStored`). The reminders are a box of one duration a line,
 * `none` for none (the file's `[]`), left empty for the default. Every problem is the config
 * schema's own (`contract/schemas/after-call.ts`), said beside the box it is about.
 */
import type { Field } from './fields.ts';
import { isRecord, listAt, type JsonObject, type Path } from './raw-config.ts';

/** The word the reminders' box says no reminders with (the file's `[]`). */
const NO_REMINDERS = 'none';
/** The page's own key for the meeting link's box, beside the `meeting` choice. */
const MEETING_LINK = 'meetingLink';
const PROVIDERS = ['teams', 'meet'] as const;

/** The boxes of what follows a call: the form's (`team` false) or a team's. */
export function afterCallFields(team: boolean): Field[] {
  const empty = (fallback: string) => (team ? ' Left empty: the form’s.' : fallback);
  return [
    {
      kind: 'text',
      path: ['reminders'],
      label: 'Reminders to the visitor before the call',
      hint: `One a line, like 24h or 30m (1 minute to 720 hours, at most five); “${NO_REMINDERS}” for none.${empty(' Left empty: 24h and 1h.')}`,
      lines: 2,
      code: true,
    },
    {
      kind: 'choice',
      path: ['hostReminders'],
      label: 'The host gets the same reminders',
      choices: [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ],
      ...(team ? { none: 'The form’s' } : {}),
    },
    {
      kind: 'choice',
      path: ['meeting'],
      label: 'Where the call happens',
      choices: [
        {
          value: 'link',
          label: 'A meeting link, a room of its own for each call',
          hint: 'Write the link below, with {room} where each call’s room goes.',
        },
        {
          value: 'teams',
          label: 'Microsoft Teams, made in the host’s Microsoft 365 calendar',
        },
        { value: 'meet', label: 'Google Meet, made in the host’s Google calendar' },
      ],
      none: team ? 'The form’s' : 'By telephone: the firm calls the visitor',
    },
    {
      kind: 'text',
      path: [MEETING_LINK],
      label: 'The meeting link',
      hint: 'Like https://meet.jit.si/marsh-pell-{room}: {room} becomes a random id of 20 letters and digits, kept with the call through every move.',
      type: 'url',
      code: true,
    },
  ];
}

/** `block`'s keys of what follows a call as the page reads them (`team`: a team's block). */
export function afterCallView(block: JsonObject, team: boolean): JsonObject {
  const view: JsonObject = { ...block };
  if (Array.isArray(block.reminders))
    view.reminders =
      block.reminders.length === 0
        ? NO_REMINDERS
        : listAt(block, ['reminders']).map(String).join('\n');
  if (typeof block.hostReminders === 'boolean')
    view.hostReminders = block.hostReminders ? 'yes' : 'no';
  else if (!team) view.hostReminders = 'no';
  const meeting = block.meeting;
  if (isRecord(meeting) && typeof meeting.link === 'string' && Object.keys(meeting).length === 1) {
    view.meeting = 'link';
    view[MEETING_LINK] = meeting.link;
  } else if (
    isRecord(meeting) &&
    PROVIDERS.some((provider) => provider === meeting.provider) &&
    Object.keys(meeting).length === 1
  )
    view.meeting = String(meeting.provider);
  // Any other `meeting` stays as the file has it, no choice ticked, for the schema to name.
  return view;
}

/** The lines of a box, each trimmed, the empty left out. */
const linesOf = (typed: string) =>
  typed
    .split(/[\n,;]/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The page's keys of what follows a call as the file holds them (undefined: left out). */
export function afterCallStored(view: JsonObject, team: boolean): JsonObject {
  const { [MEETING_LINK]: typedLink, ...rest } = view;
  const block: JsonObject = rest;
  if (typeof view.reminders === 'string') {
    const lines = linesOf(view.reminders);
    block.reminders =
      lines.length === 1 && lines[0]?.toLowerCase() === NO_REMINDERS
        ? []
        : lines.length > 0
          ? lines
          : undefined;
  }
  // The form's default is off: "No" leaves the key out there, and says false in a team's.
  if (view.hostReminders === 'yes') block.hostReminders = true;
  else if (view.hostReminders === 'no') block.hostReminders = team ? false : undefined;
  else if (typeof view.hostReminders !== 'boolean') block.hostReminders = undefined;
  const link = typeof typedLink === 'string' ? typedLink.trim() : '';
  if (view.meeting === 'link') block.meeting = { link };
  else if (view.meeting === 'teams' || view.meeting === 'meet')
    block.meeting = { provider: view.meeting };
  else if (!isRecord(view.meeting)) block.meeting = undefined;
  return block;
}

/** A problem's place under `meeting` or `reminders` as the page lists it; undefined: not one. */
export function afterCallViewPath(path: Path): Path | undefined {
  const [top, key] = path;
  if (top === 'reminders') return ['reminders'];
  if (top === 'meeting') return key === 'link' ? [MEETING_LINK] : ['meeting'];
  return undefined;
}
