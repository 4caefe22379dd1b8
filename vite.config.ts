/**
 * Builds the widget: `widget/index.ts` → one minified ES module, Lit inside, with its source map,
 * at `dist/widget/enquiry-form.js` (the proxy serves it as `/enquiry-form.js`).
 *
 * The build fails when the bundle grows past its brotli budget: every landing page pays for these
 * bytes before a visitor can type, so growth should be a decision, not an accident.
 */
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/** The one place the budget lives. */
export const WIDGET_BROTLI_BUDGET_BYTES = 20 * 1024;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Packages that must never reach the browser. The contract's schemas use zod; the widget imports
 * only their types (and the dependency-free rules), so a value import slipping in is a mistake.
 */
const SERVER_ONLY = ['/node_modules/zod/'];

/**
 * Prints raw, gzip and brotli sizes of each emitted script; fails past the budget or when a
 * server-only package was bundled.
 */
function sizeBudget(budget: number): Plugin {
  return {
    name: 'enquiry-form:size-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        const leaked = file.moduleIds.filter((id) => SERVER_ONLY.some((dir) => id.includes(dir)));
        if (leaked.length > 0) this.error(`server-only modules in ${file.fileName}: ${leaked[0]}`);
        const raw = Buffer.from(file.code);
        const brotli = brotliCompressSync(raw).length;
        const line = `${file.fileName}: ${kb(raw.length)} raw, ${kb(gzipSync(raw, { level: 9 }).length)} gzip, ${kb(brotli)} brotli (budget ${kb(budget)})`;
        console.log(line);
        if (brotli > budget) this.error(`over the size budget: ${line}`);
      }
    },
  };
}

export default defineConfig({
  build: {
    outDir: 'dist/widget',
    emptyOutDir: true,
    sourcemap: true,
    minify: true,
    target: 'es2022',
    copyPublicDir: false,
    rolldownOptions: {
      // Library mode keeps ES output readable by default (for re-bundling); this file is served
      // to browsers as it is, so it gets the full treatment. Lit's licence comments stay.
      output: { minify: true, comments: { legal: true, annotation: false, jsdoc: false } },
    },
    lib: {
      entry: 'widget/index.ts',
      formats: ['es'],
      fileName: () => 'enquiry-form.js',
    },
  },
  plugins: [sizeBudget(WIDGET_BROTLI_BUDGET_BYTES)],
});
