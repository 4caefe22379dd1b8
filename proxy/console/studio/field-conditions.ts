/**
 * The studio's two controls that choose one earlier question and what its answer must be, each
 * a radio per question with its answers revealed under it (`data-reveal-for`, the studio's
 * script): `showIf` (when a question is shown: "Always", or after given options or words) and a
 * routing rule's reading of an answer (`docs/routing.md`: no answer read, or a question's options
 * ticked, a range for a number, `between`, or one answer a line, `equals`; left empty, the
 * question answered at all). The rule's is drawn, read back into its `when` (its other
 * conditions kept) and summed up in words here; `showIf`'s reading is `field-read.ts`'s.
 */
import { html } from 'hono/html';
import type { Html } from '../pages/layout.ts';
import { choiceGroup } from './choice-controls.ts';
import { tickBox, type Drawing } from './control-notes.ts';
import {
  idOf,
  nameOf,
  type AnswerField,
  type AnswerQuestion,
  type Condition,
  type ShowIfField,
} from './fields.ts';
import { labelOf } from './part-question.ts';
import { at, isRecord, listAt, shownAt, textIn, type Path } from './raw-config.ts';

const NUMBER = /^-?\d+(\.\d+)?$/;

/** The values `equals` holds, at `path` of `root`. */
const wantedAt = (root: unknown, path: Path) =>
  new Set([at(root, [...path, 'equals'])].flat().filter((v): v is string => typeof v === 'string'));

/**
 * A radio for no question (`none`), then one per question of `questions` (the one `root` holds
 * at `path` chosen), named by `words`,
 * each with `answers` revealed under it while it is chosen.
 */
function questionChoice<Q extends Condition>(
  field: { label: string; hint?: string | undefined },
  root: unknown,
  path: Path,
  drawing: Drawing,
  none: string,
  questions: readonly Q[],
  words: (asked: Q) => string,
  answers: (asked: Q, q: number, id: string, chosen: boolean) => Html,
): Html {
  const question = at(root, [...path, 'question']);
  const name = nameOf(path);
  const radio = (id: string, value: string, chosen: boolean, label: string, controls?: string) =>
    html`<div class="choice">
      <input
        type="radio"
        id="${id}"
        name="${name}.question"
        value="${value}"
        ${chosen ? 'checked' : ''}
        ${controls ? html`aria-controls="${controls}"` : ''}
      />
      <label for="${id}">${label}</label>
    </div>`;
  return choiceGroup(
    field.label,
    path,
    field.hint,
    drawing,
    html`${radio(`${idOf(path)}-none`, '', question === undefined, none)}
    ${questions.map((asked, q) => {
      const id = `${idOf(path)}-${String(q)}`;
      const chosen = question === asked.id;
      return html`${radio(id, asked.id, chosen, words(asked), `${id}-answers`)}
        <div class="reveal" id="${id}-answers" data-reveal-for="${id}">
          ${answers(asked, q, id, chosen)}
        </div>`;
    })}`,
  );
}

/** A tick box per option of `asked`, ticked where `wanted` holds its value. */
const optionTicks = (
  asked: Condition,
  name: string,
  q: number,
  id: string,
  ticked: (value: string) => boolean,
) =>
  html`${asked.options.map((option, o) => {
    const tick = `${id}-${String(o)}`;
    return html`<div class="choice">
      ${tickBox(tick, `${name}.equals.${String(q)}.${String(o)}`, ticked(option.value))}
      <label for="${tick}">${option.label}</label>
    </div>`;
  })}`;

/** `showIf`: always, or only after given answers to one earlier question. */
export function showIfControl(field: ShowIfField, root: unknown, path: Path, drawing: Drawing) {
  const wanted = wantedAt(root, path);
  const name = nameOf(path);
  return questionChoice(
    field,
    root,
    path,
    drawing,
    'Always',
    field.earlier,
    (earlier) => `Only after an answer to “${earlier.label}”`,
    (earlier, q, id, chosen) =>
      html`<p class="hint">Show it when the answer is:</p>
        ${
          earlier.options.length > 0
            ? optionTicks(earlier, name, q, id, (value) => chosen && wanted.has(value))
            : html`<label for="${id}-text">The answer</label>
                <input
                  id="${id}-text"
                  name="${name}.text.${String(q)}"
                  value="${chosen ? [...wanted].join(', ') : ''}"
                />`
        }`,
  );
}

