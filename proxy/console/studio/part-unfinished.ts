/**
 * The studio's page for unfinished enquiries (`docs/unfinished.md`, the configuration's
 * `unfinished`): whether the form offers the box "Keep what I have typed…", how many days a
 * record is kept after its last change, and after how many hours the one reminder goes, when a
 * visitor asks for one. The problems beside its fields are the schema's own
 * (`contract/schemas/unfinished.ts`), placed by the studio as every block's are. The box's words
 * are the product's, in each language of the form; a form's own are its strings (the
 * translation page).
 */
import { unfinishedSchema } from '../../contract/schemas/unfinished.ts';
import type { Field } from './fields.ts';
import { switchedOff, switchedView, turnedOn } from './part-emails.ts';
import { at } from './raw-config.ts';

const DEFAULT_KEEP_DAYS = unfinishedSchema.parse({}).keepDays;

/** The page's fields. */
export const unfinishedFields = (): Field[] => [
  turnedOn(
    'keep',
    'Offer “Keep what I have typed” on the form',
    'Once an email address or telephone number is typed, an unticked box; nothing typed leaves the visitor’s page until they tick it.',
  ),
  {
    kind: 'number',
    path: ['keepDays'],
    label: 'Days a record is kept after its last change',
    unit: 'days',
    hint: `1 to 30. Left empty: ${String(DEFAULT_KEEP_DAYS)}.`,
  },
  {
    kind: 'number',
    path: ['remindAfterHours'],
    label: 'One reminder by email, when asked for, after',
    unit: 'hours',
    hint: 'Fractions allowed; less than the days kept. Left empty: no reminder is offered.',
  },
];

/** The block as the page reads it: with whether it is offered. */
export const unfinishedView = switchedView('keep');

/** The block as the file holds it: none when not offered. */
export const unfinishedStored = (view: unknown): unknown => switchedOff(view, 'keep');

/** Its line on the form's page. */
export function unfinishedSummary(config: unknown, visitorEmail: boolean): string {
  if (at(config, ['unfinished']) === undefined) return 'Not offered';
  const days = at(config, ['unfinished', 'keepDays']);
  const kept = `Kept ${String(typeof days === 'number' ? days : DEFAULT_KEEP_DAYS)} days`;
  const hours = at(config, ['unfinished', 'remindAfterHours']);
  if (typeof hours !== 'number') return `${kept}, no reminder`;
  return visitorEmail
    ? `${kept}, a reminder after ${String(hours)} hours`
    : `${kept}; a reminder asked for, but not offered: this proxy has no mailer`;
}
