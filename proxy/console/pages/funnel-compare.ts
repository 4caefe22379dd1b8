/**
 * One variant of the funnel compared with another (`"analytics": {"variant"}`, an A/B test of a
 * landing page): its own GET form choosing the two (the filters ride along as hidden fields),
 * each arm's steps as a share of its views side by side, the difference in points, and in words
 * for the step that matters most, sends, whether a difference that large could be chance.
 */
import { html } from 'hono/html';
import type { VariantComparison } from '../../funnel/funnel-summary.ts';
import { barChart, type Bar } from './funnel-bars.ts';
import { carried, type FunnelAsked } from './funnel-asked.ts';
import { count, keyName, percent, STAGE_DEEDS, STAGE_WORDS } from './funnel-words.ts';
import { dataTable } from './layout.ts';

/** The variants the period's rows carry, and the two compared (when there are two). */
export interface ComparisonData {
  variants: string[];
  result?: VariantComparison | undefined;
}

function chooser(asked: FunnelAsked, variants: readonly string[], result: VariantComparison) {
  const select = (name: 'compare' | 'with', text: string, chosen: string) =>
    html`<div>
      <label for="${name}">${text}</label>
      <select id="${name}" name="${name}">
        ${variants.map(
          (variant) =>
            html`<option value="${variant}" ${variant === chosen ? html` selected` : ''}>
              ${keyName(variant)}
            </option>`,
        )}
      </select>
    </div>`;
  return html`<form class="filters" method="get" action="/admin/funnel">
    ${carried(asked, ['compare', 'with'])} ${select('compare', 'Variant', result.a.variant)}
    ${select('with', 'Compared with', result.b.variant)}
    <button type="submit">Compare</button>
  </form>`;
}

/** The comparison of sends, in words: who did better, by how much, and whether it could be chance. */
function verdict(result: VariantComparison) {
  const sends = result.stages.find((stage) => stage.stage === 'sends');
  const arm = (side: 'a' | 'b', first: boolean) =>
    `${first ? 'V' : 'v'}ariant ${keyName(result[side].variant)} turned ${percent(sends?.[side])} of its views into ${STAGE_DEEDS.sends} (${count(result[side].sends)} of ${count(result[side].views)})`;
  if (sends?.points === undefined)
    return html`<p id="verdict">
      Not comparable:
      ${result.a.views === 0 ? `variant ${keyName(result.a.variant)}` : `variant ${keyName(result.b.variant)}`}
      has no views in this period.
    </p>`;
  const points = Math.abs(sends.points).toFixed(1);
  const direction =
    sends.points === 0
      ? 'The two are level.'
      : `Variant ${keyName(result.b.variant)} is ${points} percentage points ${sends.points > 0 ? 'higher' : 'lower'}.`;
  const chance = sends.beyondChance
    ? 'A difference this large would come about by chance less than once in twenty.'
    : 'With these numbers the difference could well be chance: let the test run longer before choosing.';
  return html`<p id="verdict">${arm('b', true)}; ${arm('a', false)}. ${direction} ${chance}</p>`;
}

/**
 * Each step's share of each arm's views as bars, 0 to 100 %: arms of different sizes compare by
 * their shares, as the sentence above them does, not by their counts.
 */
function armsChart(result: VariantComparison) {
  const bars: Bar[] = result.stages.flatMap((stage) =>
    (['a', 'b'] as const).map((side) => ({
      label: `${STAGE_WORDS[stage.stage]}, ${keyName(result[side].variant)}`,
      value: (stage[side] ?? 0) * 100,
      note: `${percent(stage[side])} (${count(result[side][stage.stage])})`,
      second: side === 'b',
    })),
  );
  return barChart(bars, { kind: 'arms', longest: 100 });
}

/** What was counted when there are not two variants to compare. */
function onlyCounted(variants: readonly string[]) {
  const [only] = variants;
  if (only === undefined) return 'No variant was counted';
  return only === ''
    ? 'Only visitors without a variant were counted'
    : `Only variant ${only} was counted`;
}

/** The comparison's section. */
export function comparisonSection(asked: FunnelAsked, data: ComparisonData) {
  const head = html`<h2 id="comparison">Compare variants</h2>`;
  const { result } = data;
  if (!result || data.variants.length < 2)
    return html`${head}
      <p>${onlyCounted(data.variants)} in this period: there is nothing to compare.</p>`;
  const cell = (side: 'a' | 'b', stage: VariantComparison['stages'][number]) =>
    `${percent(stage[side])} (${count(result[side][stage.stage])})`;
  return html`${head} ${chooser(asked, data.variants, result)} ${verdict(result)}
    <div class="funnel-pair">
      ${armsChart(result)}
      ${dataTable({
        caption: `Each step as a share of the variant's views; the difference in percentage points`,
        columns: [
          'Step',
          `Variant ${keyName(result.a.variant)}`,
          `Variant ${keyName(result.b.variant)}`,
          'Difference',
        ],
        rowHeaders: true,
        rows: [
          [STAGE_WORDS.views, count(result.a.views), count(result.b.views), ''],
          ...result.stages.map((stage) => [
            STAGE_WORDS[stage.stage],
            cell('a', stage),
            cell('b', stage),
            stage.points === undefined
              ? '–'
              : `${stage.points > 0 ? '+' : ''}${stage.points.toFixed(1)} points${stage.beyondChance ? '' : ' (could be chance)'}`,
          ]),
        ],
      })}
    </div>`;
}
