/**
 * The late bundles and chunks of earlier builds, as the outbox keeps them
 * (`outbox/machine/widget-files.ts`): a page that loaded its entry before a deploy still gets
 * the late bundle and chunks that entry was built with, from any instance.
 *
 * The route is public, so the database is asked as little as a client can make it: the kept
 * names are read at most once every `NAMES_FRESH_MS`, and only when a name is not among them (a
 * flood of made-up names costs one query per period, not one per request); a file's text is
 * read only for a kept name, once however many ask at the same moment, then compressed once and
 * held.
 */
import type { WidgetFileArchive } from '../outbox/store.ts';
import { asset, isHashedName, SCRIPT_TYPE, type Asset } from './widget-assets.ts';

/** How long a list of the kept names answers a miss before it is read again. */
export const NAMES_FRESH_MS = 10_000;

/** Looks `name` up among the files earlier builds kept; undefined when none did. */
export type EarlierWidgetFiles = (name: string, now: number) => Promise<Asset | undefined>;

/** Earlier builds' files from `archive`. */
export function earlierWidgetFiles(
  archive: Pick<WidgetFileArchive, 'widgetFile' | 'widgetFileNames'>,
): EarlierWidgetFiles {
  const held = new Map<string, Promise<Asset | undefined>>();
  let names: { kept: Promise<Set<string>>; readAt: number } | undefined;

  const keptNames = (now: number) => {
    if (!names || now - names.readAt >= NAMES_FRESH_MS) {
      const read = { kept: archive.widgetFileNames().then((list) => new Set(list)), readAt: now };
      // A failed read is not kept: the next miss reads again.
      read.kept.catch(() => {
        if (names === read) names = undefined;
      });
      names = read;
    }
    return names.kept;
  };

  /** The file's text as an asset, read once however many ask for it at the same moment. */
  const load = (name: string) => {
    const loading =
      held.get(name) ??
      archive.widgetFile(name).then((body) => {
        if (body === null) held.delete(name); // forgotten since the names were read
        return body === null ? undefined : asset(SCRIPT_TYPE, Buffer.from(body, 'utf8'));
      });
    loading.catch(() => held.delete(name));
    held.set(name, loading);
    return loading;
  };

  return async (name, now) => {
    if (!isHashedName(name) || name.endsWith('.map')) return undefined;
    const holding = held.get(name);
    if (holding) return holding;
    return (await keptNames(now)).has(name) ? load(name) : undefined;
  };
}
