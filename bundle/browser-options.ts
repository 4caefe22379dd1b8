/** What both widget bundles are built with. */
import type { BuildEnvironmentOptions } from 'vite';

/**
 * Minified ES2022 with source maps. Library mode keeps ES output readable by default (for
 * re-bundling); these files are served to browsers as they are, so they get the full treatment.
 * Lit's licence comments stay.
 */
export const BROWSER_BUILD = {
  minify: true,
  target: 'es2022',
  copyPublicDir: false,
  rolldownOptions: {
    // Reading a property has no side effect in our code or Lit's (no getters that do work), so
    // a constant built by spreading others, like the contract's `DEFAULT_STRINGS`, is dropped
    // when the bundle does not use it instead of keeping every string it spreads.
    treeshake: { propertyReadSideEffects: false },
    output: { minify: true, comments: { legal: true, annotation: false, jsdoc: false } },
  },
} satisfies BuildEnvironmentOptions;
