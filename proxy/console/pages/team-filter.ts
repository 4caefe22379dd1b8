/**
 * The choice of one team on the overview and the funnel (`?team=`, `docs/routing.md`): counts of
 * its leads, or the funnel of its cells, never a lead itself. Drawn only when the form routes
 * leads to teams; what the funnel of one team can and cannot count is said beside it.
 */
import { html } from 'hono/html';
import type { FormConfig } from '../../contract/schemas/form-config.ts';

/** The team `asked` names, when the configuration has it. */
export const askedTeam = (config: FormConfig, asked: string | undefined): string | undefined =>
  asked !== undefined && config.routing && Object.hasOwn(config.routing.teams, asked)
    ? asked
    : undefined;

/** The label of `team`, else its id. */
export const teamLabel = (config: FormConfig, team: string): string =>
  config.routing?.teams[team]?.label ?? team;

/** A select of the teams, "All teams" first, inside a form whose field it is. */
export function teamSelect(config: FormConfig, chosen: string | undefined) {
  if (!config.routing) return '';
  return html`<div>
    <label for="team">Team</label>
    <select id="team" name="team">
      <option value="">All teams</option>
      ${Object.entries(config.routing.teams).map(
        ([id, team]) =>
          html`<option value="${id}" ${chosen === id ? html` selected` : ''}>
            ${team.label}
          </option>`,
      )}
    </select>
  </div>`;
}

/**
 * What one team's funnel counts: the groups whose case type, campaign and variant send their
 * visitors to it. When a rule reads another answer or the language, the groups it splits are
 * left out, since the team is chosen only when the enquiry is sent.
 */
export function teamFunnelNote(config: FormConfig, team: string | undefined, undecided: boolean) {
  if (team === undefined) return '';
  return html`<p class="notice good" id="team-note">
    Counted for ${teamLabel(config, team)}: the groups whose case type, campaign and variant send
    their visitors to it.
    ${
      undecided
        ? html`Some groups are left out: a rule reads another answer or the visitor's language
          there, so their visitors may go to this team or another.`
        : ''
    }
  </p>`;
}
