/**
 * Which team a lead goes to (`docs/routing.md`): the first rule of `routing.rules` whose every
 * condition holds, else `routing.default`. Decided once, at intake, from the enquiry as it was
 * accepted (its case type, the answers to the questions it showed, its campaign, the language
 * it was read in), and kept with the lead. The same rules, with only some facts known, say which
 * team a funnel cell's visitors are bound for, when its case type, campaign and variant decide it.
 */
import { isAnswered } from '../contract/answer-rules.ts';
import type { Answer } from '../contract/schemas/enquiry-part.ts';
import type { Routing, RoutingRule } from '../contract/schemas/routing.ts';

/** What rules are decided on; a fact left undefined is not known (a funnel cell's language). */
export interface LeadFacts {
  caseType: string | undefined;
  campaign: string | undefined;
  language: string | undefined;
  /** The answers, by question id, of the questions the visitor was shown (option values). */
  answers: Readonly<Record<string, Answer>>;
  /** The questions whose answers are known; absent: every one (no answer means not answered). */
  known?: ReadonlySet<string>;
  /** The number questions among them, whose answers compare as numbers. */
  numbers: ReadonlySet<string>;
}

/** The team chosen, and the index of the rule that chose it (none: the default). */
export interface TeamChoice {
  team: string;
  rule: number | undefined;
}

const sameNumber = (a: string, b: string) => Number(a) === Number(b);

/** Whether `rule`'s conditions hold for `facts`: true, false, or undefined when it depends on what is not known. */
function holds(rule: RoutingRule['when'], facts: LeadFacts): boolean | undefined {
  const known = (
    fact: string | undefined,
    wanted: string | undefined,
    same = (a: string, b: string) => a === b,
  ) => (wanted === undefined ? true : fact === undefined ? undefined : same(fact, wanted));
  const results = [
    known(facts.caseType, rule.caseType),
    known(facts.campaign?.trim(), rule.campaign, (a, b) => a.toLowerCase() === b.toLowerCase()),
    known(facts.language, rule.language),
    answerHolds(rule, facts),
  ];
  if (results.includes(false)) return false;
  return results.includes(undefined) ? undefined : true;
}

function answerHolds(rule: RoutingRule['when'], facts: LeadFacts): boolean | undefined {
  const id = rule.question;
  if (id === undefined) return true;
  if (facts.known && !facts.known.has(id)) return undefined;
  const answer = Object.hasOwn(facts.answers, id) ? facts.answers[id] : undefined;
  if (!isAnswered(answer)) return false;
  const given = [answer].flat();
  const isNumber = facts.numbers.has(id);
  if (rule.between) {
    const [from, to] = rule.between;
    return given.some((each) => isNumber && Number(each) >= from && Number(each) <= to);
  }
  if (rule.equals === undefined) return true;
  const wanted = [rule.equals].flat();
  return given.some((each) =>
    wanted.some((value) => (isNumber ? sameNumber(each, value) : each === value)),
  );
}

/**
 * The teams a lead with `facts` may go to: one when the facts decide it, several when a rule
 * before the deciding one reads what is not known.
 */
export function possibleTeams(
  routing: Pick<Routing, 'rules' | 'default'>,
  facts: LeadFacts,
): Set<string> {
  const teams = new Set<string>();
  for (const rule of routing.rules) {
    const verdict = holds(rule.when, facts);
    if (verdict === undefined) teams.add(rule.team);
    if (verdict === true) return teams.add(rule.team);
  }
  return teams.add(routing.default);
}

/**
 * The team of a lead whose facts are all known: the first rule that holds, else the default.
 *
 * @example chooseTeam(routing, facts) // { team: 'property', rule: 1 }
 */
export function chooseTeam(routing: Routing, facts: LeadFacts): TeamChoice {
  const rule = routing.rules.findIndex((each) => holds(each.when, { ...facts, known: undefined }));
  const chosen = routing.rules[rule];
  return chosen ? { team: chosen.team, rule } : { team: routing.default, rule: undefined };
}
