/**
 * Teams and routing (`"routing"`, `docs/routing.md`) on one page: whether leads go to teams at
 * all, the teams (each a label, its people, one at a time in turn or all told, a webhook of its
 * own), the rules in order (a case type, a language, a campaign, an answer, and the team), the
 * team of a lead no rule sends elsewhere, and whether notices quote what the visitor typed. The
 * file keeps teams by their id (`{"property": {…}}`); the page lists them, the id a field of each
 * (`view`, `stored`), and a problem the schema finds under a team's id is placed beside that
 * team's field (`viewPath`). A team, case type or question named by a rule is offered once saved.
 */
import { proposeId } from '../../studio/propose-id.ts';
import { answerQuestions } from './field-conditions.ts';
import { bookingStored, bookingView, bookingViewPath, teamBookingFields } from './part-booking.ts';
import type { Choice, Field, ListField } from './fields.ts';
import {
  at,
  isRecord,
  languageName,
  listAt,
  shownAt,
  textIn,
  type JsonObject,
  type Path,
} from './raw-config.ts';

/** What the routing page's fields need of the form around them. */
export interface RoutingContext {
  config: unknown;
  languages: readonly string[];
  /** `WEBHOOK_ENDPOINTS`' urls: a team may name one as its own. */
  webhookUrls: readonly string[];
}

/** The teams of the draft as the page lists them: `[id, team]`. */
const teamsOf = (routing: unknown): [string, unknown][] => {
  const teams = at(routing, ['teams']);
  return isRecord(teams) ? Object.entries(teams) : [];
};

/** The teams as choices, by their label. */
const teamChoices = (config: unknown): Choice[] =>
  teamsOf(at(config, ['routing'])).map(([id, team]) => ({
    value: id,
    label: shownAt(team, ['label']) || id,
  }));

/** The hint of a choice of team while the draft has none. */
const noTeamYet = (config: unknown) =>
  teamChoices(config).length === 0 ? { hint: 'No team yet: add one above and save.' } : {};

/** A team's fields. */
function teamFields(context: RoutingContext): Field[] {
  const { webhookUrls } = context;
  return [
    { kind: 'text', path: ['label'], label: 'Name', required: true },
    {
      kind: 'id',
      path: ['id'],
      label: 'Id',
      fixed: false,
      hint: 'What the platform is told (routed_to) and the console files the team’s leads under. Left empty, it is proposed from the name. Letters, digits, _ and -.',
    },
    {
      kind: 'text',
      path: ['people'],
      label: 'Its people’s email addresses',
      hint: 'One a line: each new lead’s notice goes to them.',
      lines: 3,
      code: true,
    },
    { kind: 'flag', path: ['roundRobin'], label: 'One person at a time, in turn' },
    webhookUrls.length > 0
      ? {
          kind: 'choice',
          path: ['webhook'],
          label: 'A webhook of its own',
          hint: 'That endpoint is then sent this team’s leads and no other’s.',
          none: 'None: the endpoints that are sent every lead',
          choices: webhookUrls.map((url) => ({ value: url, label: url })),
        }
      : {
          kind: 'text',
          path: ['webhook'],
          label: 'A webhook of its own',
          hint: 'The url of one of WEBHOOK_ENDPOINTS, which lists none on this proxy.',
          type: 'url',
          code: true,
        },
    ...teamBookingFields(context.config),
  ];
}

/** A rule's fields: its conditions, then its team. */
function ruleFields(context: RoutingContext): Field[] {
  const { config, languages } = context;
  const caseTypes = listAt(config, ['caseTypes']).map((caseType) => ({
    value: shownAt(caseType, ['id']),
    label: textIn(at(caseType, ['label']), languages[0]) || shownAt(caseType, ['id']),
  }));
  return [
    {
      kind: 'choice',
      path: ['when', 'caseType'],
      label: 'The case type',
      none: 'Any case type',
      choices: caseTypes,
    },
    ...(languages.length > 1
      ? [
          {
            kind: 'choice',
            path: ['when', 'language'],
            label: 'The language the visitor read the form in',
            none: 'Any language',
            choices: languages.map((lang) => ({ value: lang, label: languageName(lang) })),
          } satisfies Field,
        ]
      : []),
    {
      kind: 'text',
      path: ['when', 'campaign'],
      label: 'The campaign',
      hint: 'The enquiry’s campaign, whatever its case. Left empty: any campaign.',
      code: true,
    },
    {
      kind: 'answer',
      path: ['when'],
      label: 'An answer',
      questions: answerQuestions(config, languages),
    },
    {
      kind: 'choice',
      path: ['team'],
      label: 'Then the lead goes to',
      ...noTeamYet(config),
      choices: teamChoices(config),
    },
  ];
}

