/**
 * What follows a booked call, in the configuration's `booking` (and a team's, which may set each
 * of its own: `docs/booking.md`, "Reminders and the meeting link"): `reminders`, the durations
 * before a call at which its visitor is emailed a reminder (`["24h", "1h"]` by default, minutes
 * as `"30m"`, `[]` for none); `hostReminders`, whether the host gets the same (off by default);
 * and `meeting`, where the call happens: a link with a room of its own per call
 * (`{"link": "https://meet.jit.si/marsh-pell-{room}"}`), or an online meeting the host's calendar
 * makes (`{"provider": "teams"}` or `"meet"`). Without `meeting` the call is by telephone.
 * Proxy only (zod).
 */
import { z } from 'zod';

/** The online meetings a host's calendar makes: Microsoft Teams (Graph), Google Meet. */
export const MEETING_PROVIDERS = ['teams', 'meet'] as const;
/** One of `MEETING_PROVIDERS`. */
export type MeetingProvider = (typeof MEETING_PROVIDERS)[number];

/** Where each call's own room goes in a meeting link. */
export const ROOM_PLACEHOLDER = '{room}';

const DURATION = /^(\d{1,5})(h|m)$/;
const MINUTE_MS = 60_000;
/** The longest a reminder may come before its call: a month. */
const LONGEST_BEFORE_MS = 30 * 24 * 60 * MINUTE_MS;

/**
 * A duration before a call, `"24h"` or `"30m"`, in milliseconds; undefined when it is not one.
 *
 * @example durationMs('90m') // 5_400_000
 */
export function durationMs(text: string): number | undefined {
  const match = DURATION.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * (match[2] === 'h' ? 60 : 1) * MINUTE_MS;
}

const reminder = z.string().superRefine((text, ctx) => {
  const ms = durationMs(text);
  if (ms === undefined)
    ctx.addIssue({
      code: 'custom',
      message: `"${text}" is not a duration before the call, like "24h" or "30m"`,
    });
  else if (ms < MINUTE_MS || ms > LONGEST_BEFORE_MS)
    ctx.addIssue({ code: 'custom', message: `"${text}" must be from 1 minute to 720 hours` });
});

/** `reminders`: a few distinct durations before the call. */
const remindersSchema = z
  .array(reminder)
  .max(5, 'at most five reminders')
  .refine(
    (list) => new Set(list.map((text) => durationMs(text))).size === list.length,
    'names the same time twice',
  );

/** True for a meeting link with its room: `https://`, `{room}` in it, an address once filled. */
function roomLinkProblem(link: string): string | undefined {
  if (!link.includes(ROOM_PLACEHOLDER))
    return `must hold ${ROOM_PLACEHOLDER}, where each call's own room goes, like "https://meet.jit.si/marsh-pell-${ROOM_PLACEHOLDER}"`;
  try {
    const url = new URL(link.replaceAll(ROOM_PLACEHOLDER, 'room'));
    if (url.protocol !== 'https:') return 'must start with https://';
    if (url.username || url.password) return 'must not hold a user name or password';
  } catch {
    return 'must be a web address, like "https://meet.jit.si/marsh-pell-{room}"';
  }
  return undefined;
}

/** `meeting`: a link with a room per call, or a meeting the host's calendar makes. */
const meetingSchema = z.union(
  [
    z.strictObject({
      link: z
        .string()
        .max(500)
        .superRefine((link, ctx) => {
          const problem = roomLinkProblem(link);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
    }),
    z.strictObject({ provider: z.enum(MEETING_PROVIDERS) }),
  ],
  { error: 'must be {"link": "https://…{room}"} or {"provider": "teams"} or {"provider": "meet"}' },
);

/** The parsed `meeting`. */
export type Meeting = z.output<typeof meetingSchema>;

/** The reminders' default: a day and an hour before the call. */
const DEFAULT_REMINDERS: readonly string[] = Object.freeze(['24h', '1h']);

/** The keys of a form's `booking` about what follows the booking, with their defaults. */
export const afterCallShape = {
  reminders: remindersSchema.default([...DEFAULT_REMINDERS]),
  hostReminders: z.boolean().default(false),
  meeting: meetingSchema.optional(),
};

/** The same keys in a team's `booking`, each replacing the form's. */
export const teamAfterCallShape = {
  reminders: remindersSchema.optional(),
  hostReminders: z.boolean().optional(),
  meeting: meetingSchema.optional(),
};
