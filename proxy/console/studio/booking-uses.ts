/**
 * Which calls the Booking page's hours are for (issue #85, minor 9): the form's `booking` is every
 * call's, unless the call's team has keys of its own (`routing.teams.<id>.booking`, on the Teams
 * and routing page). The page says, above its fields, each case type that asks for a call, which
 * teams its calls may go to (by the draft's rules, its answers not known yet), whether each
 * follows these hours or its own, and links to each team's own: the configuration has hours per
 * team, not per case type, so a case type's hours are its team's.
 */
import { html } from 'hono/html';
import type { Routing } from '../../contract/schemas/routing.ts';
import { possibleTeams } from '../../routing/choose-team.ts';
import type { Html } from '../pages/layout.ts';
import { caseTypeName, FORM_URL } from './parts.ts';
import { at, isRecord, languagesOf, listAt, shownAt, textIn } from './raw-config.ts';

/** A team's own booking keys, in the page's words. */
const OWN_KEYS: Readonly<Record<string, string>> = {
  timeZone: 'time zone',
  hours: 'hours',
  minutes: 'call length',
  bufferMinutes: 'time kept free',
  noticeHours: 'notice',
  horizonDays: 'days ahead',
  closed: 'days closed',
};

/** A case type that asks for a call: its name, and its appointment questions' labels. */
interface Asking {
  index: number;
  name: string;
  questions: string[];
}

/** The case types of the draft with a question of the type “A time to talk”. */
function askingCaseTypes(config: unknown): Asking[] {
  const first = languagesOf(config)[0];
  return listAt(config, ['caseTypes']).flatMap((caseType, index) => {
    const questions = listAt(caseType, ['questions'])
      .filter((question) => at(question, ['type']) === 'appointment')
      .map(
        (question) => textIn(at(question, ['label']), first).trim() || shownAt(question, ['id']),
      );
    return questions.length > 0 ? [{ index, name: caseTypeName(config, index), questions }] : [];
  });
}

/** The draft's rules as routing reads them: only what `possibleTeams` looks at. */
function rulesOf(routing: unknown): Pick<Routing, 'rules' | 'default'> {
  const rules = listAt(routing, ['rules']).flatMap((rule) => {
    const when = at(rule, ['when']);
    const team = shownAt(rule, ['team']);
    return isRecord(when) && team ? [{ when, team }] : [];
  });
  const teams = at(routing, ['teams']);
  const fallback = isRecord(teams) ? (Object.keys(teams)[0] ?? '') : '';
  return { rules, default: shownAt(routing, ['default']) || fallback };
}

/** The teams a case type's calls may go to, before any answer is known. */
function teamsOf(routing: unknown, caseType: string): string[] {
  const facts = { caseType, campaign: undefined, language: undefined, answers: {} };
  return [...possibleTeams(rulesOf(routing), { ...facts, known: new Set(), numbers: new Set() })];
}

/** One team's line: on these hours, or its own, with the way to its own on the routing page. */
function teamLine(routing: unknown, id: string, first: string | undefined): Html {
  const teams = at(routing, ['teams']);
  const index = isRecord(teams) ? Object.keys(teams).indexOf(id) : -1;
  if (index < 0) return html`the team “${id}”, which the teams do not hold yet`;
  const team = at(teams, [id]);
  const name = textIn(at(team, ['label']), first).trim() || id;
  const booking = at(team, ['booking']);
  const own = (isRecord(booking) ? Object.keys(booking) : []).flatMap((key) => OWN_KEYS[key] ?? []);
  // The team's booking keys start with its time zone, on its row of the routing page.
  const where = `${FORM_URL}/routing#f-teams-${String(index)}-booking-timeZone`;
  return own.length > 0
    ? html`${name}, on these hours but for its own ${own.join(', ')} (<a href="${where}"
          >change ${name}’s</a
        >)`
    : html`${name}, on these hours (<a href="${where}">give ${name} hours of its own</a>)`;
}

/** What the Booking page says above its fields of whose calls its hours are. */
export function bookingUses(config: unknown): Html {
  if (!isRecord(at(config, ['booking']))) return html``;
  const asking = askingCaseTypes(config);
  const routing = at(config, ['routing']);
  const first = languagesOf(config)[0];
  const lines = asking.map(({ index, name, questions }) => {
    const id = shownAt(config, ['caseTypes', index, 'id']);
    const asked = questions.map((label) => `“${label}”`).join(', ');
    const teams = isRecord(routing) ? teamsOf(routing, id) : [];
    return html`<li>
      <a href="${FORM_URL}/case-types/${String(index)}">${name}</a> (${asked}):
      ${
        teams.length === 0
          ? 'these hours'
          : html`calls go to
            ${teams.map((team, i) => html`${i > 0 ? '; or ' : ''}${teamLine(routing, team, first)}`)}`
      }
    </li>`;
  });
  return html`<section aria-labelledby="booking-uses">
    <h2 id="booking-uses">Whose calls these hours are</h2>
    <p>
      ${
        isRecord(routing)
          ? 'The form’s hours: each call follows them, unless the team it goes to has its own, on the Teams and routing page. A change here changes them for every case type below whose team has none.'
          : 'The form’s hours: every call follows them, whatever its case type. A change here changes them for each case type below.'
      }
    </p>
    ${
      asking.length === 0
        ? html`<p>
            No case type asks for a call yet: add a question of the type “A time to talk” to one.
          </p>`
        : html`<ul>
            ${lines}
          </ul>`
    }
  </section>`;
}