/** A rule named by its team: `to “Private client”`. */
const ruleName = (config: unknown) => (row: unknown) => {
  const team = at(row, ['team']);
  const label = teamChoices(config).find((choice) => choice.value === team)?.label;
  return label ? `to “${label}”` : '';
};

/** The routing page's fields. */
export function routingFields(context: RoutingContext): Field[] {
  const teams: ListField = {
    kind: 'list',
    path: ['teams'],
    label: 'Teams',
    hint: 'A team added here is offered to the rules below once saved. Who is away is marked on the Teams page.',
    noun: 'team',
    name: (row) => (shownAt(row, ['label']) ? `“${shownAt(row, ['label'])}”` : ''),
    fields: () => teamFields(context),
  };
  const rules: ListField = {
    kind: 'list',
    path: ['rules'],
    label: 'Rules, tried in order',
    hint: 'The first rule whose every condition holds chooses the team. A condition left at “any” always holds.',
    noun: 'rule',
    name: ruleName(context.config),
    fields: () => ruleFields(context),
  };
  return [
    {
      kind: 'choice',
      path: ['route'],
      label: 'Send each lead to a team',
      hint: 'The team’s people are told of each new lead by email, and the platform is told its team.',
      choices: [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No: every lead goes to the firm as one' },
      ],
    },
    teams,
    rules,
    {
      kind: 'choice',
      path: ['default'],
      label: 'A lead no rule matches goes to',
      hint: 'Until one is chosen, the first team.',
      ...noTeamYet(context.config),
      choices: teamChoices(context.config),
    },
    {
      kind: 'flag',
      path: ['includeAnswers'],
      label: 'The team’s email quotes what the visitor typed',
      hint: 'Their details and answers. Left unticked, the email gives the reference, the case type, why it came to the team, and a link to the console.',
    },
  ];
}

/** Routing as the page reads it: on or off, and the teams as a list, each with its id. */
export function routingView(block: unknown): JsonObject {
  return {
    ...(isRecord(block) ? block : {}),
    route: block === undefined ? 'no' : 'yes',
    teams: teamsOf(block).map(([id, team]) => ({
      id,
      ...(isRecord(team) ? team : {}),
      people: listAt(team, ['people']).map(String).join('\n'),
      ...(isRecord(at(team, ['booking']))
        ? { booking: bookingView(at(team, ['booking']), true) }
        : {}),
    })),
  };
}

/** Routing as the file holds it: none when off, the teams by their id (proposed when left empty). */
export function routingStored(view: unknown): unknown {
  const { route, teams, ...block } = isRecord(view) ? view : {};
  if (route === 'no') return undefined;
  const byId: JsonObject = {};
  for (const row of Array.isArray(teams) ? teams : []) {
    const { id, people, booking, ...team } = isRecord(row) ? row : {};
    const own = bookingStored(booking, true);
    const typed = typeof id === 'string' ? id.trim() : '';
    // Two teams of one id would be one in the file: the second is numbered, never dropped.
    const key = proposeId(typed || shownAt(team, ['label']), new Set(Object.keys(byId)), 'team');
    byId[typed && !(typed in byId) ? typed : key] = {
      ...team,
      people: (typeof people === 'string' ? people : '')
        .split(/[\n,;]/)
        .map((address) => address.trim())
        .filter(Boolean),
      ...(own ? { booking: own } : {}),
    };
  }
  // A team to send to before any is chosen: the first, as the field's hint says.
  const first = Object.keys(byId)[0];
  return {
    ...block,
    teams: byId,
    ...(block.default === undefined && first ? { default: first } : {}),
  };
}

/** A problem's place in the file (`teams.property.people`) as the page lists it (`teams.0.people`). */
export function routingViewPath(path: Path, block: unknown): Path {
  const [top, id, ...rest] = path;
  if (top !== 'teams' || typeof id !== 'string') return path;
  const index = teamsOf(block).findIndex(([key]) => key === id);
  if (index < 0) return ['teams'];
  // A bad id is the key itself; an address is one line of the people's box.
  if (rest.length === 0) return ['teams', index, 'id'];
  if (rest[0] === 'booking') return ['teams', index, 'booking', ...bookingViewPath(rest.slice(1))];
  return ['teams', index, ...(rest[0] === 'people' ? ['people'] : rest)];
}
