/**
 * How the funnel's pages name things: counts with thousands separated, shares as percentages
 * to a tenth, a case type by its label, and the empty campaign or variant as "(none)". One place,
 * so the overview's summary, the tables and the sentences say the same.
 */
import type { FormConfig } from '../../contract/schemas/form-config.ts';
import { OTHER } from '../../funnel/funnel-report.ts';
import type { CallStage, Stage, UnfinishedStage } from '../../funnel/funnel-summary.ts';

/** A count as people read it: 1,200. */
export const count = (n: number) => n.toLocaleString('en-GB');

/** `n` and its noun, one or many: "1 send", "4 sends". */
export { counted } from '../../contract/plurals.ts';

/**
 * The starts a group lacks to be shown, in words: "fewer than 10 starts", and where one start is
 * enough (`FUNNEL_MIN_COUNT=1`, as the demo sets it) "no starts", never "fewer than 1 starts".
 */
export const fewerStarts = (minCount: number) =>
  minCount <= 1 ? 'no starts' : `fewer than ${count(minCount)} starts`;

/** A share (0 to 1) as a percentage to a tenth, or a dash when there is nothing to share. */
export const percent = (share: number | undefined) =>
  share === undefined ? '–' : `${(share * 100).toFixed(1)}%`;

/** `part` of `whole` as a percentage, or a dash when `whole` is nothing. */
export const shareOf = (part: number, whole: number) =>
  percent(whole > 0 ? part / whole : undefined);

/** Each step's name in a heading or a table's column. */
export const STAGE_WORDS: Readonly<Record<Stage, string>> = {
  views: 'Views',
  starts: 'Starts',
  sends: 'Sends',
  delivered: 'Delivered',
};

/** Each of the call's steps in a table's column or row. */
export const CALL_WORDS: Readonly<Record<CallStage, string>> = {
  offered: 'Times offered',
  booked: 'Calls booked',
  cancelled: 'Calls cancelled',
  attended: 'Calls that took place',
  noShow: 'Calls the visitor missed',
};

/** Each of an unfinished enquiry's steps in a table's column or row. */
export const UNFINISHED_WORDS: Readonly<Record<UnfinishedStage, string>> = {
  keptUnfinished: 'Kept unfinished',
  finishedLater: 'Finished later',
};

/** What each step past a view means, in a sentence ("turned 9.5% of its views into …"). */
export const STAGE_DEEDS: Readonly<Record<Exclude<Stage, 'views'>, string>> = {
  starts: 'started forms',
  sends: 'sent enquiries',
  delivered: 'delivered enquiries',
};

/** The row small groups are merged into, as the page names it. */
export const MERGED_NAME = 'other (small groups merged)';

/** A campaign or a variant as the page shows it. */
export const keyName = (value: string) =>
  value === '' ? '(none)' : value === OTHER ? MERGED_NAME : value;

/** A case type by its label in the form, else its id. */
export const caseTypeName = (config: FormConfig, id: string) =>
  config.caseTypes.find((caseType) => caseType.id === id)?.label ?? keyName(id);

/**
 * A question by its label in its case type (or any case type); one the form no longer has (its
 * counts stay for the days it was asked) by its id, said so.
 */
export function questionName(config: FormConfig, caseType: string, id: string): string {
  const own = config.caseTypes.find((type) => type.id === caseType);
  const found =
    own?.questions.find((question) => question.id === id) ??
    config.caseTypes.flatMap((type) => type.questions).find((question) => question.id === id);
  return found?.label ?? `${id} (no longer on the form)`;
}
