import { minifyHTMLLiterals } from 'minify-literals';
import type { Plugin } from 'vite';

/**
 * The CSS and HTML in the widget's `css` and `html` template literals, minified (whitespace,
 * comments): a tenth of the bundle was indentation. Our own sources only; Lit ships minified.
 */
export function minifiedLiterals(): Plugin {
  // minify-literals 1.x: html-minifier-terser and clean-css run on Node 20 (2.x wants Node 22).
  return {
    name: 'enquiry-form:minified-literals',
    apply: 'build',
    async transform(code, id) {
      if (!/\/(widget|proxy\/contract)\/.*\.ts$/.test(id)) return null;
      const minified = await minifyHTMLLiterals(code, {
        fileName: id,
        // Never remove a space entirely (`${label} <span>(optional)</span>` keeps its space),
        // nor an empty attribute (`<option value="">` means "no choice", not its text).
        minifyOptions: { conservativeCollapse: true, removeEmptyAttributes: false },
      });
      return minified && { code: minified.code, map: minified.map?.toString() ?? null };
    },
  };
}
