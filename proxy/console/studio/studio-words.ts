/**
 * A problem in the studio's words: the field it is beside named as its page names it (“When to
 * show it”, “Option 2: “No”: Stored value”), never by the file's key (`showIf`), and what to do
 * said as what to do on the page (“Add at least one option.”, “Choose a team.”), never how to
 * write it in a file (`{"value": …}`). The checks behind them are the file's (`proxy/studio/`):
 * only their words change here, so the studio and the file can never disagree on what is wrong.
 * A schema's words this table does not know are said as they are, after the field's name.
 */
import type { StudioIssue } from '../../studio/form-studio.ts';
import type { Field } from './fields.ts';

/** The field a problem is beside, as `locate.ts` found it. */
export interface NamedField {
  name: string;
  kind?: Field['kind'] | undefined;
}

type Rewrite = (match: RegExpExecArray, field: NamedField) => string;

/** The schema's words (`detail`) the studio says otherwise, first match wins. */
const REWRITES: readonly (readonly [RegExp, Rewrite])[] = [
  [/^Too small: expected array to have >=1 items?$/, () => 'Add at least one.'],
  [/^required for type (radio|select)$/, () => 'Add the options the visitor chooses from.'],
  [
    /^must not repeat an option$/,
    () => 'Two options have the same stored value: give each its own.',
  ],
  [
    /^must not be empty$|^Too small: expected string to have >=1 characters?$/,
    () => 'It may not be left empty.',
  ],
  [
    /^Invalid input: expected (string|number|boolean), received (undefined|null)$/,
    (_, field) =>
      field.kind === 'choice'
        ? 'Choose one.'
        : field.kind === 'number' || field.kind === 'answer'
          ? 'Enter a number.'
          : 'It may not be left empty.',
  ],
  [/^Invalid input: expected number, received string$/, () => 'Enter a number, in digits.'],
  [/^Too big: expected number to be <=(\S+)$/, ([, n]) => `Enter ${n ?? ''} or less.`],
  [/^Too small: expected number to be >=(\S+)$/, ([, n]) => `Enter ${n ?? ''} or more.`],
  [/^Too big: expected number to be <(\S+)$/, ([, n]) => `Enter less than ${n ?? ''}.`],
  [/^Invalid input: expected int, received number$/, () => 'Enter a whole number.'],
  [
    /^Too big: expected string to have <=(\d+) characters?$/,
    ([, n]) => `Use ${n ?? ''} characters at most.`,
  ],
  [
    /^"(.+)" is not an earlier question of this case type$/,
    ([, id]) =>
      `It names “${id ?? ''}”, which is not a question before this one: choose an earlier question, or Always.`,
  ],
  [
    /^"(.+)" is not an option of "(.+)"$/,
    ([, value]) => `“${value ?? ''}” is not one of that question’s options now: tick one that is.`,
  ],
  [/^must define at least one team$/, () => 'Add a team: its name and its people’s addresses.'],
  [
    /^"(.+)" is not a team \(.*\)$/,
    ([, team]) => `“${team ?? ''}” is not one of the teams now: choose one that is.`,
  ],
  [
    /^"(.+)" is not a case type$/,
    ([, id]) => `“${id ?? ''}” is not one of the case types now: choose one that is.`,
  ],
  [
    /^names nothing to match, so every lead would match it: use "default"$/,
    () =>
      'It names nothing to match, so every lead would match it: choose a condition, or remove the rule and choose its team under “A lead no rule matches goes to”.',
  ],
  [
    /^a rule reads an answer with "equals" or "between", not both$/,
    () => 'Read the answer as a range or as some answers, not both.',
  ],
  [
    /^"(.+)" is a (\w+) question: a range needs a number$/,
    () => 'A range reads a number question’s answer: choose one, or tick answers instead.',
  ],
  [
    /^the first number must not be more than the second$/,
    () => 'The first number must not be more than the second.',
  ],
  [
    /^must start with a letter and use only letters, digits, _ and -, up to 64 characters$/,
    () => 'Start it with a letter, then use only letters, digits, _ and -, up to 64 characters.',
  ],
];

/** What to do, after a field's name and a colon. */
const lowered = (words: string) => words.charAt(0).toLowerCase() + words.slice(1);

/**
 * `issue` as the studio says it beside `field` (and in the page's summary, after the page's name
 * on the form's page): the studio's own words where the check gave them, else the field's name
 * and what to do.
 *
 * @example studioWords({ path, rule: 'schema', message, detail: 'Too small: expected array to have >=1 items' }, { name: 'Options', kind: 'list' }) // 'Options: add at least one.'
 */
export function studioWords(issue: StudioIssue, field: NamedField | undefined): string {
  if (issue.studio !== undefined) return issue.studio;
  if (issue.rule !== 'schema' || issue.detail === undefined || !field) return issue.message;
  for (const [pattern, rewrite] of REWRITES) {
    const match = pattern.exec(issue.detail);
    if (match) return `${field.name}: ${lowered(rewrite(match, field))}`;
  }
  return `${field.name}: ${issue.detail.replace(/\.?$/, '.')}`;
}
