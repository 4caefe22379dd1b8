/**
 * The teams page (staff and operators, `docs/routing.md`): each team the form routes leads to,
 * the rules that send leads to it in the order they are tried, and its people, each marked
 * away or back here: a round robin passes over whoever is away, and says whose turn is next.
 */
import { html } from 'hono/html';
import type { FormConfig } from '../../contract/schemas/form-config.ts';
import type { Team } from '../../contract/schemas/routing.ts';
import { nextInTurn } from '../../outbox/machine/routing.ts';
import type { AwayPerson } from '../../outbox/store.ts';
import { conditionWords } from '../../routing/rule-words.ts';
import { csrfField, dataTable, doneNotice, emailAddress, when } from './layout.ts';

/** What the page shows. */
export interface TeamsData {
  config: FormConfig;
  away: readonly AwayPerson[];
  /** Whom each round-robin team gave its last lead to, by team. */
  lastTurns: ReadonlyMap<string, string>;
  csrf: string;
  done?: string | undefined;
}

/** The rules sending leads to `id`, by their number, and whether it is the default. */
function rulesOf(config: FormConfig, id: string) {
  const routing = config.routing;
  if (!routing) return '';
  const rules = routing.rules.flatMap((rule, n) =>
    rule.team === id ? [html`<li>Rule ${n + 1}: ${conditionWords(config, rule.when)}</li>`] : [],
  );
  const fallback =
    routing.default === id ? [html`<li>Every lead no rule sends elsewhere</li>`] : [];
  const all = [...rules, ...fallback];
  return all.length === 0
    ? html`<p>No rule sends leads here.</p>`
    : html`<ul>
        ${all}
      </ul>`;
}

function personRow(address: string, away: AwayPerson | undefined, csrf: string) {
  const action = away ? 'back' : 'away';
  return [
    html`<span class="address">${emailAddress(address)}</span>`,
    away ? html`Away since ${when(away.since)}, marked by ${away.markedBy}` : 'Here',
    html`<form method="post" action="/admin/teams/${action}" class="inline">
      ${csrfField(csrf)}<input type="hidden" name="address" value="${address}" />
      <button type="submit">
        ${away ? 'Mark back' : 'Mark away'}<span class="visually-hidden"> ${address}</span>
      </button>
    </form>`,
  ];
}

function teamSection(data: TeamsData, id: string, team: Team, n: number) {
  const away = new Map(data.away.map((person) => [person.address, person]));
  const next = team.roundRobin
    ? nextInTurn(team.people, data.lastTurns.get(id) ?? '', new Set(away.keys()))
    : null;
  return html`<section aria-labelledby="team-${n}">
    <h2 id="team-${n}">${team.label}</h2>
    <p class="muted">
      ${id}:
      ${
        team.roundRobin
          ? html`each lead goes to one person in turn;
            ${next ? html`next: ${emailAddress(next)}.` : 'everyone is away, so all are told.'}`
          : 'everyone is told of each lead.'
      }
      ${team.webhook ? html`Its own webhook: ${team.webhook}.` : ''}
    </p>
    ${rulesOf(data.config, id)}
    ${dataTable({
      caption: `People of ${team.label}`,
      columns: ['Address', 'Status', 'Change'],
      rows: team.people.map((person) =>
        personRow(person, away.get(person.toLowerCase()), data.csrf),
      ),
    })}
  </section>`;
}

/** The page's content. */
export function teamsBody(data: TeamsData) {
  const teams = Object.entries(data.config.routing?.teams ?? {});
  return html`<h1>Teams</h1>
    ${doneNotice(data.done)}
    ${
      teams.length === 0
        ? html`<p>
            The form sends every lead to the firm as a whole. To send each to the team it is for,
            with an email to its people, add <code>"routing"</code> to the form's configuration (see
            the manual's chapter on routing).
          </p>`
        : html`<p>
              Rules are tried in order; the first that matches chooses the team. Someone marked away
              is passed over by a round robin until marked back.
            </p>
            ${teams.map(([id, team], n) => teamSection(data, id, team, n))}`
    }`;
}
