import { readFileSync } from 'node:fs';
import MagicString from 'magic-string';
import { minifyHTMLLiterals } from 'minify-literals';
import type { Plugin } from 'vite';

/** Our own sources only; Lit ships minified. */
const OURS = /\/(widget|proxy\/contract)\/.*\.ts$/;

/**
 * The CSS and HTML in the widget's `css` and `html` template literals, minified (whitespace,
 * comments): a tenth of the bundle was indentation. Our own sources only; Lit ships minified.
 * The theme's private custom properties get short names first (`shortCustomProperties`).
 */
export function minifiedLiterals(): Plugin[] {
  // minify-literals 1.x: html-minifier-terser and clean-css run on Node 20 (2.x wants Node 22).
  const minify: Plugin = {
    name: 'enquiry-form:minified-literals',
    apply: 'build',
    async transform(code, id) {
      if (!OURS.test(id)) return null;
      const minified = await minifyHTMLLiterals(code, {
        fileName: id,
        // Never remove a space entirely (`${label} <span>(optional)</span>` keeps its space),
        // nor an empty attribute (`<option value="">` means "no choice", not its text).
        minifyOptions: { conservativeCollapse: true, removeEmptyAttributes: false },
      });
      return minified && { code: minified.code, map: minified.map?.toString() ?? null };
    },
  };
  return [shortCustomProperties(), minify];
}

/** Where the theme declares its private custom properties (`--_text: ...` on `:host`). */
const THEME = new URL('../widget/enquiry-form.styles.ts', import.meta.url);
const PRIVATE_PROPERTY = /--_[a-z][a-z-]*/g;

/**
 * Short names for the theme's private custom properties, by the order the theme declares them:
 * `--_text` is `--_0`, `--_background` `--_1`... The names are read often (`var(--_text)` in
 * every rule), and brotli cannot make a long name as cheap as a short one. Both bundles are built
 * with the same names, as the late bundle's styles read the entry's properties; a name the theme
 * does not declare fails the build, since the browser would ignore it without a word.
 */
export function customPropertyRenamer(theme: string) {
  const declared = [...theme.matchAll(/(--_[a-z][a-z-]*):/g)].map(([, name]) => name ?? '');
  const short = new Map(declared.map((name, i) => [name, `--_${i.toString(36)}`]));
  return (code: string): MagicString | undefined => {
    const renamed = new MagicString(code);
    for (const match of code.matchAll(PRIVATE_PROPERTY)) {
      const name = short.get(match[0]);
      if (!name) throw new Error(`${match[0]} is not declared by the theme (${THEME.pathname})`);
      renamed.overwrite(match.index, match.index + match[0].length, name);
    }
    return renamed.hasChanged() ? renamed : undefined;
  };
}

function shortCustomProperties(): Plugin {
  const rename = customPropertyRenamer(readFileSync(THEME, 'utf8'));
  return {
    name: 'enquiry-form:short-custom-properties',
    apply: 'build',
    transform(code, id) {
      if (!OURS.test(id)) return null;
      const renamed = rename(code);
      return renamed && { code: renamed.toString(), map: renamed.generateMap({ hires: true }) };
    },
  };
}
