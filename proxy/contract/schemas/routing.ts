/**
 * `"routing"` in the form configuration (`docs/routing.md`): the firm's teams, each with the
 * addresses of its people, and ordered rules that send a lead to one of them (the first rule
 * whose every condition holds, else `default`). Everything a rule names is checked here against
 * the rest of the configuration, each problem at its JSON path, so a rule that could never
 * match, or a team nobody defined, stops the start (and a publish, which parses the same way).
 * Proxy only (zod); no visitor ever reads this block (`GET /api/form` leaves it out).
 */
import { z } from 'zod';
import { answerRefusal, type AnswerRules } from '../answer-rules.ts';
import type { IssueCode } from '../issues.ts';
import { teamBookingSchema } from './booking.ts';
import { id, languageTag, peopleList, readerKey, webUrl } from './common.ts';

/** The upstream meta entries routing adds: a question must not take these ids. */
export const ROUTING_META_IDS = ['routed_to', 'repeat_of'] as const;

const value = z.string().trim().min(1, 'must not be empty').max(500);

/** What a rule looks at; every condition given must hold. */
const whenSchema = z.strictObject({
  /** The case type the visitor chose (or the page fixed). */
  caseType: id.optional(),
  /** A question whose answer the rule reads, with `equals` or `between`; alone: answered at all. */
  question: id.optional(),
  /** The answer (a ticked option of a checkbox question), or any of a list. */
  equals: z.union([value, z.array(value).min(1).max(100)]).optional(),
  /** A number question's answer from the first to the second, both included. */
  between: z.tuple([z.number(), z.number()]).optional(),
  /** The campaign the enquiry carries, compared without regard to case. */
  campaign: z.string().trim().min(1).max(200).optional(),
  /** The language the visitor read the form in: one of the form's `languages`. */
  language: languageTag.optional(),
});

const teamSchema = z.strictObject({
  /** What the firm calls the team (the console, the notice). */
  label: z.string().trim().min(1, 'must not be empty').max(200),
  /** Who hears of each lead: everyone, or one at a time with `roundRobin`. */
  people: peopleList,
  /** Each lead to the next person in turn, skipping anyone marked away in the console. */
  roundRobin: z.boolean().default(false),
  /** One of `WEBHOOK_ENDPOINTS` by its `url`: it is then sent this team's leads only. */
  webhook: webUrl.optional(),
  /** The team's own hours, zone or slot length, over the form's `booking` (`./booking.ts`). */
  booking: teamBookingSchema.optional(),
});

/** The whole block. */
export const routingSchema = z.strictObject({
  teams: z
    .record(id, teamSchema)
    .refine((teams) => Object.keys(teams).length > 0, 'must define at least one team')
    .refine((teams) => Object.keys(teams).length <= 50, 'at most 50 teams'),
  rules: z
    .array(z.strictObject({ when: whenSchema, team: id }))
    .max(100)
    .default([]),
  /** The team of a lead no rule sends elsewhere. */
  default: id,
  /** The team's email quotes what the visitor typed (their details and answers) when true. */
  includeAnswers: z.boolean().default(false),
});

/** The parsed block. */
export type Routing = z.output<typeof routingSchema>;
/** One rule. */
export type RoutingRule = Routing['rules'][number];
/** One team. */
export type Team = Routing['teams'][string];

/** What a routing rule is checked against: the configuration's case types and languages. */
interface ConfigFacts {
  caseTypes: readonly {
    id: string;
    questions: readonly (AnswerRules & { id: string })[];
  }[];
  languages?: readonly string[] | undefined;
}

type AddIssue = (path: (string | number)[], message: string) => void;

/** Why a rule's value is one its question cannot take, in words. */
const REFUSED: Partial<Record<IssueCode, string>> = {
  not_an_option: 'is not an option of',
  not_a_number: 'is not a number, as the answers to',
  out_of_range: 'is outside the range of',
  invalid_date: 'is not a date, as the answers to',
};

