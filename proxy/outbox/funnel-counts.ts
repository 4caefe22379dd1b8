/**
 * The funnel's counters as the store keeps them: sums per day, case type, campaign and variant,
 * never a report, an address or a user agent (`docs/funnel.md`). What adds to them is a
 * `FunnelTally` (one form view's report, or the form without JavaScript's view or send); what
 * the marketer reads is `FunnelCell`s, summed over a period.
 */

/** Which counters a tally adds to. `day` is the UTC date, `YYYY-MM-DD`. */
export interface FunnelKey {
  day: string;
  caseType: string;
  campaign: string;
  variant: string;
}

/** What one question adds: flags of 0 or 1, and the code of the first error it met. */
export interface QuestionTally {
  id: string;
  shown: 0 | 1;
  answered: 0 | 1;
  left: 0 | 1;
  error?: string;
}

/** What one form view (or one step of the page without JavaScript) adds to its counters. */
export interface FunnelTally extends FunnelKey {
  views: 0 | 1;
  starts: 0 | 1;
  sends: 0 | 1;
  /**
   * The appointment question's free times were shown (left out: not); calls booked and
   * cancelled are counted by the outbox itself, with the booking and its cancel.
   */
  offered?: 0 | 1;
  questions: readonly QuestionTally[];
}

/** One question's counts over a period. */
export interface QuestionCounts {
  id: string;
  shown: number;
  answered: number;
  left: number;
  /** How many met each error code first. */
  errors: Record<string, number>;
}

/**
 * The counts of a cell, in the order a visitor takes the steps: the form's, the call's, then the
 * unfinished enquiry's.
 */
export const CELL_COUNTS = [
  'views',
  'starts',
  'sends',
  'delivered',
  'offered',
  'booked',
  'cancelled',
  'attended',
  'noShow',
  'keptUnfinished',
  'finishedLater',
] as const;
/** One of a cell's counts. */
export type CellCount = (typeof CELL_COUNTS)[number];

/** The column a count is kept in (`noShow` in `no_show`, `keptUnfinished` in `kept_unfinished`). */
export const countColumn = (count: CellCount): string =>
  count.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** One case type, campaign and variant's counts over a period. */
export interface FunnelCell {
  caseType: string;
  campaign: string;
  variant: string;
  views: number;
  starts: number;
  sends: number;
  delivered: number;
  /** Views shown an appointment question's free times. */
  offered: number;
  /** Calls booked with an enquiry, and of those, cancelled since (a move is neither). */
  booked: number;
  cancelled: number;
  /** Calls booked that staff marked as having taken place, and those the visitor missed. */
  attended: number;
  noShow: number;
  /**
   * Unfinished enquiries kept with their visitor's say-so, counted at their first keep, and of
   * those, taken over later by the enquiry sent from them (`docs/unfinished.md`).
   */
  keptUnfinished: number;
  finishedLater: number;
  questions: QuestionCounts[];
}

/** The days (inclusive, `YYYY-MM-DD`) and the cells a funnel query reads. */
export interface FunnelFilter {
  from: string;
  to: string;
  caseType?: string;
  campaign?: string;
  variant?: string;
}

/** What names a cell: its case type, campaign and variant. */
export type CellKey = Pick<FunnelCell, 'caseType' | 'campaign' | 'variant'>;

/** One page of a period's cells, in the order of their keys: at most `limit`, after `after`. */
export interface FunnelPage {
  after?: CellKey;
  limit: number;
}

/** Cells a page holds unless asked otherwise. */
export const FUNNEL_PAGE_CELLS = 500;

/** The UTC day of an epoch-milliseconds time, as the counters key it. */
export const funnelDay = (at: number): string => new Date(at).toISOString().slice(0, 10);

/**
 * Days the counters are kept: a year and five weeks, so that a report of a whole year (the
 * longest `GET /admin/funnel` sums) finds every day of it; a daily chore forgets older days.
 */
export const FUNNEL_KEPT_DAYS = 400;
