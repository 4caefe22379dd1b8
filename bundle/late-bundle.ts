/**
 * The late bundle (`widget/late/index.ts`): built on its own before the entry, so that it has
 * no imports at all. Code splitting would have it import what it shares with the entry from
 * `./enquiry-form.js`, a URL that is not the page's own when the page pins a build with
 * `?v=<etag>`, and the browser would then load and run the entry a second time; what it shares
 * with the entry, the entry hands it instead (`late-shared.ts`). Its name
 * carries a hash of its content, so a cached entry always finds the late bundle it was built
 * with.
 */
import { createHash } from 'node:crypto';
import { build, type Plugin, type Rolldown } from 'vite';
import { BROWSER_BUILD } from './browser-options.ts';
import { handedOverByTheEntry } from './late-shared.ts';
import { minifiedLiterals } from './minified-literals.ts';
import { refuseServerOnly } from './size-budget.ts';

/** The built late bundle: its file name, code and source map. */
export interface LateBundle {
  fileName: string;
  code: string;
  map: string;
}

/** Modules that must not be in the late bundle: a second Lit would be bytes and a second state. */
const ONLY_IN_THE_ENTRY = ['/node_modules/lit', '/node_modules/@lit/'];

/** Builds `widget/late/index.ts` into one module with no imports. */
export async function buildLate(): Promise<LateBundle> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      ...BROWSER_BUILD,
      sourcemap: 'hidden',
      lib: { entry: 'widget/late/index.ts', formats: ['es'], fileName: () => 'late.js' },
    },
    plugins: [handedOverByTheEntry(), minifiedLiterals()],
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const files = outputs.flatMap((output) => output.output);
  const chunks = files.filter((file) => file.type === 'chunk');
  const [chunk] = chunks;
  if (!chunk || chunks.length > 1) throw new Error('the late bundle must be one module');
  const problem =
    refuseServerOnly('the late bundle', chunk.moduleIds) ??
    chunk.moduleIds.find((id) => ONLY_IN_THE_ENTRY.some((dir) => id.includes(dir)));
  if (problem) throw new Error(`the late bundle holds ${problem}`);
  if (chunk.imports.length > 0 || chunk.dynamicImports.length > 0)
    throw new Error(
      `the late bundle imports ${[...chunk.imports, ...chunk.dynamicImports].join(', ')}`,
    );
  const hash = createHash('sha256').update(chunk.code).digest('base64url').slice(0, 10);
  const fileName = `enquiry-form.late-${hash.replace(/[-_]/g, '0')}.js`;
  const map = chunk.map;
  if (!map) throw new Error('the late bundle has no source map');
  map.file = fileName;
  return {
    fileName,
    code: `${chunk.code.trimEnd()}\n//# sourceMappingURL=${fileName}.map\n`,
    map: map.toString(),
  };
}

/** Emits the late bundle and its map beside the entry. */
export function emitLate(late: LateBundle): Plugin {
  return {
    name: 'enquiry-form:late-bundle',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: late.fileName, source: late.code });
      this.emitFile({ type: 'asset', fileName: `${late.fileName}.map`, source: late.map });
    },
  };
}
