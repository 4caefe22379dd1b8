/**
 * What the console draws from a funnel report (`funnel-report.ts`), computed here and only here:
 * the period's totals, each case type's questions summed over its rows, and one variant
 * compared with another. Every figure is a sum of the report's rows, so the page's numbers add
 * up to its table's, and a cell the report merged or left out stays merged or left out.
 */
import type { FormConfig } from '../contract/schemas/form-config.ts';
import type { FunnelCell, QuestionCounts } from '../outbox/funnel-counts.ts';
import { inFormOrder, merged, stageTotals } from './funnel-report.ts';

/** The funnel's four steps, in the order a visitor takes them. */
export const STAGES = ['views', 'starts', 'sends', 'delivered'] as const;
/** One of the funnel's steps. */
export type Stage = (typeof STAGES)[number];
/** A count for each step. */
export type StageCounts = Record<Stage, number>;

/**
 * The call's steps (issues 75 and 88): views shown free times, calls booked, and of those
 * cancelled, marked as having taken place, and marked as missed by the visitor.
 */
const CALL_STAGES = ['offered', 'booked', 'cancelled', 'attended', 'noShow'] as const;
/** One of the call's steps. */
export type CallStage = (typeof CALL_STAGES)[number];

/**
 * The call's steps a page shows beside the form's: all of them where the form asks for a time,
 * or counted one in the period (a question since removed); none for a form that never booked.
 */
const callStagesOf = (
  config: FormConfig,
  totals: Record<CallStage, number>,
): readonly CallStage[] =>
  config.caseTypes.some((c) => c.questions.some((q) => q.type === 'appointment')) ||
  CALL_STAGES.some((stage) => totals[stage] > 0)
    ? CALL_STAGES
    : [];

/** An unfinished enquiry's steps (issue 87): kept with its visitor's say-so, and finished later. */
const UNFINISHED_STAGES = ['keptUnfinished', 'finishedLater'] as const;
/** One of an unfinished enquiry's steps. */
export type UnfinishedStage = (typeof UNFINISHED_STAGES)[number];

/**
 * The steps a page shows after the form's: the call's (`callStagesOf`), then the unfinished
 * enquiry's where the form keeps them or kept one in the period (the block since removed).
 */
export const laterStagesOf = (
  config: FormConfig,
  totals: Record<CallStage | UnfinishedStage, number>,
): readonly (CallStage | UnfinishedStage)[] => [
  ...callStagesOf(config, totals),
  ...(config.unfinished !== undefined || UNFINISHED_STAGES.some((stage) => totals[stage] > 0)
    ? UNFINISHED_STAGES
    : []),
];

/** One case type's rows summed: its steps and its questions in its form's order. */
export interface CaseTypeFunnel extends StageCounts {
  caseType: string;
  questions: QuestionCounts[];
}

/**
 * Each case type's rows summed into one, in the order the report's rows first name them (the
 * merged "other" row, whose questions may span case types, is a case type of its own here).
 */
export function byCaseType(config: FormConfig, rows: readonly FunnelCell[]): CaseTypeFunnel[] {
  const groups = new Map<string, FunnelCell[]>();
  for (const row of rows) groups.set(row.caseType, [...(groups.get(row.caseType) ?? []), row]);
  return [...groups.values()].map((group) => {
    const sum = merged(group);
    return {
      caseType: sum.caseType,
      ...stageTotals(group),
      questions: inFormOrder(config, sum),
    };
  });
}

/** The variants the report's rows carry, in their order. */
export const variantsOf = (rows: readonly FunnelCell[]): string[] => [
  ...new Set(rows.map((row) => row.variant)),
];

/** One step's share of the views in each arm, and how far apart they are. */
export interface StageComparison {
  stage: Exclude<Stage, 'views'>;
  /** Share of views, 0 to 1; undefined for an arm without views. */
  a: number | undefined;
  b: number | undefined;
  /** `b - a`, in percentage points. */
  points: number | undefined;
  /**
   * True when a difference this large would arise by chance less than once in twenty (a
   * two-sided test of two proportions, normal approximation; false with too few views to say).
   */
  beyondChance: boolean;
}

/** Variant `b` against variant `a` over the same rows. */
export interface VariantComparison {
  a: { variant: string } & StageCounts;
  b: { variant: string } & StageCounts;
  stages: StageComparison[];
}

/** The z of a two-sided test at 5 %. */
const Z_95 = 1.959964;
/** Fewer successes or failures than this in an arm and the normal approximation is not trusted. */
const FEWEST_FOR_TEST = 5;

/** Whether two shares differ beyond chance: the pooled two-proportion z-test. */
function beyondChance(hitsA: number, nA: number, hitsB: number, nB: number): boolean {
  const enough = [hitsA, nA - hitsA, hitsB, nB - hitsB].every((n) => n >= FEWEST_FOR_TEST);
  if (!enough) return false;
  const pooled = (hitsA + hitsB) / (nA + nB);
  const error = Math.sqrt(pooled * (1 - pooled) * (1 / nA + 1 / nB));
  return error > 0 && Math.abs(hitsB / nB - hitsA / nA) / error >= Z_95;
}

/**
 * Variant `b` compared with variant `a`: each arm's rows summed, each step as a share of the
 * arm's views, and the difference in points.
 *
 * @example compareVariants(funnel.rows, 'A', 'B').stages[1] // sends: { a: 0.095, b: 0.14, points: 4.5, … }
 */
export function compareVariants(
  rows: readonly FunnelCell[],
  a: string,
  b: string,
): VariantComparison {
  const arm = (variant: string) => ({
    variant,
    ...stageTotals(rows.filter((row) => row.variant === variant)),
  });
  const first = arm(a);
  const second = arm(b);
  const share = (counts: StageCounts, stage: Stage) =>
    counts.views > 0 ? counts[stage] / counts.views : undefined;
  const stages = STAGES.filter((stage) => stage !== 'views').map((stage) => {
    const shareA = share(first, stage);
    const shareB = share(second, stage);
    return {
      stage,
      a: shareA,
      b: shareB,
      points: shareA !== undefined && shareB !== undefined ? (shareB - shareA) * 100 : undefined,
      beyondChance: beyondChance(first[stage], first.views, second[stage], second.views),
    };
  });
  return { a: first, b: second, stages };
}