/**
 * Every problem of `routing` against the rest of the configuration: a team, case type, question
 * or language no rule may name, a value its question cannot take, a range on a question that is
 * not a number, and a question whose id routing gives a meta entry of its own.
 */
export function checkRouting(routing: Routing, config: ConfigFacts, add: AddIssue): void {
  const teams = Object.keys(routing.teams);
  if (!teams.includes(routing.default))
    add(['routing', 'default'], `"${routing.default}" is not a team (${teams.join(', ')})`);
  routing.rules.forEach((rule, r) => {
    const at = (...path: (string | number)[]) => ['routing', 'rules', r, ...path];
    if (!teams.includes(rule.team))
      add(at('team'), `"${rule.team}" is not a team (${teams.join(', ')})`);
    checkWhen(rule.when, config, (path, message) => {
      add(at('when', ...path), message);
    });
  });
  config.caseTypes.forEach((caseType, c) => {
    caseType.questions.forEach((question, q) => {
      // Whatever its case: the platform reads `Routed_To` as `routed_to`.
      const meta = ROUTING_META_IDS.find((each) => each === readerKey(question.id));
      if (meta)
        add(
          ['caseTypes', c, 'questions', q, 'id'],
          `"${question.id}" is the meta entry upstream that routing writes${meta === question.id ? '' : ` ("${meta}")`}`,
        );
    });
  });
}

/**
 * A team's `webhook` that is not one of `WEBHOOK_ENDPOINTS` (`urls`): its secret lives in the
 * environment, never in the configuration, so the team names an endpoint listed there.
 */
export function checkTeamWebhooks(routing: Routing, urls: readonly string[], add: AddIssue): void {
  for (const [team, { webhook }] of Object.entries(routing.teams))
    if (webhook !== undefined && !urls.includes(webhook))
      add(
        ['routing', 'teams', team, 'webhook'],
        urls.length > 0
          ? `${webhook} is not one of WEBHOOK_ENDPOINTS (${urls.join(', ')})`
          : `${webhook} is not one of WEBHOOK_ENDPOINTS, which lists none`,
      );
}

function checkWhen(when: RoutingRule['when'], config: ConfigFacts, add: AddIssue): void {
  if (Object.keys(when).length === 0)
    add([], 'names nothing to match, so every lead would match it: use "default"');
  const caseTypes = when.caseType
    ? config.caseTypes.filter((caseType) => caseType.id === when.caseType)
    : config.caseTypes;
  if (when.caseType && caseTypes.length === 0)
    add(['caseType'], `"${when.caseType}" is not a case type`);
  if (when.language && !config.languages?.includes(when.language))
    add(
      ['language'],
      config.languages?.length
        ? `"${when.language}" is not one of "languages" (${config.languages.join(', ')})`
        : 'the form lists no "languages": every visitor reads it in one',
    );
  if (when.equals !== undefined && when.between !== undefined)
    add(['between'], 'a rule reads an answer with "equals" or "between", not both');
  if (!when.question) {
    if (when.equals !== undefined) add(['equals'], 'needs a "question" whose answer it compares');
    if (when.between !== undefined) add(['between'], 'needs a "question" whose answer it ranges');
    return;
  }
  const asked = caseTypes.flatMap((caseType) =>
    caseType.questions.filter((question) => question.id === when.question),
  );
  if (asked.length === 0) {
    const where = when.caseType ? `of "${when.caseType}"` : 'of any case type';
    add(['question'], `"${when.question}" is not a question ${where}`);
    return;
  }
  for (const question of asked) {
    [when.equals ?? []].flat().forEach((wanted, i) => {
      const refused = answerRefusal(question, wanted);
      const words = refused && (REFUSED[refused] ?? 'is not an answer the form takes to');
      if (words)
        add(
          Array.isArray(when.equals) ? ['equals', i] : ['equals'],
          `"${wanted}" ${words} "${question.id}"`,
        );
    });
    if (when.between && question.type !== 'number')
      add(['between'], `"${question.id}" is a ${question.type} question: a range needs a number`);
    else if (when.between && when.between[0] > when.between[1])
      add(['between'], 'the first number must not be more than the second');
  }
}
