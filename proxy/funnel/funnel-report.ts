/**
 * The marketer's funnel over a period: one row per case type, campaign and variant, with its
 * questions in the form's order. This is the shape `GET /admin/funnel` answers (and the
 * console shows): `{from, to, minCount, truncated, rows: [{caseType, campaign, variant, views,
 * starts, sends, delivered, offered, booked, cancelled, attended, noShow, keptUnfinished,
 * finishedLater, questions: [{id, shown, answered, left, errors: {code: n}}]}], totals, withheld}`. Rows with fewer than
 * `minCount` starts (or deliveries) are merged into one "other" row, so no small group can be singled out; an "other" row still below it is left out,
 * counted in `totals` and `withheld` alone. Starts, not views: anyone can load
 * `/form?campaign=…` nine times to lift one visitor's cell over the line, and a view is all
 * a page load makes.
 *
 * A report reads at most `MAX_REPORT_CELLS` cells, a page of `PAGE_CELL_DAYS` cell-days at a
 * time, and lets other requests in between pages: a period full of made-up campaigns costs a
 * bounded read, and no read holds a visitor's request up for long.
 */
import type { FormConfig } from '../contract/schemas/form-config.ts';
import {
  CELL_COUNTS,
  type CellCount,
  type CellKey,
  type FunnelCell,
  type FunnelFilter,
  type QuestionCounts,
} from '../outbox/funnel-counts.ts';
import type { FunnelCounters } from '../outbox/store.ts';
import { cellsOfTeam } from './funnel-teams.ts';

/** The most cells one report reads; a period with more says so (`truncated`). */
export const MAX_REPORT_CELLS = 5000;
/**
 * The most cell-days one page reads (a cell of a period of 30 days is up to 30 rows of each
 * table): a statement of SQLite's holds the event loop while it runs.
 */
const PAGE_CELL_DAYS = 2500;
const DAY_MS = 86_400_000;

/** What `GET /admin/funnel` answers. */
export interface FunnelResponse {
  from: string;
  to: string;
  /** Rows with fewer starts were merged into "other" (`FUNNEL_MIN_COUNT`). */
  minCount: number;
  /**
   * True when the period holds more than `MAX_REPORT_CELLS` cells: only the first of them, in
   * the order of case type, campaign and variant, are counted (narrow the period or filter).
   */
  truncated: boolean;
  rows: FunnelCell[];
  /**
   * The period's views, starts, sends, deliveries, times offered, calls booked, cancelled,
   * attended and missed, and unfinished enquiries kept and finished later, over every group,
   * those left out included:
   * the small-count rule protects groups (their rows and where their visitors stopped), not
   * the sum.
   */
  totals: StageTotals;
  /** What the rows leave out: how many groups, and their counts (in `totals` all the same). */
  withheld: StageTotals & { groups: number };
  /**
   * With `team=` only: true when groups the rules do not decide (split by an answer the funnel
   * never holds) may hold some of the team's visitors, left out of its rows and totals.
   */
  undecided?: boolean;
}

/** A count for each of the funnel's steps, the call's included. */
export type StageTotals = Record<CellCount, number>;

/** The steps of `cells` summed. */
export const stageTotals = (cells: readonly FunnelCell[]): StageTotals => {
  const sum = merged(cells);
  return Object.fromEntries(CELL_COUNTS.map((count) => [count, sum[count]])) as StageTotals;
};

/** The name of the row small cells are merged into. */
export const OTHER = 'other';
/** Rows with fewer starts are merged when `FUNNEL_MIN_COUNT` is not set. */
export const DEFAULT_MIN_COUNT = 10;

/**
 * How many people a cell surely holds, for the small-count merge: its starts, or its deliveries,
 * calls booked or unfinished enquiries kept when more (a visitor whose browser sends Global
 * Privacy Control reports nothing, yet their enquiry is counted when delivered, their call when
 * booked, and their unfinished enquiry when kept). Never its views or times offered, which page
 * loads alone make.
 */
const people = (cell: FunnelCell) =>
  Math.max(cell.starts, cell.delivered, cell.booked, cell.keptUnfinished);

function addQuestions(into: Map<string, QuestionCounts>, questions: readonly QuestionCounts[]) {
  for (const question of questions) {
    const sum = into.get(question.id) ?? {
      id: question.id,
      shown: 0,
      answered: 0,
      left: 0,
      errors: {},
    };
    sum.shown += question.shown;
    sum.answered += question.answered;
    sum.left += question.left;
    for (const [code, n] of Object.entries(question.errors))
      sum.errors[code] = (sum.errors[code] ?? 0) + n;
    into.set(question.id, sum);
  }
}

