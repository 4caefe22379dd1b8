/**
 * The widget-files part of the outbox store contract (see `store-contract.ts`): each build's
 * hashed files are kept, found by name by any instance, and forgotten only once no proxy has
 * called them current for the keeping period.
 */
import { describe, expect, it } from 'vitest';
import { freshStores, type StoreFactory } from './fixtures/store-factory.ts';

const DAY = 24 * 3_600_000;
const late = (hash: string) => ({
  name: `enquiry-form.late-${hash}.js`,
  body: `export const build = '${hash}'; // “quoted”, and a line separator: \u2028`,
});

/** Runs the widget-files contract against one implementation. */
export function describeWidgetFileStore(name: string, factory: StoreFactory): void {
  describe(`${name}: the outbox store contract, the widget's earlier files`, () => {
    const fresh = freshStores(factory);

    it('finds a build’s files by name, exactly as kept, and nothing it was not given', async () => {
      const store = await fresh();
      const [bundle, chunk] = [late('old1'), late('old2')];
      await store.keepWidgetFiles([bundle, chunk], 1_000);
      expect(await store.widgetFile(bundle.name)).toBe(bundle.body);
      expect(await store.widgetFile(chunk.name)).toBe(chunk.body);
      expect(await store.widgetFile('enquiry-form.late-never.js')).toBeNull();
    });

    it('forgets a build only once nobody has called it current for the keeping period', async () => {
      const store = await fresh();
      const [old, current] = [late('old'), late('new')];
      await store.keepWidgetFiles([old, current], 0);
      // The build still running says so again (its daily chore); the old one does not.
      await store.keepWidgetFiles([current], 40 * DAY);
      expect(await store.forgetWidgetFiles(30 * DAY)).toBe(1);
      expect(await store.widgetFile(old.name)).toBeNull();
      expect(await store.widgetFile(current.name)).toBe(current.body);
      expect(await store.forgetWidgetFiles(30 * DAY)).toBe(0);
    });
  });
}
