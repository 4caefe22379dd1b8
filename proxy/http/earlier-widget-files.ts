/**
 * The late bundles and chunks of earlier builds, as the outbox keeps them
 * (`outbox/machine/widget-files.ts`): a page that loaded its entry before a deploy still gets
 * the late bundle and chunks that entry was built with, from any instance. A found file is
 * compressed once and held; a name nobody kept is remembered a minute, so a client asking for
 * made-up names costs the database one lookup per name a minute.
 */
import type { WidgetFileArchive } from '../outbox/store.ts';
import { asset, type Asset } from './widget-assets.ts';

/** What an earlier build's file can be called: a late bundle or chunk, never a map. */
const EARLIER_FILE = /^enquiry-form\.late-[A-Za-z0-9]{1,32}\.js$/;
const MISS_MS = 60_000;
/** Held at most, found or missed; past it, the oldest go first. */
const HELD = 256;

/** Looks `name` up among the files earlier builds kept; undefined when none did. */
export type EarlierWidgetFiles = (name: string, now: number) => Promise<Asset | undefined>;

/** Earlier builds' files from `archive`, compressed once each. */
export function earlierWidgetFiles(archive: Pick<WidgetFileArchive, 'widgetFile'>) {
  const found = new Map<string, Asset>();
  const missedUntil = new Map<string, number>();
  const hold = <T>(held: Map<string, T>, name: string, value: T) => {
    if (held.size >= HELD) held.delete(held.keys().next().value ?? '');
    held.set(name, value);
  };
  const lookUp: EarlierWidgetFiles = async (name, now) => {
    if (!EARLIER_FILE.test(name)) return undefined;
    const held = found.get(name);
    if (held) return held;
    if ((missedUntil.get(name) ?? 0) > now) return undefined;
    const body = await archive.widgetFile(name);
    if (body === null) {
      hold(missedUntil, name, now + MISS_MS);
      return undefined;
    }
    const kept = asset('text/javascript; charset=utf-8', Buffer.from(body, 'utf8'));
    hold(found, name, kept);
    return kept;
  };
  return lookUp;
}