/** The cells merged into one: a key the cells share stays, one they differ in is "other". */
export function merged(cells: readonly FunnelCell[]): FunnelCell {
  const shared = (key: 'caseType' | 'campaign' | 'variant') =>
    cells.every((cell) => cell[key] === cells[0]?.[key]) ? (cells[0]?.[key] ?? OTHER) : OTHER;
  const questions = new Map<string, QuestionCounts>();
  for (const cell of cells) addQuestions(questions, cell.questions);
  const total = (key: CellCount) => cells.reduce((sum, cell) => sum + cell[key], 0);
  return {
    caseType: shared('caseType'),
    campaign: shared('campaign'),
    variant: shared('variant'),
    ...(Object.fromEntries(CELL_COUNTS.map((count) => [count, total(count)])) as StageTotals),
    questions: [...questions.values()],
  };
}

/**
 * The funnel of `filter`'s period and cells (of `team`'s cells only, when given:
 * `funnel-teams.ts`), with its true totals and what its rows leave out: small cells merged, and
 * left out when even merged they are small; and for a team, whether cells that may hold some of
 * its visitors were left out. The console's page says both, so that an empty or thin period is
 * never read as no visitors at all (#60: "Nothing was counted" with four leads delivered).
 *
 * @example await funnelReport(store, config, { from: '2027-03-01', to: '2027-03-31' }, 10)
 */
export async function funnelReport(
  store: Pick<FunnelCounters, 'funnelCells'>,
  config: FormConfig,
  filter: FunnelFilter,
  minCount: number,
  team?: string,
): Promise<FunnelResponse> {
  const read = await readCells(store, filter);
  // One team's funnel holds the cells the rules send to it alone (`funnel-teams.ts`).
  const { mine: cells, undecided } =
    team === undefined
      ? { mine: read.cells, undecided: undefined }
      : cellsOfTeam(config, read.cells, team);
  const { truncated } = read;
  const large = cells.filter((cell) => people(cell) >= minCount);
  const small = cells.filter((cell) => people(cell) < minCount);
  const other = small.length > 0 ? merged(small) : undefined;
  const kept = other !== undefined && people(other) >= minCount;
  const rows = other && kept ? [...large, other] : large;
  const left = kept ? [] : small;
  return {
    from: filter.from,
    to: filter.to,
    minCount,
    truncated,
    rows: rows.map((row) => ({ ...row, questions: inFormOrder(config, row) })),
    totals: stageTotals(cells),
    withheld: { groups: left.length, ...stageTotals(left) },
    ...(undecided === undefined ? {} : { undecided }),
  };
}

/** The period's cells a page at a time, `MAX_REPORT_CELLS` at most, yielding between pages. */
async function readCells(
  store: Pick<FunnelCounters, 'funnelCells'>,
  filter: FunnelFilter,
): Promise<{ cells: FunnelCell[]; truncated: boolean }> {
  const days = (Date.parse(filter.to) - Date.parse(filter.from)) / DAY_MS + 1;
  const pageCells = Math.max(1, Math.floor(PAGE_CELL_DAYS / days));
  const cells: FunnelCell[] = [];
  let after: CellKey | undefined;
  for (;;) {
    // One more than the bound says whether the period holds more.
    const limit = Math.min(pageCells, MAX_REPORT_CELLS + 1 - cells.length);
    const page = await store.funnelCells(filter, { ...(after ? { after } : {}), limit });
    cells.push(...page);
    if (cells.length > MAX_REPORT_CELLS) return { cells: cells.slice(0, -1), truncated: true };
    if (page.length < limit) return { cells, truncated: false };
    after = page.at(-1);
    // SQLite answers synchronously: a turn of the event loop between pages lets the requests
    // that arrived meanwhile (a visitor's enquiry) be answered before the next page.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * A row's questions in its form's order: its own case type's, or for a row that spans case types
 * ("other"), theirs in turn. Two case types may share a question id (`notes`): each row follows
 * its own case type, never the first case type that has the id.
 */
export function inFormOrder(config: FormConfig, row: FunnelCell): QuestionCounts[] {
  const own = config.caseTypes.filter((caseType) => caseType.id === row.caseType);
  const order = new Map<string, number>();
  for (const caseType of own.length > 0 ? own : config.caseTypes)
    for (const question of caseType.questions)
      if (!order.has(question.id)) order.set(question.id, order.size);
  const position = (id: string) => order.get(id) ?? order.size;
  return [...row.questions].sort((a, b) => position(a.id) - position(b.id));
}
