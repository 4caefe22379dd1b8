/**
 * The files the entry loads after itself, each built on its own before the entry, so that none
 * imports anything from it. Code splitting would have them import what they share with the
 * entry from `./enquiry-form.js`, a URL that is not the page's own when the page pins a build
 * with `?v=<etag>`, and the browser would then load and run the entry a second time.
 *
 * The late bundle (`widget/late/index.ts`): what it shares with the entry, the entry hands it
 * (`late-shared.ts`). What only some forms use is split off into chunks of its own
 * (`LATE_CHUNKS`), which import only the late bundle's entry; it imports nothing but them, and
 * those only when asked. The entry's parts (`ENTRY_PARTS`): what only some forms draw at once,
 * fetched by the entry before such a form's first render. Every name carries a hash of its
 * content, so a cached entry always finds the files it was built with.
 */
import { build, type Plugin, type Rolldown } from 'vite';
import { BROWSER_BUILD } from './browser-options.ts';
import { handedOverByTheEntry } from './late-shared.ts';
import { minifiedLiterals } from './minified-literals.ts';
import { annotationsDropped } from './without-annotations.ts';
import { refuseServerOnly } from './size-budget.ts';

/** One file of the late bundle: its name, code and source map. */
export interface LateFile {
  fileName: string;
  code: string;
  map: string;
  /** The feature a chunk carries (`LATE_CHUNKS`); undefined for the late bundle's entry. */
  feature?: string | undefined;
}

/** The built late bundle: its entry's file name, and every file (the entry first); the entry's parts. */
export interface LateBundle {
  fileName: string;
  files: LateFile[];
  /** The entry's parts (`ENTRY_PARTS`), each with its feature. */
  parts: LateFile[];
}

/** Modules that must not be in the late bundle: a second Lit would be bytes and a second state. */
const ONLY_IN_THE_ENTRY = ['/node_modules/lit', '/node_modules/@lit/'];

/**
 * The chunks the late bundle may split off, by the module each starts from: what only some
 * forms use, loaded by `widget/late/index.ts` when the configuration asks for it. Any other
 * chunk fails the build (a shared chunk would be one more request for every form).
 */
export const LATE_CHUNKS: Readonly<Record<string, string>> = {
  'widget/late/steps/index.ts': 'steps',
  'widget/late/challenge.ts': 'Turnstile',
  'widget/late/uploads/index.ts': 'uploads',
  'widget/late/language-switch.ts': 'language switch',
  'widget/late/drafts/index.ts': 'saved enquiries',
  'widget/late/booking/index.ts': 'time picker',
  'widget/late/unfinished/index.ts': 'unfinished enquiries',
};

/**
 * The entry's parts, by the module each is built from: what only some forms draw at once, so the
 * entry fetches it for those forms only, before their first render (`widget/late-bundle.ts`).
 * Each is one file with no imports; the entry learns their names (`vite.config.ts`).
 */
export const ENTRY_PARTS: Readonly<Record<string, string>> = {
  'widget/templates/steps.ts': 'steps part',
  'widget/prerendered.ts': 'drawn form part',
};

const HASHED_NAME = 'enquiry-form.late-[hash:10].js';

/**
 * Builds `widget/late/index.ts` into one module with no static imports, and its feature chunks;
 * then each of the entry's parts.
 */
export async function buildLate(): Promise<LateBundle> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      ...BROWSER_BUILD,
      sourcemap: 'hidden',
      // Library mode: an app build would add Vite's preload helper to the chunks' imports.
      lib: { entry: 'widget/late/index.ts', formats: ['es'], fileName: () => HASHED_NAME },
      rolldownOptions: {
        ...BROWSER_BUILD.rolldownOptions,
        // Library mode keeps the entry's exports exact, which stops Rolldown from moving what
        // the chunks share with the entry into the entry: they would import it from a third file.
        preserveEntrySignatures: 'allow-extension',
        output: {
          ...BROWSER_BUILD.rolldownOptions.output,
          chunkFileNames: HASHED_NAME,
          // Letters and digits only: the proxy serves `enquiry-form.late-[A-Za-z0-9]+.js`.
          hashCharacters: 'base36',
        },
      },
    },
    plugins: [handedOverByTheEntry(), minifiedLiterals(), annotationsDropped()],
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs
    .flatMap((output) => output.output)
    .filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('the late bundle has no entry');
  const names = new Set(chunks.map((chunk) => chunk.fileName));
  const files = [entry, ...chunks.filter((chunk) => chunk !== entry)].map((chunk) => {
    const feature = chunk === entry ? undefined : featureOf(chunk);
    const problem =
      refuseServerOnly('the late bundle', chunk.moduleIds) ??
      chunk.moduleIds.find((id) => ONLY_IN_THE_ENTRY.some((dir) => id.includes(dir))) ??
      strayImport(chunk, chunk === entry ? [] : [entry.fileName], names);
    if (problem) throw new Error(`the late bundle holds ${problem}`);
    return lateFile(chunk, feature);
  });
  const parts = [];
  for (const [module, feature] of Object.entries(ENTRY_PARTS))
    parts.push(await buildPart(module, feature));
  return { fileName: entry.fileName, files, parts };
}

