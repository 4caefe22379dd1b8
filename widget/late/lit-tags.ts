/**
 * The part of Lit this bundle needs, without a second copy of Lit. A template result is plain
 * data (`{ _$litType$, strings, values }`) that any Lit 3 renders, and `nothing` is a symbol
 * from the global registry, so templates made here are rendered by the element's own Lit. Lit
 * keeps these two stable across versions so that copies of it can share templates;
 * `lit-tags.test.ts` holds us to Lit's own. Styles are adopted as constructable stylesheets (no
 * `style` element, so `style-src 'self'` is enough). The entry uses `css` and `adoptStyles` too
 * (`element-base.ts`); each bundle has its own copy of these few lines.
 */
import type { TemplateResult, nothing as litNothing } from 'lit';

/** Lit's `html` tag. */
export const html = (strings: TemplateStringsArray, ...values: unknown[]): TemplateResult<1> => ({
  ['_$litType$']: 1,
  strings,
  values,
});

/** Lit's `nothing`: renders as no content, or removes an attribute. */
export const nothing = Symbol.for('lit-nothing') as typeof litNothing;

/** CSS as text, tagged `css` so the build minifies it as it minifies the element's. */
export const css = (strings: TemplateStringsArray): string => strings.join('');

/** One sheet per text: every form on a page shares its styles, parsed once. */
const sheets = new Map<string, CSSStyleSheet>();

/** Adds `cssText` to the styles of `root` (the element's shadow root), after those it has. */
export function adoptStyles(root: ShadowRoot, cssText: string): void {
  let sheet = sheets.get(cssText);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(cssText);
    sheets.set(cssText, sheet);
  }
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
