/**
 * The marketer's funnel over a period: one row per case type, campaign and variant, with its
 * questions in the form's order. This is the shape `GET /admin/funnel` answers (and the
 * console shows): `{from, to, minCount, rows: [{caseType, campaign, variant, views, starts,
 * sends, delivered, questions: [{id, shown, answered, left, errors: {code: n}}]}]}`. Rows with
 * fewer than `minCount` views are merged into one "other" row, so no small group can be
 * singled out; an "other" row still below it is left out.
 */
import type { FormConfig } from '../contract/schemas/form-config.ts';
import type { FunnelCell, FunnelFilter, QuestionCounts } from '../outbox/funnel-counts.ts';
import type { FunnelCounters } from '../outbox/store.ts';

/** What `GET /admin/funnel` answers. */
export interface FunnelResponse {
  from: string;
  to: string;
  /** Rows with fewer views were merged into "other" (`FUNNEL_MIN_COUNT`). */
  minCount: number;
  rows: FunnelCell[];
}

/** The name of the row small cells are merged into. */
const OTHER = 'other';

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
function merged(cells: readonly FunnelCell[]): FunnelCell {
  const shared = (key: 'caseType' | 'campaign' | 'variant') =>
    cells.every((cell) => cell[key] === cells[0]?.[key]) ? (cells[0]?.[key] ?? OTHER) : OTHER;
  const questions = new Map<string, QuestionCounts>();
  for (const cell of cells) addQuestions(questions, cell.questions);
  const total = (key: 'views' | 'starts' | 'sends' | 'delivered') =>
    cells.reduce((sum, cell) => sum + cell[key], 0);
  return {
    caseType: shared('caseType'),
    campaign: shared('campaign'),
    variant: shared('variant'),
    views: total('views'),
    starts: total('starts'),
    sends: total('sends'),
    delivered: total('delivered'),
    questions: [...questions.values()],
  };
}

/**
 * The funnel of `filter`'s period and cells, small cells merged.
 *
 * @example await funnelReport(store, config, { from: '2027-03-01', to: '2027-03-31' }, 10)
 */
export async function funnelReport(
  store: Pick<FunnelCounters, 'funnelCells'>,
  config: FormConfig,
  filter: FunnelFilter,
  minCount: number,
): Promise<FunnelResponse> {
  const cells = await store.funnelCells(filter);
  const large = cells.filter((cell) => cell.views >= minCount);
  const small = cells.filter((cell) => cell.views < minCount);
  const other = small.length > 0 ? merged(small) : undefined;
  const rows = other && other.views >= minCount ? [...large, other] : large;
  // Questions in the form's order (a merged row may span case types: theirs in turn).
  const order = config.caseTypes.flatMap((caseType) => caseType.questions.map((q) => q.id));
  const position = (id: string) => order.indexOf(id);
  return {
    from: filter.from,
    to: filter.to,
    minCount,
    rows: rows.map((row) => ({
      ...row,
      questions: [...row.questions].sort((a, b) => position(a.id) - position(b.id)),
    })),
  };
}
