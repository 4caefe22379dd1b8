/**
 * Every published version's outline, as the id rules read them: each version read from the
 * outbox once and kept (a version never changes), so a check reads only the versions published
 * since the last.
 */
import type { FormVersions } from '../outbox/store.ts';
import { outlineOf, type FormOutline } from './form-outline.ts';
import type { PublishedOutline } from './id-rules.ts';

/** The outbox's reads the history needs. */
export type HistorySource = Pick<FormVersions, 'formVersions' | 'formVersion'>;

/** `published()`: every version's outline, oldest first; `outline(n)`: one version's. */
export function formHistory(store: HistorySource) {
  const outlines = new Map<number, FormOutline>();
  async function outline(version: number): Promise<FormOutline | undefined> {
    let known = outlines.get(version);
    if (!known) {
      const stored = await store.formVersion(version);
      if (!stored) return undefined;
      known = outlineOf(JSON.parse(stored.text));
      outlines.set(version, known);
    }
    return known;
  }
  async function published(): Promise<PublishedOutline[]> {
    const versions = (await store.formVersions()).map((v) => v.version).sort((a, b) => a - b);
    const read: PublishedOutline[] = [];
    for (const version of versions) {
      const known = await outline(version);
      if (known) read.push({ version, outline: known });
    }
    return read;
  }
  return { published, outline };
}
