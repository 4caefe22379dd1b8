/**
 * What the visitor chose, carried from the form in one language to the form in another. A
 * choice's answer is the label the visitor read (the proxy maps it back to its value), so it
 * changes with the language: it is carried by the option's position, which the configuration
 * keeps the same in every language. Everything typed is the visitor's own words and stays.
 */
import type { PublicFormConfig } from '#contract';
import type { Values } from '../draft.ts';

type Options = readonly string[] | undefined;

/** Each question's options, by question id: the chosen case type's win over the others'. */
function optionsById(config: PublicFormConfig, chosen: string): Map<string, Options> {
  const byId = new Map<string, Options>();
  const caseTypes = [...config.caseTypes].sort(
    (a, b) => Number(a.id === chosen) - Number(b.id === chosen),
  );
  for (const caseType of caseTypes)
    for (const question of caseType.questions) byId.set(question.id, question.options);
  return byId;
}

/** One label in the other language: the option at the same position, or as it was. */
const carried = (label: string, from: Options, to: Options) =>
  to?.[from?.indexOf(label) ?? -1] ?? label;

/**
 * Rewrites the choices in `values` from the labels of `before` to those of `after`; a label
 * `before` does not offer (already in the other language, after a reload) stays as it is.
 *
 * @example keepChoices(english, welsh, values) // answers.transaction: 'Selling' → 'Gwerthu'
 */
export function keepChoices(before: PublicFormConfig, after: PublicFormConfig, values: Values) {
  const from = optionsById(before, values.case_type);
  const to = optionsById(after, values.case_type);
  for (const [id, answer] of Object.entries(values.answers)) {
    const was = from.get(id);
    const now = to.get(id);
    values.answers[id] =
      typeof answer === 'string'
        ? carried(answer, was, now)
        : answer.map((label) => carried(label, was, now));
  }
}
