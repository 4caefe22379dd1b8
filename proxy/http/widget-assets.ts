/**
 * The widget bundle, read once at start and compressed once (brotli and gzip), so each
 * request is a lookup. Served with an ETag so a changed bundle reaches visitors promptly.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** One built file with its ETag and its compressed forms. */
export interface Asset {
  contentType: string;
  etag: string;
  identity: Uint8Array;
  br: Uint8Array;
  gzip: Uint8Array;
}

/** The built widget's files by name. */
export type WidgetAssets = ReadonlyMap<string, Asset>;

const FILES = [
  ['enquiry-form.js', 'text/javascript; charset=utf-8'],
  ['enquiry-form.js.map', 'application/json; charset=utf-8'],
] as const;

/** Loads the built widget from `dir`; an empty map when it has not been built. */
export function loadWidgetAssets(dir: string): WidgetAssets {
  const assets = new Map<string, Asset>();
  for (const [name, contentType] of FILES) {
    const path = join(dir, name);
    if (!existsSync(path)) continue;
    const identity = readFileSync(path);
    assets.set(name, {
      contentType,
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
      identity,
      br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(identity, { level: 9 }),
    });
  }
  return assets;
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
