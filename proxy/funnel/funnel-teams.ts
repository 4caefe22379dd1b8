/**
 * The funnel of one team (`?team=`, `docs/routing.md`): the cells whose visitors the routing
 * rules send to it. A cell knows its case type, campaign and variant (a hidden question's
 * answer), never another answer nor the language: a cell whose team a rule on those decides
 * belongs to no one team, and is left out of every team's funnel (the page says so). Counts only,
 * as every funnel is; the small cells of a team are merged as any others.
 */
import type { FormConfig } from '../contract/schemas/form-config.ts';
import type { CellKey } from '../outbox/funnel-counts.ts';
import { possibleTeams } from '../routing/choose-team.ts';
import { variantQuestion } from './check-report.ts';

/** The teams a cell's visitors may go to: one when the cell decides it. */
function teamsOfCell(config: FormConfig, cell: CellKey): Set<string> {
  if (!config.routing) return new Set();
  const variant = variantQuestion(config);
  return possibleTeams(config.routing, {
    // A view before any case type was chosen is counted under none: it may become any.
    caseType: cell.caseType === '' ? undefined : cell.caseType,
    campaign: cell.campaign,
    language: undefined,
    answers: variant === undefined ? {} : { [variant]: cell.variant },
    known: new Set(variant === undefined ? [] : [variant]),
    numbers: new Set(),
  });
}

/**
 * `cells` whose visitors go to `team`, and whether other cells may have had some bound for it
 * too (those the cell does not decide).
 *
 * @example cellsOfTeam(config, cells, 'private-client').mine // the family and wills cells
 */
export function cellsOfTeam<Cell extends CellKey>(
  config: FormConfig,
  cells: readonly Cell[],
  team: string,
): { mine: Cell[]; undecided: boolean } {
  const teams = cells.map((cell) => teamsOfCell(config, cell));
  return {
    mine: cells.filter((_cell, i) => teams[i]?.size === 1 && teams[i].has(team)),
    undecided: teams.some((each) => each.size > 1 && each.has(team)),
  };
}