/** A rule's reading of an answer, at `path` (the rule's `when`) of `root`. */
export function answerControl(field: AnswerField, root: unknown, path: Path, drawing: Drawing) {
  const wanted = wantedAt(root, path);
  const between = at(root, [...path, 'between']);
  const name = nameOf(path);
  const box = (id: string, box: string, label: string, value: string) =>
    html`<div class="field">
      <label for="${id}">${label}</label>
      <input class="number" id="${id}" name="${box}" inputmode="decimal" value="${value}" />
    </div>`;
  return questionChoice(
    field,
    root,
    path,
    drawing,
    'No answer is read',
    field.questions,
    (asked) => `An answer to “${asked.label}”`,
    (asked, q, id, chosen) => {
      const range = chosen && Array.isArray(between) ? between.map(String) : [];
      if (asked.options.length > 0)
        return html`<p class="hint">The answer is one of these (none ticked: any answer):</p>
          ${optionTicks(asked, name, q, id, (value) => chosen && wanted.has(value))}`;
      if (asked.number)
        return html`<p class="hint">
            The answer is from the first number to the second, both included (both empty: any
            answer).
          </p>
          <div class="inline-choices">
            ${box(`${id}-from`, `${name}.from.${String(q)}`, 'From', range[0] ?? '')}
            ${box(`${id}-to`, `${name}.to.${String(q)}`, 'To', range[1] ?? '')}
          </div>`;
      return html`<label for="${id}-text">The answer is one of these, one a line</label>
        <p class="hint">Empty: any answer.</p>
        <textarea id="${id}-text" name="${name}.text.${String(q)}" rows="2">
${chosen ? [...wanted].join('\n') : ''}</textarea>`;
    },
  );
}

/** Every question a rule may read, once by its id, with its options in the firm's words. */
export function answerQuestions(config: unknown, languages: readonly string[]): AnswerQuestion[] {
  const found = new Map<string, AnswerQuestion>();
  for (const caseType of listAt(config, ['caseTypes']))
    for (const q of listAt(caseType, ['questions'])) {
      const id = at(q, ['id']);
      if (typeof id !== 'string' || found.has(id)) continue;
      found.set(id, {
        id,
        label: labelOf(q, languages) || id,
        number: at(q, ['type']) === 'number',
        options: listAt(q, ['options']).map((option) => {
          const value = isRecord(option) ? shownAt(option, ['value']) : String(option);
          const label = isRecord(option) ? textIn(option.label, languages[0]) : value;
          return { value, label: label || value };
        }),
      });
    }
  return [...found.values()];
}

/** A typed number as the file holds it; what is not one kept as typed, for the schema to name. */
const numberOf = (typed: string | undefined): unknown => {
  const text = (typed ?? '').trim();
  return NUMBER.test(text) ? Number(text) : text === '' ? null : text;
};

/** The rule's `when` with the post's reading of an answer in place of `old`'s. */
export function readAnswer(
  field: AnswerField,
  name: string,
  old: unknown,
  form: Readonly<Record<string, string | undefined>>,
): unknown {
  const chosen = form[`${name}.question`];
  if (chosen === undefined) return old;
  const { question: _q, equals: _e, between: _b, ...others } = isRecord(old) ? old : {};
  const q = field.questions.findIndex((asked) => asked.id === chosen);
  const asked = field.questions[q];
  if (!asked) return Object.keys(others).length > 0 ? others : undefined;
  const at = String(q);
  let equals: string[] = [];
  let between: unknown[] | undefined;
  if (asked.options.length > 0)
    equals = asked.options
      .filter((_, o) => form[`${name}.equals.${at}.${String(o)}`] === 'on')
      .map((option) => option.value);
  else if (asked.number) {
    const range = [numberOf(form[`${name}.from.${at}`]), numberOf(form[`${name}.to.${at}`])];
    if (range.some((end) => end !== null)) between = range;
  } else
    equals = (form[`${name}.text.${at}`] ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  return {
    ...others,
    question: asked.id,
    ...(equals.length > 0 ? { equals: equals.length === 1 ? equals[0] : equals } : {}),
    ...(between ? { between } : {}),
  };
}

/** The reading in words, for someone who reads the form and does not edit it. */
export function answerWords(field: AnswerField, when: unknown): string {
  const id = shownAt(when, ['question']);
  if (!id) return 'No answer is read';
  const asked = field.questions.find((q) => q.id === id);
  const named = `“${asked?.label ?? id}”`;
  const between = at(when, ['between']);
  if (Array.isArray(between)) return `${named} is from ${between.map(String).join(' to ')}`;
  const equals = at(when, ['equals']);
  if (equals === undefined) return `${named} is answered`;
  const shown = [equals]
    .flat()
    .map((v) => `“${asked?.options.find((o) => o.value === v)?.label ?? JSON.stringify(v)}”`);
  return `${named} is ${shown.join(' or ')}`;
}
