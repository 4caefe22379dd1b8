/**
 * A routing rule in the firm's words, with the labels of its case type, question and options in
 * the firm's language: what the team's notice and the lead's page say about why a lead came to
 * a team, and what the console's teams page lists. Kept with the lead when it is routed, so the
 * page still says why after the rules change.
 */
import type { FormConfig, Question } from '../contract/schemas/form-config.ts';
import type { RoutingRule } from '../contract/schemas/routing.ts';
import type { TeamChoice } from './choose-team.ts';

const quoted = (text: string) => `“${text}”`;

/** Each of `values` as the firm reads it (an option's label where it has one), joined. */
function valuesOf(question: Question | undefined, values: readonly string[]): string {
  const shown = values.map((value) => {
    const at = question?.options?.indexOf(value) ?? -1;
    return quoted(question?.optionLabels?.[at] ?? value);
  });
  return shown.length === 1 ? (shown[0] ?? '') : `one of ${shown.join(', ')}`;
}

/**
 * What `when` asks, in words.
 *
 * @example conditionWords(config, rule.when) // 'the case type is “Family” and “Urgent?” is “Yes”'
 */
export function conditionWords(config: FormConfig, when: RoutingRule['when']): string {
  const caseType = config.caseTypes.find((each) => each.id === when.caseType);
  const questions = caseType ? [caseType] : config.caseTypes;
  const question = questions
    .flatMap((each) => each.questions)
    .find((each) => each.id === when.question);
  const label = question ? quoted(question.label) : quoted(when.question ?? '');
  const parts = [
    when.caseType ? `the case type is ${quoted(caseType?.label ?? when.caseType)}` : '',
    when.question && when.equals !== undefined
      ? `${label} is ${valuesOf(question, [when.equals].flat())}`
      : '',
    when.question && when.between
      ? `${label} is from ${String(when.between[0])} to ${String(when.between[1])}`
      : '',
    when.question && when.equals === undefined && !when.between ? `${label} is answered` : '',
    when.campaign ? `the campaign is ${quoted(when.campaign)}` : '',
    when.language ? `the form was read in ${quoted(when.language)}` : '',
  ];
  return parts.filter((part) => part !== '').join(' and ');
}

/**
 * Why a lead went to its team: the rule that matched, numbered as the firm counts (from 1), or
 * the default.
 *
 * @example ruleWords(config, { team: 'family', rule: 0 }) // 'rule 1: the case type is “Family”'
 */
export function ruleWords(config: FormConfig, choice: TeamChoice): string {
  const rule = choice.rule === undefined ? undefined : config.routing?.rules[choice.rule];
  if (!rule || choice.rule === undefined) return 'no rule matched, so the default team';
  return `rule ${String(choice.rule + 1)}: ${conditionWords(config, rule.when)}`;
}
