/**
 * What the outbox keeps for the proxy itself and for the marketer, about no one visitor: named
 * settings (`Settings`), the widget's files of earlier builds (`WidgetFileArchive`), the
 * funnel's sums (`FunnelCounters`) and the form's versions and draft (`FormVersions`). Its own file because none of these is a submission, a
 * message or a person: each is read by one part of the proxy and kept for its own reasons.
 */
import type {
  FunnelCell,
  FunnelFilter,
  FunnelKey,
  FunnelPage,
  FunnelTally,
} from './funnel-counts.ts';
import type { WidgetFile } from './machine/widget-files.ts';
import type {
  DraftRecord,
  FormVersionSummary,
  NewFormVersion,
  PublishRecord,
  StoredFormDraft,
  StoredFormVersion,
} from './machine/form-versions.ts';

/** Named values kept with the outbox (the form-token secret, when generated). */
export interface Settings {
  /** A named value, or null. */
  getSetting(name: string): Promise<string | null>;
  /** Keeps a named value. */
  setSetting(name: string, value: string): Promise<void>;
}

/** The widget's hashed files of each build a proxy ran (`machine/widget-files.ts`). */
export interface WidgetFileArchive {
  /** Keeps this build's files, current at `at`. */
  keepWidgetFiles(files: readonly WidgetFile[], at: number): Promise<void>;
  /** The names of every kept file. */
  widgetFileNames(): Promise<string[]>;
  /** A kept file's text, or null. */
  widgetFile(name: string): Promise<string | null>;
  /** Forgets files no proxy has called current since `before`; returns how many. */
  forgetWidgetFiles(before: number): Promise<number>;
}

/**
 * The funnel's counters (the events route, the form without JavaScript, `GET /admin/funnel`):
 * sums only (`funnel-counts.ts`); a delivery is counted by `finish` itself.
 */
export interface FunnelCounters {
  /** Adds one form view's tally to its day's counters, in one transaction. */
  addFunnelTally(tally: FunnelTally): Promise<void>;
  /** Notes an accepted enquiry's cell: its delivery is counted there. */
  expectDelivery(submissionId: number, key: FunnelKey): Promise<void>;
  /**
   * The counters of `filter`'s days and cells, summed per case type, campaign and variant: one
   * page of them in the order of their keys (`FUNNEL_PAGE_CELLS` from the first by default).
   */
  funnelCells(filter: FunnelFilter, page?: FunnelPage): Promise<FunnelCell[]>;
  /**
   * Forgets the counters of the oldest day before `before` (`YYYY-MM-DD`); returns the rows
   * deleted, 0 when no day before it is left (the daily chore calls it until then).
   */
  forgetFunnelDay(before: string): Promise<number>;
}

/**
 * The form's published versions and its one draft (`machine/form-versions.ts`): what every
 * instance serves, the studio edits and `npm run outbox -- form` exports and imports.
 */
export interface FormVersions {
  /** The latest version's number, 0 when none was published: cheap, looked at now and then. */
  latestFormVersion(): Promise<number>;
  /** Every version, newest first, without its configuration. */
  formVersions(): Promise<FormVersionSummary[]>;
  /** One version whole, or the latest. */
  formVersion(which: number | 'latest'): Promise<StoredFormVersion | undefined>;
  /** Publishes the version after `expected` with its audit entry, or says who came first. */
  publishFormVersion(next: NewFormVersion): Promise<PublishRecord>;
  formDraft(): Promise<StoredFormDraft>;
  /** Saves the draft over `revision`, or gives the draft someone saved since. */
  saveFormDraft(save: {
    text: string;
    strings: Readonly<Record<string, string>>;
    revision: number;
    basedOn: number;
    by: string;
    at: number;
  }): Promise<DraftRecord>;
  discardFormDraft(by: string, at: number): Promise<StoredFormDraft>;
}
