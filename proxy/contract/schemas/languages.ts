/**
 * A configuration in several languages: `"languages": ["en", "cy"]` (the first is the firm's),
 * each visitor-visible text a string or `{"en": "…", "cy": "…"}`, each option a string or
 * `{"value": "tenant", "label": …}`. Every text is checked for every listed language here, and
 * the configuration is then written out once per language with plain strings in their place, so
 * the schema, the proxy and the widget only ever read a form in one language. Ids and option
 * values are not texts: they are the same in every language. Proxy only.
 */
import type { ConfigIssue } from './common.ts';

/** Where a configuration holds texts a visitor reads: a text, a list of options, or a shape. */
type Place = 'text' | 'texts' | 'options' | readonly [Place] | { readonly [key: string]: Place };

const STEP: Place = [{ title: 'text' }];

/** Every visitor-visible text of a configuration, by where it sits. */
const TEXTS: Place = {
  caseTypes: [
    {
      label: 'text',
      questions: [{ label: 'text', hint: 'text', options: 'options' }],
      steps: STEP,
    },
  ],
  steps: STEP,
  consent: { privacyNotice: { text: 'text' }, statements: [{ label: 'text' }] },
  firm: { name: 'text' },
  confirmation: { subject: 'text', intro: 'text', strings: 'texts' },
};

/** A configuration written out in each of its languages, and what stops it being read. */
export interface Localised {
  /** The configuration's `languages`, or the one language of a form that lists none. */
  languages: readonly string[];
  /** The configuration with plain texts, by language, in the order of `languages`. */
  inputs: ReadonlyMap<string, unknown>;
  /** Each text missing a language (or written in one not listed), with its JSON path. */
  issues: ConfigIssue[];
}

/** The language of a form that lists none: its texts are simply what the visitor reads. */
const ONLY = '';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The configuration in each of its languages.
 *
 * @example localise({ languages: ['en', 'cy'], caseTypes: [{ id: 'a', label: { en: 'A' } }] })
 * // issues: [{ path: ['caseTypes', 0, 'label'], message: 'no "cy"', missing: 'cy' }]
 */
export function localise(input: unknown): Localised {
  // `parseFormConfigs` has checked the list itself: here it only says which texts to expect.
  const languages: unknown = isRecord(input) ? input.languages : undefined;
  const listed = Array.isArray(languages)
    ? languages.filter((lang): lang is string => typeof lang === 'string')
    : undefined;
  const issues: ConfigIssue[] = [];
  const inputs = new Map<string, unknown>();
  (listed ?? [ONLY]).forEach((lang, i) => {
    // Every language has the same texts: report what is missing once, on the first walk.
    const report: Walk['report'] =
      i === 0
        ? (path, message, missing) => issues.push({ path, message, missing })
        : () => undefined;
    inputs.set(lang, write(input, TEXTS, { lang, listed, report }, []));
  });
  return { languages: listed ?? [ONLY], inputs, issues };
}

interface Walk {
  lang: string;
  listed: readonly string[] | undefined;
  report: (path: ConfigIssue['path'], message: string, missing?: string) => void;
}

type Path = (string | number)[];

function write(node: unknown, place: Place, walk: Walk, path: Path): unknown {
  if (place === 'text') return text(node, walk, path);
  if (place === 'texts')
    return isRecord(node)
      ? Object.fromEntries(Object.entries(node).map(([k, v]) => [k, text(v, walk, [...path, k])]))
      : node;
  if (place === 'options') return node; // the question writes its options and their labels
  if (Array.isArray(place)) {
    const [each] = place as readonly [Place];
    return Array.isArray(node)
      ? node.map((item, i) => write(item, each, walk, [...path, i]))
      : node;
  }
  if (!isRecord(node)) return node;
  const shape = place as Record<string, Place>;
  const out: Record<string, unknown> = { ...node };
  for (const [key, inner] of Object.entries(shape)) {
    if (key in node) out[key] = write(node[key], inner, walk, [...path, key]);
  }
  if (shape.options === 'options') writeOptions(node, out, walk, path);
  return out;
}

/**
 * A question's options become their values (what is sent and compared, in every language) and,
 * beside them, `optionLabels`: what the visitor reads, when any option is written as an object.
 */
function writeOptions(
  question: Record<string, unknown>,
  out: Record<string, unknown>,
  walk: Walk,
  path: Path,
): void {
  if ('optionLabels' in question)
    walk.report([...path, 'optionLabels'], 'not a field: write each option as {"value", "label"}');
  const options = question.options;
  if (!Array.isArray(options) || !options.some(isRecord)) return;
  const values: unknown[] = [];
  const labels: unknown[] = [];
  options.forEach((option, i) => {
    const at = [...path, 'options', i];
    if (!isRecord(option)) {
      values.push(option);
      labels.push(option);
    } else if (Object.keys(option).sort().join() !== 'label,value') {
      walk.report(at, 'an option is a text or {"value", "label"}');
    } else {
      values.push(option.value);
      labels.push(text(option.label, walk, [...at, 'label']));
    }
  });
  out.options = values;
  out.optionLabels = labels;
}

/** A text in the walk's language: a string as it is, a translation by its language. */
function text(node: unknown, walk: Walk, path: Path): unknown {
  if (!isRecord(node)) return node;
  if (!walk.listed) {
    walk.report(path, 'a text in several languages needs "languages" at the top');
    return undefined;
  }
  for (const lang of walk.listed) {
    if (!(lang in node)) walk.report(path, `no "${lang}"`, lang);
  }
  for (const lang of Object.keys(node)) {
    if (!walk.listed.includes(lang))
      walk.report(path, `"${lang}" is not in "languages" (${walk.listed.join(', ')})`);
  }
  return node[walk.lang];
}
