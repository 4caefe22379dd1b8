/**
 * The configuration's `unfinished` block (issue 87, `docs/unfinished.md`): unfinished enquiries,
 * kept only with the visitor's say-so. With it, the form offers a box, unticked, once an email
 * address or telephone number is typed: "Keep what I have typed…". `keepDays` is how long a
 * record lives after its last change; with `remindAfterHours` (fractions allowed), a visitor who
 * typed an email address may also ask for one reminder that long after their last change (it
 * needs the confirmation mailer, as saved enquiries do). Proxy only (zod).
 */
import { z } from 'zod';

/** How long a record lives after its last change unless the configuration says. */
const DEFAULT_KEEP_DAYS = 7;

/** The block; `{}` keeps records a week and offers no reminder. */
export const unfinishedSchema = z
  .strictObject({
    /** Days a record is kept after its last change: 1 to 30. */
    keepDays: z.number().int().min(1).max(30).default(DEFAULT_KEEP_DAYS),
    /** Hours after the last change that the one reminder goes, when asked for. */
    remindAfterHours: z.number().positive().max(720).optional(),
  })
  .refine(
    (block) => block.remindAfterHours === undefined || block.remindAfterHours < block.keepDays * 24,
    {
      message: 'remindAfterHours must be less than keepDays in hours: the record is gone by then',
      path: ['remindAfterHours'],
    },
  );

/** A parsed `unfinished` block. */
export type UnfinishedConfig = z.output<typeof unfinishedSchema>;
