/**
 * The funnel's counters, written once for both databases: a tally added in one transaction
 * (each counter by an upsert, so instances adding at once never lose a count), a delivery
 * counted in the cell its enquiry was accepted in, and the sums a period's report reads.
 */
import {
  CELL_COUNTS,
  countColumn,
  FUNNEL_PAGE_CELLS,
  type CellCount,
  type FunnelCell,
  type FunnelFilter,
  type FunnelKey,
  type FunnelPage,
  type FunnelTally,
  type QuestionCounts,
} from '../funnel-counts.ts';
import type { CallOutcome } from '../booking.ts';
import { all, run, type Dialect, type Plan } from './plan.ts';

const KEY = 'day, case_type, campaign, variant';
const KEY_VALUES = '@day, @caseType, @campaign, @variant';
const CELL = 'case_type, campaign, variant';

const keyOf = ({ day, caseType, campaign, variant }: FunnelKey) => ({
  day,
  caseType,
  campaign,
  variant,
});

/** `counter = table.counter + excluded.counter` for each of `counters`. */
const added = (table: string, counters: readonly string[]) =>
  counters.map((counter) => `${counter} = ${table}.${counter} + excluded.${counter}`).join(', ');

/** A cell's counts as both databases answer them (sums cast, so PostgreSQL gives numbers). */
interface CellRow {
  case_type: string;
  campaign: string;
  variant: string;
}

/** Adds one tally to its day's counters. */
export function* addFunnelTally(tally: FunnelTally): Plan<void> {
  const key = keyOf(tally);
  yield* run(
    `INSERT INTO funnel_counts (${KEY}, views, starts, sends, offered)
     VALUES (${KEY_VALUES}, @views, @starts, @sends, @offered)
     ON CONFLICT (${KEY}) DO UPDATE SET
       ${added('funnel_counts', ['views', 'starts', 'sends', 'offered'])}`,
    {
      ...key,
      views: tally.views,
      starts: tally.starts,
      sends: tally.sends,
      offered: tally.offered ?? 0,
    },
  );
  for (const question of tally.questions) {
    yield* run(
      `INSERT INTO funnel_questions (${KEY}, question, shown, answered, left_at)
       VALUES (${KEY_VALUES}, @question, @shown, @answered, @left)
       ON CONFLICT (${KEY}, question) DO UPDATE SET
         ${added('funnel_questions', ['shown', 'answered', 'left_at'])}`,
      {
        ...key,
        question: question.id,
        shown: question.shown,
        answered: question.answered,
        left: question.left,
      },
    );
    if (question.error === undefined) continue;
    yield* run(
      `INSERT INTO funnel_errors (${KEY}, question, code, met)
       VALUES (${KEY_VALUES}, @question, @code, 1)
       ON CONFLICT (${KEY}, question, code) DO UPDATE SET ${added('funnel_errors', ['met'])}`,
      { ...key, question: question.id, code: question.error },
    );
  }
}

/** Notes the cell of an accepted enquiry, so that its delivery is counted there. */
export function* expectDelivery(submissionId: number, key: FunnelKey): Plan<void> {
  yield* run(
    `INSERT INTO funnel_expected (submission_id, ${KEY}) VALUES (@id, ${KEY_VALUES})
     ON CONFLICT (submission_id) DO NOTHING`,
    { id: submissionId, ...keyOf(key) },
  );
}

/** A delivered enquiry counts once in the cell it was accepted in (if it was noted). */
export function* countDelivered(submissionId: number): Plan<void> {
  yield* run(
    `INSERT INTO funnel_counts (${KEY}, views, starts, sends, delivered)
     SELECT ${KEY}, 0, 0, 0, 1 FROM funnel_expected WHERE submission_id = @id
     ON CONFLICT (${KEY}) DO UPDATE SET delivered = funnel_counts.delivered + 1`,
    { id: submissionId },
  );
  yield* run('DELETE FROM funnel_expected WHERE submission_id = @id', { id: submissionId });
}

/**
 * A call booked with an enquiry counted in `key`: counted there, and the cell kept on the call's
 * row, so that a cancel later counts in the same cell, whatever day it comes.
 */
export function* countBooked(bookingId: number, key: FunnelKey): Plan<void> {
  yield* run(
    `UPDATE bookings SET funnel_day = @day, funnel_case_type = @caseType,
       funnel_campaign = @campaign, funnel_variant = @variant
     WHERE id = @id`,
    { id: bookingId, ...keyOf(key) },
  );
  yield* run(
    `INSERT INTO funnel_counts (${KEY}, booked) VALUES (${KEY_VALUES}, 1)
     ON CONFLICT (${KEY}) DO UPDATE SET booked = funnel_counts.booked + 1`,
    keyOf(key),
  );
}

/** A cancelled call counts in the cell its booking was counted in (none when it was not). */
export function* countCancelled(bookingId: number): Plan<void> {
  yield* run(
    `INSERT INTO funnel_counts (${KEY}, cancelled)
     SELECT funnel_day, funnel_case_type, funnel_campaign, funnel_variant, 1 FROM bookings
     WHERE id = @id AND funnel_day IS NOT NULL
     ON CONFLICT (${KEY}) DO UPDATE SET cancelled = funnel_counts.cancelled + 1`,
    { id: bookingId },
  );
}

/**
 * A call marked `outcome` counts in the cell its booking was counted in (none when it was not),
 * and leaves the count of the mark it had before, `previous`.
 */
