/**
 * A configuration's problem as the studio shows it beside its field: where it is in words (the
 * question, case type or statement by its label, then the field), and what is wrong, never a
 * JSON path alone. A text missing a language says which language, by its English name, and
 * which text: `The Welsh for "Which lender?" is missing.`
 */
import type { ConfigIssue } from '../contract/schemas/common.ts';
import type { StudioIssue } from './form-studio.ts';

type Path = readonly (string | number)[];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What sits at `path` in `config`, if anything. */
function at(config: unknown, path: Path): unknown {
  let node = config;
  for (const part of path) {
    if (Array.isArray(node) && typeof part === 'number') node = node[part];
    else if (isRecord(node) && typeof part === 'string') node = node[part];
    else return undefined;
  }
  return node;
}

/** A text as the firm reads it: itself, or its first language's. */
function firstText(config: unknown, text: unknown): string | undefined {
  if (typeof text === 'string') return text;
  if (!isRecord(text)) return undefined;
  const languages = at(config, ['languages']);
  const first: unknown = Array.isArray(languages) ? languages[0] : undefined;
  const chosen = typeof first === 'string' ? text[first] : Object.values(text)[0];
  return typeof chosen === 'string' ? chosen : undefined;
}

/** An item of a list (a case type, a question, a statement) by its label, else its id or place. */
function named(config: unknown, path: Path, what: string): string {
  const item = at(config, path);
  const label = isRecord(item) ? firstText(config, item.label) : undefined;
  const id = isRecord(item) && typeof item.id === 'string' ? item.id : undefined;
  if (label) return `the ${what} "${label}"`;
  if (id) return `the ${what} ${id}`;
  return `${what} ${String(Number(path.at(-1)) + 1)}`;
}

/** The fields a firm knows by another name. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  showIf: 'condition (showIf)',
  maxLength: 'longest answer (maxLength)',
  from: 'value source (from)',
  prefill: 'prefill',
  optionLabels: 'option labels',
  privacyNotice: 'privacy notice',
  caseTypeRadiosUpTo: 'case types as radios (caseTypeRadiosUpTo)',
  thankYouUrl: 'thank-you page (thankYouUrl)',
};

/** The rest of a path, after the item it is in: `its options, option 2`. */
function rest(parts: Path): string {
  const words = parts.map((part, i) =>
    typeof part === 'number'
      ? `${parts[i - 1] === 'options' ? 'option' : 'item'} ${String(part + 1)}`
      : (FIELD_WORDS[part] ?? part),
  );
  return words.length > 0 ? `, its ${words.join(', ')}` : '';
}

/**
 * Where `path` is in `config`, in words.
 *
 * @example placeInWords(config, ['caseTypes', 0, 'questions', 1, 'options']) // 'the question "Which lender?" in "Buying or selling a property", its options'
 */
function placeInWords(config: unknown, path: Path): string {
  const [top, i, below, j] = path;
  if (top === 'caseTypes' && typeof i === 'number') {
    const caseType = named(config, ['caseTypes', i], 'case type');
    if (below === 'questions' && typeof j === 'number') {
      const question = named(config, path.slice(0, 4), 'question');
      return `${question} in ${caseType.replace(/^the case type /, '')}${rest(path.slice(4))}`;
    }
    return `${caseType}${rest(path.slice(2))}`;
  }
  if (top === 'consent' && i === 'statements' && typeof below === 'number')
    return `${named(config, path.slice(0, 3), 'consent statement')}${rest(path.slice(3))}`;
  if (top === 'languages' && typeof i === 'number')
    return `the language "${String(at(config, path))}"`;
  if (top === 'strings' && typeof i === 'string') return `the strings file for "${i}"`;
  if (top === undefined) return 'the form';
  return `the form's ${String(FIELD_WORDS[top] ?? top)}${rest(path.slice(1))}`;
}

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** A language's name in English (`Welsh`), or its tag when it has none. */
const languageName = (tag: string) =>
  new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(tag) ?? tag;

/**
 * A problem the configuration's check found, in words, with its JSON path (a missing
 * translation's ends with the language).
 *
 * @example studioIssue(config, { path: ['caseTypes', 0, 'label'], message: 'no "cy"', missing: 'cy' }).message // 'The Welsh for "Buying or selling a property" is missing.'
 */
export function studioIssue(config: unknown, issue: ConfigIssue): StudioIssue {
  if (issue.missing !== undefined) {
    const text = firstText(config, at(config, issue.path));
    const which = text ? `"${text}"` : placeInWords(config, issue.path);
    return {
      path: [...issue.path, issue.missing],
      rule: 'translation',
      message: `The ${languageName(issue.missing)} for ${which} is missing.`,
    };
  }
  const message = issue.message.replace(/\.?$/, '.');
  return {
    path: issue.path,
    rule: 'schema',
    message: `${capitalised(placeInWords(config, issue.path))}: ${message}`,
    detail: issue.message,
  };
}
