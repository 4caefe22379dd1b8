/**
 * The part of Lit this bundle needs, without a second copy of Lit. A template result is plain
 * data (`{ _$litType$, strings, values }`) that any Lit 3 renders, and `nothing` is a symbol
 * from the global registry, so templates made here are rendered by the element's own Lit. Lit
 * keeps these two stable across versions so that copies of it can share templates;
 * `lit-tags.test.ts` holds us to Lit's own. Styles are adopted as constructable stylesheets, as
 * Lit adopts the element's own (no `style` element, so `style-src 'self'` is enough).
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

/** Adds `cssText` to the styles of `root` (the element's shadow root), after its own. */
export function adoptStyles(root: ShadowRoot, cssText: string): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(cssText);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