/** The file name of the entry's part that carries `feature` (`ENTRY_PARTS`). */
export function partNamed(late: LateBundle, feature: string): string {
  const part = late.parts.find((file) => file.feature === feature);
  if (!part) throw new Error(`the entry has no part for the ${feature}`);
  return part.fileName;
}

/** A built chunk as a file to emit, its source map named at its end. */
function lateFile(chunk: Rolldown.OutputChunk, feature: string | undefined): LateFile {
  const map = chunk.map;
  if (!map) throw new Error(`${chunk.fileName} has no source map`);
  return {
    fileName: chunk.fileName,
    code: `${chunk.code.trimEnd()}\n//# sourceMappingURL=${chunk.fileName}.map\n`,
    map: map.toString(),
    feature,
  };
}

/**
 * One of the entry's parts, built on its own into one file: no imports, no Lit (it makes its
 * templates with `widget/late/lit-tags.ts`, which the element's Lit renders), nothing the entry
 * would have to hand it.
 */
async function buildPart(module: string, feature: string): Promise<LateFile> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      ...BROWSER_BUILD,
      sourcemap: 'hidden',
      lib: { entry: module, formats: ['es'], fileName: () => HASHED_NAME },
      rolldownOptions: {
        ...BROWSER_BUILD.rolldownOptions,
        output: { ...BROWSER_BUILD.rolldownOptions.output, hashCharacters: 'base36' },
      },
    },
    plugins: [minifiedLiterals(), annotationsDropped()],
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs
    .flatMap((output) => output.output)
    .filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
  const [part, ...more] = chunks;
  if (!part || more.length > 0) throw new Error(`${module} did not build into one file`);
  const problem =
    refuseServerOnly(feature, part.moduleIds) ??
    part.moduleIds.find((id) => ONLY_IN_THE_ENTRY.some((dir) => id.includes(dir))) ??
    strayImport(part, [], new Set());
  if (problem) throw new Error(`the ${feature} holds ${problem}`);
  return lateFile(part, feature);
}

/** The feature a split-off chunk carries; any chunk `LATE_CHUNKS` does not name fails the build. */
function featureOf(chunk: Rolldown.OutputChunk): string {
  const from = chunk.facadeModuleId?.replace(/\\/g, '/') ?? '';
  const key = Object.keys(LATE_CHUNKS).find((module) => from.endsWith(`/${module}`));
  if (!key) throw new Error(`the late bundle split off a chunk nobody asked for: ${from}`);
  return LATE_CHUNKS[key] as string;
}

/**
 * An import the chunk must not make: the late bundle's entry imports nothing (the entry script
 * hands it what it shares, keyed by its URL, `late-shared.ts`) and loads only its own chunks;
 * a chunk imports only the late bundle's entry.
 */
function strayImport(chunk: Rolldown.OutputChunk, allowed: string[], built: Set<string>) {
  const stray =
    chunk.imports.find((name) => !allowed.includes(name)) ??
    chunk.dynamicImports.find((name) => !built.has(name));
  return stray && `${chunk.fileName} imports ${stray}`;
}

/**
 * What `late-files.json` beside the scripts says: the late bundle's entry, and the feature of
 * each of its chunks. The weight bench reads it; the proxy serves only the scripts.
 */
export interface LateFilesList {
  entry: string;
  /** Each chunk's file name → the feature it carries. */
  chunks: Record<string, string>;
  /** Each of the entry's parts: its file name → the feature it carries. */
  parts: Record<string, string>;
}

export const LATE_FILES_LIST = 'late-files.json';

/** Emits the late bundle's files and their maps beside the entry, and their list. */
export function emitLate(late: LateBundle): Plugin {
  return {
    name: 'enquiry-form:late-bundle',
    apply: 'build',
    generateBundle() {
      for (const file of [...late.files, ...late.parts]) {
        this.emitFile({ type: 'asset', fileName: file.fileName, source: file.code });
        this.emitFile({ type: 'asset', fileName: `${file.fileName}.map`, source: file.map });
      }
      const features = (files: LateFile[]) =>
        Object.fromEntries(
          files.flatMap((file) => (file.feature ? [[file.fileName, file.feature]] : [])),
        );
      const list: LateFilesList = {
        entry: late.fileName,
        chunks: features(late.files),
        parts: features(late.parts),
      };
      this.emitFile({
        type: 'asset',
        fileName: LATE_FILES_LIST,
        source: `${JSON.stringify(list, null, 2)}\n`,
      });
    },
  };
}
