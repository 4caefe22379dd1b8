/**
 * The widget's scripts (the entry, the late bundle and its chunks) and their maps, read once at
 * start and compressed once (brotli and gzip), so each request is a lookup. Served with an ETag
 * so a changed bundle reaches visitors promptly.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { WidgetFile } from '../outbox/machine/widget-files.ts';

/** One built file with its ETag and its compressed forms. */
export interface Asset {
  readonly contentType: string;
  readonly etag: string;
  readonly identity: Uint8Array;
  readonly br: Uint8Array;
  readonly gzip: Uint8Array;
}

const brotliSoon = promisify(brotliCompress);
const gzipSoon = promisify(gzip);

/** The built widget's files by name. */
export type WidgetAssets = ReadonlyMap<string, Asset>;

/**
 * The entry, and the late bundle and its chunks, whose names carry their content's hash; each
 * with its map.
 */
const WIDGET_FILE = /^enquiry-form(\.late-[A-Za-z0-9]+)?\.js(\.map)?$/;

/** True for the late bundle or a chunk of it (or a map): its name changes with its content. */
export const isHashedName = (name: string) => name.startsWith('enquiry-form.late-');

/**
 * Bytes as visitors get them: brotli at quality 11 and gzip at level 9 (the build's size budget
 * measures with this too, `bundle/size-budget.ts`).
 */
export const compressForVisitors = (bytes: Uint8Array) => ({
  br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: gzipSync(bytes, { level: 9 }),
});

/** A strong ETag naming `bytes`: the first 22 characters of their SHA-256. */
export const etagOf = (bytes: Uint8Array | string) =>
  `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;

/**
 * A file's bytes with their ETag and compressed forms. Brotli at quality 11 takes about half a
 * second for a source map, so a map's are made when it is first asked for (rarely: by a
 * developer's tools), not while the proxy starts.
 */
export function asset(contentType: string, identity: Uint8Array): Asset {
  const compress = () => compressForVisitors(identity);
  let compressed = contentType.startsWith('application/json') ? undefined : compress();
  return {
    contentType,
    etag: etagOf(identity),
    identity,
    get br() {
      compressed ??= compress();
      return compressed.br;
    },
    get gzip() {
      compressed ??= compress();
      return compressed.gzip;
    },
  };
}

/** The content type of a script (the entry, the late bundle, a chunk). */
export const SCRIPT_TYPE = 'text/javascript; charset=utf-8';

/** Loads the built widget from `dir`; an empty map when it has not been built. */
export function loadWidgetAssets(dir: string): WidgetAssets {
  const assets = new Map<string, Asset>();
  const names = existsSync(dir) ? readdirSync(dir).filter((name) => WIDGET_FILE.test(name)) : [];
  for (const name of names) {
    const contentType = name.endsWith('.map') ? 'application/json; charset=utf-8' : SCRIPT_TYPE;
    assets.set(name, asset(contentType, readFileSync(join(dir, name))));
  }
  return assets;
}

/** The build's late bundle and chunks as text, for the outbox to keep (`machine/widget-files.ts`). */
export function hashedFiles(widget: WidgetAssets): WidgetFile[] {
  return [...widget]
    .filter(([name]) => isHashedName(name) && !name.endsWith('.map'))
    .map(([name, { identity }]) => ({ name, body: Buffer.from(identity).toString('utf8') }));
}

/** The name the inlined bundle's source map is served under (its lines are one further down). */
export const INLINED_MAP = 'enquiry-form.inline.js.map';

/**
 * The bundle with the form configuration written above it, as `ENQUIRY_FORM_CONFIG` (the
 * widget reads it instead of asking `/api/form`: one request before the first field, not two),
 * and its source map moved down a line to match; `make` makes each file's asset (`asset`, or
 * `assetSoon` off the event loop). Empty when the widget is not built.
 */
function inlined<A>(
  widget: WidgetAssets,
  configJson: string,
  make: (contentType: string, identity: Uint8Array) => A,
): Map<string, A> {
  const script = widget.get('enquiry-form.js');
  const map = widget.get('enquiry-form.js.map');
  if (!script) return new Map();
  const code = Buffer.from(script.identity)
    .toString('utf8')
    .replace(
      /\/\/# sourceMappingURL=enquiry-form\.js\.map\s*$/,
      `//# sourceMappingURL=${INLINED_MAP}\n`,
    );
  // JSON is JavaScript, but for the two line separators a script may not hold raw before ES2019.
  const literal = configJson.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  const files = new Map<string, A>([
    [
      'enquiry-form.js',
      make(script.contentType, Buffer.from(`const ENQUIRY_FORM_CONFIG=${literal};\n${code}`)),
    ],
  ]);
  if (map) {
    const parsed = JSON.parse(Buffer.from(map.identity).toString('utf8')) as { mappings: string };
    parsed.mappings = `;${parsed.mappings}`;
    files.set(INLINED_MAP, make(map.contentType, Buffer.from(JSON.stringify(parsed))));
  }
  return files;
}

/** The bundle with `configJson` inlined, compressed now (at start). */
export const withInlinedConfig = (widget: WidgetAssets, configJson: string): WidgetAssets =>
  inlined(widget, configJson, asset);

/**
 * A script's asset compressed on libuv's threads, so the event loop goes on serving requests
 * while brotli's quality 11 takes its fraction of a second (a map's waits for its first request).
 */
async function assetSoon(contentType: string, identity: Uint8Array): Promise<Asset> {
  if (contentType.startsWith('application/json')) return asset(contentType, identity);
  const [br, gzip] = await Promise.all([
    brotliSoon(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzipSoon(identity, { level: 9 }),
  ]);
  return { contentType, etag: etagOf(identity), identity, br, gzip };
}

/** The bundle with `configJson` inlined, compressed off the event loop (a new version). */
export async function inlinedSoon(widget: WidgetAssets, configJson: string): Promise<WidgetAssets> {
  const files = inlined(widget, configJson, assetSoon);
  return new Map(
    await Promise.all([...files].map(async ([name, made]) => [name, await made] as const)),
  );
}

/** True when `Accept-Encoding` lists `coding` with a q-value above 0 (split, not a regex). */
function accepts(acceptEncoding: string, coding: string): boolean {
  return acceptEncoding.split(',').some((entry) => {
    const [name = '', ...parameters] = entry.split(';');
    if (name.trim().toLowerCase() !== coding) return false;
    const q = parameters.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Picks the smallest encoding the client accepts. */
export function negotiate(
  asset: Asset,
  acceptEncoding: string | undefined,
): { body: Uint8Array; encoding?: 'br' | 'gzip' } {
  const header = (acceptEncoding ?? '').slice(0, 1024);
  if (accepts(header, 'br')) return { body: asset.br, encoding: 'br' };
  if (accepts(header, 'gzip')) return { body: asset.gzip, encoding: 'gzip' };
  return { body: asset.identity };
}