export function* countMarked(
  bookingId: number,
  outcome: CallOutcome,
  previous: CallOutcome | null,
): Plan<void> {
  const changes: [CallOutcome, number][] = [[outcome, 1]];
  if (previous) changes.push([previous, -1]);
  // The column is one of two known names (`CallOutcome`), never text from outside.
  for (const [column, n] of changes)
    yield* run(
      `INSERT INTO funnel_counts (${KEY}, ${column})
       SELECT funnel_day, funnel_case_type, funnel_campaign, funnel_variant, @n FROM bookings
       WHERE id = @id AND funnel_day IS NOT NULL
       ON CONFLICT (${KEY}) DO UPDATE SET ${column} = funnel_counts.${column} + excluded.${column}`,
      { id: bookingId, n },
    );
}

/** The funnel's tables, each keyed by day first. */
const FUNNEL_TABLES = ['funnel_counts', 'funnel_questions', 'funnel_errors'] as const;

/**
 * Forgets the oldest day before `before` (`YYYY-MM-DD`) of each counter table: a day at a time,
 * so a purge of a busy past is many short writes; returns the rows deleted (0: none is left).
 */
export function* forgetFunnelDay(before: string): Plan<number> {
  let deleted = 0;
  for (const table of FUNNEL_TABLES)
    deleted += yield* run(
      `DELETE FROM ${table} WHERE day = (SELECT MIN(day) FROM ${table} WHERE day < @before)`,
      { before },
    );
  return deleted;
}

/** The funnel's reads, in `d`'s spelling. */
export const funnelReads = (d: Dialect) => ({
  funnelCells: (filter: FunnelFilter, page: FunnelPage = { limit: FUNNEL_PAGE_CELLS }) =>
    funnelCells(d, filter, page),
});

/**
 * The counters of `filter`'s days and cells, summed per case type, campaign and variant: one
 * page of at most `page.limit` cells in the order of their keys, those after `page.after`.
 * Each page is three range reads of the cell indexes (`firm-tables.ts`), joined by key: what
 * it costs grows with the page, never with every cell of the period.
 */
function* funnelCells(d: Dialect, filter: FunnelFilter, page: FunnelPage): Plan<FunnelCell[]> {
  const chosen = { case_type: filter.caseType, campaign: filter.campaign, variant: filter.variant };
  const where = [
    'day >= @from AND day <= @to',
    ...Object.entries(chosen)
      .filter(([, value]) => value !== undefined)
      .map(([column]) => `${column} = @${column}`),
  ];
  const params = Object.fromEntries(
    Object.entries({ from: filter.from, to: filter.to, ...chosen }).filter(
      ([, v]) => v !== undefined,
    ),
  );
  const sum = (column: string) => `CAST(SUM(${column}) AS bigint) AS ${column}`;
  const after = page.after ? [`(${CELL}) > (@afterCaseType, @afterCampaign, @afterVariant)`] : [];
  const afterParams = page.after
    ? {
        afterCaseType: page.after.caseType,
        afterCampaign: page.after.campaign,
        afterVariant: page.after.variant,
      }
    : {};
  const counts = yield* all<CellRow & Record<string, number>>(
    `SELECT ${CELL}, ${CELL_COUNTS.map((count) => sum(countColumn(count))).join(', ')}
     FROM funnel_counts ${d.indexedBy('funnel_counts_cell')}
     WHERE ${[...where, ...after].join(' AND ')}
     GROUP BY ${CELL} ORDER BY ${CELL} LIMIT ${String(page.limit)}`,
    { ...params, ...afterParams },
  );
  const last = counts.at(-1);
  if (!last) return [];
  // The page's questions and errors: the same cells, from the first after `after` to its last.
  const upTo = [...where, ...after, `(${CELL}) <= (@lastCaseType, @lastCampaign, @lastVariant)`];
  const pageParams = {
    ...params,
    ...afterParams,
    lastCaseType: last.case_type,
    lastCampaign: last.campaign,
    lastVariant: last.variant,
  };
  const questions = yield* all<
    CellRow & { question: string; shown: number; answered: number; left_at: number }
  >(
    `SELECT ${CELL}, question, ${['shown', 'answered', 'left_at'].map(sum).join(', ')}
     FROM funnel_questions ${d.indexedBy('funnel_questions_cell')}
     WHERE ${upTo.join(' AND ')} GROUP BY ${CELL}, question`,
    pageParams,
  );
  const errors = yield* all<CellRow & { question: string; code: string; met: number }>(
    `SELECT ${CELL}, question, code, ${sum('met')}
     FROM funnel_errors ${d.indexedBy('funnel_errors_cell')}
     WHERE ${upTo.join(' AND ')} GROUP BY ${CELL}, question, code ORDER BY code`,
    pageParams,
  );
  // Joined by key: each row finds its cell (and each error its question) in a map, once.
  const cellOf = (row: CellRow) => JSON.stringify([row.case_type, row.campaign, row.variant]);
  const questionsOf = new Map<string, Map<string, QuestionCounts>>();
  for (const row of questions) {
    const cell = questionsOf.get(cellOf(row)) ?? new Map<string, QuestionCounts>();
    questionsOf.set(cellOf(row), cell);
    cell.set(row.question, {
      id: row.question,
      shown: row.shown,
      answered: row.answered,
      left: row.left_at,
      errors: {},
    });
  }
  for (const row of errors) {
    const question = questionsOf.get(cellOf(row))?.get(row.question);
    if (question) question.errors[row.code] = row.met;
  }
  return counts.map((row) => ({
    caseType: row.case_type,
    campaign: row.campaign,
    variant: row.variant,
    ...(Object.fromEntries(
      CELL_COUNTS.map((count) => [count, row[countColumn(count)] ?? 0]),
    ) as Record<CellCount, number>),
    questions: [...(questionsOf.get(cellOf(row))?.values() ?? [])],
  }));
}
