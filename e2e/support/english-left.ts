/**
 * Finds English on a page that should be wholly in another language: every English string of
 * the product (`ENGLISH`) and every English text of a form's configuration, each as a pattern
 * whose `{placeholders}` (and ICU plural blocks) match anything, looked for in what a visitor
 * reads or hears: the page's text, the form's shadow root, its live regions and the names
 * written in attributes (`aria-label`, `title`, `placeholder`, `alt`).
 *
 * English that the other language writes the same way ("PDF", a firm's name, a word both
 * languages borrow) is not English left behind: a pattern that matches any of the other
 * language's own texts is left out, derived from those texts rather than listed by hand.
 */
import type { Page } from '@playwright/test';
import { formatBytes } from '../../proxy/contract/messages.ts';
import { ENGLISH } from '../../proxy/contract/strings/english.ts';

/** An English text and the pattern that finds it on a page. */
export interface EnglishText {
  /** Where it comes from: a key of `ENGLISH`, or a configuration's JSON path. */
  source: string;
  text: string;
  pattern: RegExp;
}

/** The spans of a template that are words: what lies outside its (nested) `{…}` blocks. */
function literalSpans(template: string): string[] {
  const spans: string[] = [];
  let span = '';
  let depth = 0;
  for (const char of template) {
    if (char === '{') {
      if (depth === 0) {
        spans.push(span);
        span = '';
      }
      depth += 1;
    } else if (char === '}') depth = Math.max(0, depth - 1);
    else if (depth === 0) span += char;
  }
  return [...spans, span];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A template as a pattern: its words as written (any run of spaces as any space), each
 * placeholder as up to a line of anything, and no word cut in two at either end.
 *
 * @example patternOf('{name} added').test('“plan.pdf” added') // true
 */
function patternOf(template: string): RegExp | undefined {
  const spans = literalSpans(template);
  // A template that is all placeholders, or a letter or two, says nothing English by itself.
  if (spans.join('').replace(/[^\p{L}]/gu, '').length < 2) return undefined;
  const body = spans
    .map((span) => escape(span.trim()).replace(/\s+/g, '\\s+'))
    .join('[^\\n]{0,300}?');
  const start = /^\p{L}/u.test(template) ? '(?<!\\p{L})' : '';
  const end = /\p{L}$/u.test(template) ? '(?!\\p{L})' : '';
  return new RegExp(`${start}${body}${end}`, 'iu');
}

/** A configuration text as a visitor reads it: a Markdown link is its words. */
const asRead = (text: string) => text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');

/**
 * Every text of a configuration file in `lang`, by JSON path: the `lang` value of each
 * translated text (`{"en": "…", "cy": "…"}`); a plain string is the same in every language.
 */
function configTexts(json: unknown, lang: string, path = ''): [string, string][] {
  if (Array.isArray(json))
    return json.flatMap((item, i) => configTexts(item, lang, `${path}[${i}]`));
  if (typeof json !== 'object' || json === null) return [];
  const entries = Object.entries(json as Record<string, unknown>);
  const text = (json as Record<string, unknown>)[lang];
  if (typeof text === 'string' && entries.every(([, value]) => typeof value === 'string'))
    return [[path, asRead(text)]];
  return entries.flatMap(([key, value]) => configTexts(value, lang, path ? `${path}.${key}` : key));
}

/** Sizes as English writes them (a file's row, the picker's hint), their number a placeholder. */
const englishSizes = [44, 2048, 3 * 2 ** 20].map((bytes) =>
  formatBytes(bytes, 'en').replace(/[\d.,]+/, '{size}'),
);
/** Sizes as `lang` writes them, by `Intl` (CLDR's words), not by the code under test. */
const sizesIn = (lang: string) =>
  ['byte', 'kilobyte', 'megabyte'].map((unit) =>
    new Intl.NumberFormat(lang, { style: 'unit', unit }).format(2),
  );

/**
 * The English a page in `lang` must not show: the product's strings, its sizes' units and the
 * configuration's English, less whatever the language's own texts (`ownTexts`: its strings, the
 * configuration and the sizes in it) also match.
 */
export function englishToFind(configJson: unknown, lang: string, ownTexts: string[]) {
  const own = [
    ...ownTexts,
    ...configTexts(configJson, lang).map(([, text]) => text),
    ...sizesIn(lang),
  ];
  const candidates = [
    ...Object.entries(ENGLISH),
    ...englishSizes.map((size) => ['size', size] as const),
    ...configTexts(configJson, 'en').map(([path, text]) => [path, text] as const),
  ].flatMap(([source, text]): EnglishText[] => {
    const pattern = patternOf(text);
    return pattern ? [{ source, text, pattern }] : [];
  });
  const shared = candidates.filter(({ pattern }) => own.some((words) => pattern.test(words)));
  return { find: candidates.filter((c) => !shared.includes(c)), shared: shared.map((c) => c.text) };
}

/** What a visitor reads or hears on the page: its text, the form's, its live regions and names. */
function readableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const roots: (Document | ShadowRoot)[] = [document];
    for (const host of document.querySelectorAll('enquiry-form'))
      if (host.shadowRoot) roots.push(host.shadowRoot);
    const parts = [document.body.innerText];
    for (const root of roots) {
      if (root instanceof ShadowRoot)
        for (const child of root.children)
          if (child instanceof HTMLElement) parts.push(child.innerText);
      for (const live of root.querySelectorAll('[aria-live], [role=status], [role=alert]'))
        parts.push(live.textContent);
      for (const named of root.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))
        for (const name of ['aria-label', 'title', 'placeholder', 'alt'])
          parts.push(named.getAttribute(name) ?? '');
    }
    return parts.join('\n');
  });
}

/** The English texts found on the page now, as `source: text` lines (none is what we want). */
export async function englishOn(page: Page, english: EnglishText[]): Promise<string[]> {
  const shown = await readableText(page);
  return english
    .filter(({ pattern }) => pattern.test(shown))
    .map(({ source, text }) => `${source}: ${text}`);
}
