/**
 * The studio's fields for someone who reads the form and does not edit it (a marketer, staff):
 * the same descriptions as the editor's controls (`fields.ts`), drawn as a summary list, each
 * text in every language with a missing one marked, and no control to change anything.
 */
import { html } from 'hono/html';
import type { Html } from '../pages/layout.ts';
import { answerWords } from './field-conditions.ts';
import { itemWords, type Field } from './fields.ts';
import { at, languageName, listAt, missingIn, textIn, type Path, shownAt } from './raw-config.ts';

const NOT_SET = html`<span class="muted">Not set</span>`;

function textValue(
  field: Extract<Field, { kind: 'text' }>,
  value: unknown,
  languages: readonly string[],
): Html {
  if (!field.translated || languages.length === 0)
    return textIn(value, undefined) ? html`${textIn(value, undefined)}` : NOT_SET;
  if (value === undefined) return NOT_SET;
  return html`<ul class="plain">
    ${languages.map(
      (lang) =>
        html`<li>
          <span class="muted">${languageName(lang)}:</span>
          ${missingIn(value, lang) ? html`<strong class="tag">missing</strong>` : html`<span lang="${lang}">${textIn(value, lang)}</span>`}
        </li>`,
    )}
  </ul>`;
}

function value(field: Field, root: unknown, path: Path, languages: readonly string[]): Html {
  const found = at(root, path);
  switch (field.kind) {
    case 'text':
      return textValue(field, found, languages);
    case 'number':
      return typeof found === 'number'
        ? html`${String(found / (field.scale ?? 1))}${field.unit ? ` ${field.unit}` : ''}`
        : found === undefined
          ? NOT_SET
          : html`${shownAt(root, path)}`;
    case 'flag':
      return html`${found === true ? 'Yes' : 'No'}`;
    case 'choice': {
      const choice = field.choices.find((c) => c.value === found);
      return choice
        ? html`${choice.label}`
        : found === undefined
          ? html`${field.none ?? 'Not set'}`
          : html`${shownAt(root, path)}`;
    }
    case 'checks': {
      const ticked = field.choices.filter((c) => Array.isArray(found) && found.includes(c.value));
      return ticked.length > 0 ? html`${ticked.map((c) => c.label).join(', ')}` : NOT_SET;
    }
    case 'id':
      return typeof found === 'string' && found ? html`<code>${found}</code>` : NOT_SET;
    case 'source': {
      const kind =
        at(found, ['param']) !== undefined
          ? 'param'
          : at(found, ['attribute']) !== undefined
            ? 'attribute'
            : '';
      if (!kind) return html`Nowhere`;
      const name = shownAt(found, [kind]);
      return html`${kind === 'param' ? 'The page’s address, parameter' : 'The tag’s attribute'}
        <code>${name}</code>`;
    }
    case 'showIf': {
      if (found === undefined) return html`Always`;
      const earlier = field.earlier.find((q) => q.id === at(found, ['question']));
      const equals = [at(found, ['equals'])]
        .flat()
        .map((v) => earlier?.options.find((o) => o.value === v)?.label ?? String(v));
      return html`Only after “${earlier?.label ?? shownAt(found, ['question'])}” is answered
      ${equals.map((v) => `“${v}”`).join(' or ')}`;
    }
    case 'answer':
      return html`${answerWords(field, found)}`;
    case 'list':
      return summaryList(field, root, path, languages);
  }
}

function summaryList(
  field: Extract<Field, { kind: 'list' }>,
  root: unknown,
  path: Path,
  languages: readonly string[],
): Html {
  const rows = listAt(root, path).map((item) => (field.row ? field.row(item) : item));
  if (rows.length === 0) return html`<span class="muted">None</span>`;
  return html`<ol class="items">
    ${rows.map(
      (row, i) =>
        html`<li>
          <p class="label">${itemWords(field, row, i)}</p>
          ${summaryOf(field.fields(row, i), row, languages)}
        </li>`,
    )}
  </ol>`;
}

/** A page's fields as a summary list of `root`'s values. */
export function summaryOf(
  fields: readonly Field[],
  root: unknown,
  languages: readonly string[],
): Html {
  return html`<dl class="summary-list">
    ${fields.map(
      (field) =>
        html`<div>
          <dt>${field.label}</dt>
          <dd>${value(field, root, field.path, languages)}</dd>
        </div>`,
    )}
  </dl>`;
}
