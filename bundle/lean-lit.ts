import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * What lit-html's browser build carries that this widget never uses, cut out of our bundles:
 * the hooks for the old Shady DOM polyfills and the page-wide list of Lit versions (the element
 * needs `adoptedStyleSheets`, which no polyfilled browser has), the `svg` and `mathml`
 * templates (the widget writes `html` only), and directives (ESLint refuses their modules in the
 * widget), whose resolution every part's value went through on every render. Each rewrite must still find what it cuts, so a Lit
 * update that changes it fails the build instead of silently keeping the bytes.
 */
const CUTS: { name: string; from: RegExp; to: string }[] = [
  {
    name: 'polyfill hooks and version list',
    from: /,(\w+)=(\w+)\.litHtmlPolyfillSupport;\1\?\.\(\w+,\w+\),\(\2\.litHtmlVersions\?\?=\[\]\)\.push\("[\d.]+"\);/,
    to: ';',
  },
  {
    // Directives (`lit/directive.js`, `lit/directives/*`) are refused by ESLint in the widget:
    // every value a part is given is plain, so resolving one as a directive is an identity.
    name: 'directive resolution',
    from: /function (\w+)\((\w+),(\w+),(\w+)=\2,(\w+)\)\{if\(\3===\w+\)return \3;let \w+=void 0!==\5\?\4\._\$Co\?\.\[\5\]:\4\._\$Cl;.{0,300}?\._\$litDirective\$;.{0,300}?\(\3=\1\(\2,\w+\._\$AS\(\2,\3\.values\),\w+,\5\)\),\3\}/,
    to: 'function $1($2,$3){return $3}',
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
        edited.overwrite(
          match.index,
          match.index + match[0].length,
          match[0].replace(cut.from, cut.to),
        );
      }
      return { code: edited.toString(), map: edited.generateMap({ hires: true }) };
    },
  };
}
