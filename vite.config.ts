/**
 * Builds the widget into `dist/widget/` (the proxy serves both files):
 * - `enquiry-form.js` from `widget/index.ts`: lit-html, the element and what its first render
 *   needs;
 * - `enquiry-form.late-<hash>.js` from `widget/late/index.ts`: sending, file checks, the error
 *   summary, loaded once the form is on screen (`bundle/late-bundle.ts` says why it is a build of
 *   its own), and its chunks for what only some forms use (the steps, the Turnstile check);
 * - the entry's parts, fetched before the first render by the forms that draw them (the steps,
 *   the take-over of a drawn form);
 * each minified with its source map, without the annotations Terser keeps for bundlers
 * (`bundle/without-annotations.ts`). The build fails past a brotli budget
 * (`bundle/size-budget.ts`).
 */
import { defineConfig, type UserConfig } from 'vite';
import { BROWSER_BUILD } from './bundle/browser-options.ts';
import { buildLate, emitLate, partNamed } from './bundle/late-bundle.ts';
import { annotationsDropped } from './bundle/without-annotations.ts';
import { minifiedLiterals } from './bundle/minified-literals.ts';
import { leanLit } from './bundle/lean-lit.ts';
import { serverSafeLit } from './bundle/server-safe-lit.ts';
import { sizeBudget } from './bundle/size-budget.ts';

export default defineConfig(async ({ command }): Promise<UserConfig> => {
  // The late bundle is built first: the entry is told its name.
  const late = command === 'build' ? await buildLate() : undefined;
  return {
    build: {
      outDir: 'dist/widget',
      emptyOutDir: true,
      ...BROWSER_BUILD,
      sourcemap: true,
      lib: { entry: 'widget/index.ts', formats: ['es'], fileName: () => 'enquiry-form.js' },
    },
    define: late
      ? {
          __LATE_BUNDLE__: JSON.stringify(late.fileName),
          __STEPS_PART__: JSON.stringify(partNamed(late, 'steps part')),
          __DRAWN_PART__: JSON.stringify(partNamed(late, 'drawn form part')),
        }
      : {},
    plugins: [
      minifiedLiterals(),
      serverSafeLit(),
      leanLit(),
      ...(late ? [emitLate(late)] : []),
      annotationsDropped(),
      sizeBudget(late),
    ],
  };
});
