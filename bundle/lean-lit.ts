import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * What lit-html's browser build carries that this widget never uses, cut out of our bundles:
 * the hooks for the old Shady DOM polyfills and the page-wide list of Lit versions (the element
 * needs `adoptedStyleSheets`, which no polyfilled browser has), and the `svg` and `mathml`
 * templates (the widget writes `html` only). Each rewrite must still find what it cuts, so a Lit
 * update that changes it fails the build instead of silently keeping the bytes.
 */
const CUTS: { name: string; from: RegExp; to: string }[] = [
  {
    name: 'polyfill hooks and version list',
    from: /,(\w+)=(\w+)\.litHtmlPolyfillSupport;\1\?\.\(\w+,\w+\),\(\2\.litHtmlVersions\?\?=\[\]\)\.push\("[\d.]+"\);/,
    to: ';',
  },
  { name: 'svg and mathml openers', from: /2===(\w+)\?"<svg>":3===\1\?"<math>":""/, to: '""' },
  {
    name: 'svg and mathml closers',
    from: /\+\(2===\w+\?"<\/svg>":3===\w+\?"<\/math>":""\)/,
    to: '',
  },
  {
    name: 'svg and mathml unwrapping',
    from: /,2===(\w+)\|\|3===\1\)\{const (\w+)=this\.el\.content\.firstChild;\2\.replaceWith\(\.\.\.\2\.childNodes\)\}/,
    to: ');',
  },
];

export function leanLit(): Plugin {
  return {
    name: 'enquiry-form:lean-lit',
    apply: 'build',
    transform(code, id) {
      if (!id.endsWith('/lit-html/lit-html.js')) return null;
      const edited = new MagicString(code);
      for (const cut of CUTS) {
        const match = cut.from.exec(code);
        if (!match) this.error(`lit-html no longer has its ${cut.name} (${String(cut.from)})`);
        edited.overwrite(match.index, match.index + match[0].length, cut.to);
      }
      return { code: edited.toString(), map: edited.generateMap({ hires: true }) };
    },
  };
}
