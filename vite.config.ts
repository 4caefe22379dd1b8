/**
 * Builds the widget: `widget/index.ts` → one minified ES module, Lit inside, with its source map,
 * at `dist/widget/enquiry-form.js` (the proxy serves it as `/enquiry-form.js`).
 *
 * The build fails when the bundle grows past its brotli budget: every landing page pays for these
 * bytes before a visitor can type, so growth should be a decision, not an accident.
 */
import { brotliCompressSync, gzipSync } from 'node:zlib';
import MagicString from 'magic-string';
import { minifyHTMLLiterals } from 'minify-literals';
import { defineConfig, type Plugin } from 'vite';

/**
 * The one place the budget lives. 21 KB since the widget learnt the kinds the proxy converts
 * (HEIC, WebP, Word...: their names, types and magic bytes, 0.9 KB). Splitting the bundle (the
 * file picker's code loaded on first use) is what brings it back under 20 KB.
 */
export const WIDGET_BROTLI_BUDGET_BYTES = 21 * 1024;

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

/**
 * Lit's browser build touches the DOM as its modules load (`class … extends HTMLElement`,
 * `document.createTreeWalker`), which throws where server rendering (Next.js, Nuxt, Astro)
 * imports the widget. Lit's own Node build guards both the same way; this does it in our
 * bundle, and fails the build if a Lit update changes what it rewrites.
 */
function serverSafeLit(): Plugin {
  const rewrites: { file: string; from: RegExp; to: string }[] = [
    {
      file: '/@lit/reactive-element/reactive-element.js',
      from: /class (\w+) extends HTMLElement\{/,
      to: 'class $1 extends(globalThis.HTMLElement??class{}){',
    },
    {
      file: '/lit-html/lit-html.js',
      from: /(\w+)=document,/,
      to: '$1=globalThis.document??{createTreeWalker(){return{}}},',
    },
  ];
  return {
    name: 'enquiry-form:server-safe-lit',
    apply: 'build',
    transform(code, id) {
      const rewrite = rewrites.find(({ file }) => id.endsWith(file));
      if (!rewrite) return null;
      const match = rewrite.from.exec(code);
      if (!match) this.error(`${rewrite.file} no longer has ${String(rewrite.from)}`);
      const edited = new MagicString(code);
      const [found] = match;
      edited.overwrite(
        match.index,
        match.index + found.length,
        found.replace(rewrite.from, rewrite.to),
      );
      return { code: edited.toString(), map: edited.generateMap({ hires: true }) };
    },
  };
}

/**
 * The CSS and HTML in the widget's `css` and `html` template literals, minified (whitespace,
 * comments): a tenth of the bundle was indentation. Our own sources only; Lit ships minified.
 */
function minifiedLiterals(): Plugin {
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
  plugins: [minifiedLiterals(), serverSafeLit(), sizeBudget(WIDGET_BROTLI_BUDGET_BYTES)],
});
