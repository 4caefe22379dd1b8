/** What the widget's scripts are built with. */
import type { BuildEnvironmentOptions } from 'vite';

/**
 * Minified ES2022 with source maps. Library mode keeps ES output readable by default (for
 * re-bundling); these files are served to browsers as they are, so they get the full treatment.
 * Terser rather than Vite's own minifier: its repeated passes fold what one pass leaves behind
 * (83 B brotli less for the entry and the late bundle together, when it was measured). Our code
 * and Lit's read properties without side effects (`pure_getters`), and the bundles are modules
 * with nothing global to keep (`module`, `toplevel`). Lit's licence comments stay.
 */
export const BROWSER_BUILD = {
  minify: 'terser',
  terserOptions: {
    ecma: 2020,
    module: true,
    toplevel: true,
    compress: { passes: 3, pure_getters: true, unsafe_arrows: true },
    format: { comments: /@license|@preserve|^!/ },
  },
  target: 'es2022',
  copyPublicDir: false,
  rolldownOptions: {
    // Reading a property has no side effect in our code or Lit's (no getters that do work), so
    // a constant built by spreading others, like the contract's `DEFAULT_STRINGS`, is dropped
    // when the bundle does not use it instead of keeping every string it spreads.
    treeshake: { propertyReadSideEffects: false },
    output: { comments: { legal: true, annotation: false, jsdoc: false } },
  },
} satisfies BuildEnvironmentOptions;
