/**
 * The funnel report: what one form view tells the proxy (`POST /api/events`) when the page is
 * hidden or left, or the enquiry is sent. Ids and flags only: never a value the visitor typed,
 * never an identifier of the visitor or the device. The proxy checks it against the
 * configuration (`proxy/funnel/check-report.ts`) and adds it to counters; it keeps no report.
 */

/** How far a form view went: seen only, something typed or chosen, or sent. */
export type FunnelOutcome = 'viewed' | 'started' | 'sent';

/** One form view's report, as the widget sends it. */
export interface FunnelReport {
  outcome: FunnelOutcome;
  /** The case type chosen or fixed by the tag; empty while the visitor has not chosen one. */
  caseType: string;
  /** The campaign as the enquiry would carry it (`marketing.campaign`). */
  campaign: string;
  /** The value of the hidden question `analytics.variant` names; empty without one. */
  variant: string;
  /** Question ids the visitor was shown, in the form's order. */
  shown: string[];
  /** Question ids the visitor answered (each also shown). */
  answered: string[];
  /** The first validation error each question met, by question id (each also shown). */
  errors: Record<string, string>;
  /**
   * The furthest question reached, in the form's order (the last one answered or refused), if
   * any. A form in steps reports the first question of the furthest step the same way.
   */
  reached?: string;
  /**
   * True when the case type's appointment question showed free times to choose from (left out
   * when it showed none: no time free, the calendars unreadable, or no such question).
   */
  offered?: true;
}

/** A larger report is refused unread: a real one is ids and flags of one case type. */
export const FUNNEL_REPORT_MAX_BYTES = 4096;
