/**
 * The widget as an npm package of its own, for apps built with React, Vue, Next.js, Nuxt or
 * Astro (`npm run pack:widget`). It holds the element's module, its late part as a chunk the
 * app's bundler serves with the app, the types an app compiles against, the custom-elements
 * manifest and a README: nothing of the proxy, the demo or the tests.
 *
 * The script tag's build (`vite.config.ts`) fetches its late bundle by a URL beside the script;
 * an app's bundler cannot follow that, so here the late part is a plain `import()` of a chunk
 * (`widget/late-bundle.ts` takes that path when no late bundle name is written in).
 */
import { execFile } from 'node:child_process';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build, type Rolldown } from 'vite';
import { BROWSER_BUILD } from './browser-options.ts';
import { minifiedLiterals } from './minified-literals.ts';
import { serverSafeLit } from './server-safe-lit.ts';
import { refuseServerOnly } from './size-budget.ts';

/** Where the package is put together (the tarball goes beside it, in `dist/`). */
export const PACKAGE_DIR = 'dist/package';
/** The module that defines `<enquiry-form>`: the package's `.` export. */
const ENTRY = 'enquiry-form.js';

/**
 * Builds the element's module and its chunks (the late part, and what it shares with the entry)
 * into `PACKAGE_DIR`; returns the chunks' file names.
 */
async function buildModules(): Promise<string[]> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    // No late bundle or part names: `loadLate()` imports the late part (and each loader of the
    // entry's parts its part), and the build makes each a chunk.
    define: {
      __LATE_BUNDLE__: 'undefined',
      __STEPS_PART__: 'undefined',
      __DRAWN_PART__: 'undefined',
    },
    // Lit's production build whoever runs this (Vitest sets NODE_ENV=test, which would pick
    // Lit's development build: its warnings, and a `document` read at import on a server).
    resolve: { conditions: ['module', 'browser', 'production'] },
    build: {
      ...BROWSER_BUILD,
      outDir: PACKAGE_DIR,
      emptyOutDir: true,
      sourcemap: true,
      lib: { entry: 'widget/index.ts', formats: ['es'], fileName: () => ENTRY },
      rolldownOptions: {
        ...BROWSER_BUILD.rolldownOptions,
        output: {
          ...BROWSER_BUILD.rolldownOptions.output,
          chunkFileNames: 'enquiry-form.chunk-[hash].js',
        },
      },
    },
    plugins: [minifiedLiterals(), serverSafeLit()],
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((output) => output.output).filter((file) => file.type === 'chunk');
  for (const chunk of chunks) {
    const leaked = refuseServerOnly(chunk.fileName, chunk.moduleIds);
    if (leaked) throw new Error(leaked);
  }
  return chunks.map((chunk) => chunk.fileName);
}

/**
 * The manifest `cem analyze` wrote for the build (`dist/widget/custom-elements.json`), cut to
 * the element, its module named as the package names it.
 */
async function packageManifest(): Promise<object> {
  const manifest = JSON.parse(await readFile('dist/widget/custom-elements.json', 'utf8')) as {
    schemaVersion: string;
    modules: { path: string; declarations?: { customElement?: boolean; name: string }[] }[];
  };
  const element = manifest.modules
    .flatMap((module) => module.declarations ?? [])
    .find((declaration) => declaration.customElement);
  if (!element) throw new Error('the manifest has no custom element: run npm run build first');
  const declaration = { name: element.name, module: ENTRY };
  const { superclass: _internal, ...publicDeclaration } = element as Record<string, unknown>;
  return {
    schemaVersion: manifest.schemaVersion,
    modules: [
      {
        kind: 'javascript-module',
        path: ENTRY,
        declarations: [publicDeclaration],
        exports: [
          { kind: 'js', name: element.name, declaration },
          { kind: 'custom-element-definition', name: 'enquiry-form', declaration },
        ],
      },
    ],
  };
}

/** The package's own `package.json`: the repository's name, version and licence. */
async function packageJson(): Promise<object> {
  const product = JSON.parse(await readFile('package.json', 'utf8')) as {
    name: string;
    version: string;
    license: string;
  };
  return {
    name: product.name,
    version: product.version,
    description:
      'The <enquiry-form> web component: an accessible enquiry form that sends to the enquiry-form proxy.',
    license: product.license,
    type: 'module',
    exports: {
      '.': { types: './enquiry-form.d.ts', default: `./${ENTRY}` },
      './frameworks': { types: './frameworks.d.ts' },
      './custom-elements.json': './custom-elements.json',
      './package.json': './package.json',
    },
    types: './enquiry-form.d.ts',
    customElements: 'custom-elements.json',
    // Importing the entry defines the element; the late chunk only when the form asks for it.
    sideEffects: [`./${ENTRY}`],
    keywords: ['web-component', 'custom-element', 'lit', 'enquiry', 'form', 'lead'],
  };
}

/**
 * Puts the package together in `PACKAGE_DIR`; returns the chunks' files beside the package's own
 * (every file it holds is a decision: the pack test lists them).
 */
export async function buildWidgetPackage(): Promise<string[]> {
  const chunks = await buildModules();
  const write = (name: string, value: object) =>
    writeFile(join(PACKAGE_DIR, name), `${JSON.stringify(value, null, 2)}\n`);
  await write('custom-elements.json', await packageManifest());
  await write('package.json', await packageJson());
  await copyFile('widget/package/README.md', join(PACKAGE_DIR, 'README.md'));
  await copyFile('widget/types/enquiry-form.d.ts', join(PACKAGE_DIR, 'enquiry-form.d.ts'));
  await copyFile('widget/types/frameworks.d.ts', join(PACKAGE_DIR, 'frameworks.d.ts'));
  return chunks.filter((name) => name !== ENTRY).flatMap((name) => [name, `${name}.map`]);
}

/**
 * Builds the package and packs it with `npm pack` into `dist/`; resolves with the tarball's
 * absolute path.
 *
 * @example const tarball = await packWidget(); // …/dist/enquiry-form-0.1.0.tgz
 */
export async function packWidget(): Promise<string> {
  await buildWidgetPackage();
  const { stdout } = await promisify(execFile)(
    'npm',
    ['pack', '--json', '--pack-destination', resolve('dist'), '--loglevel', 'error'],
    { cwd: PACKAGE_DIR },
  );
  const [packed] = JSON.parse(stdout) as { filename: string }[];
  if (!packed) throw new Error('npm pack made no tarball');
  return resolve('dist', packed.filename);
}
