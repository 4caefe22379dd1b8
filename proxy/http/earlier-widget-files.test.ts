import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { earlierWidgetFiles, NAMES_FRESH_MS } from './earlier-widget-files.ts';

const kept = { name: 'enquiry-form.late-kept000001.js', body: 'export const kept = true;\n' };

const stores: OutboxStore[] = [];
afterEach(async () => Promise.all(stores.splice(0).map((store) => store.close())));

/** An outbox holding `kept`, and how often each of its reads was asked for. */
async function countedArchive() {
  const store = openSqliteOutbox(':memory:');
  stores.push(store);
  await store.keepWidgetFiles([kept], 0);
  const asked = { names: 0, bodies: 0 };
  const archive = {
    widgetFileNames: () => {
      asked.names += 1;
      return store.widgetFileNames();
    },
    widgetFile: (name: string) => {
      asked.bodies += 1;
      return store.widgetFile(name);
    },
  };
  return { store, asked, lookUp: earlierWidgetFiles(archive) };
}

describe('the earlier builds’ files', () => {
  it('cost the database one read of the names per period, however many made-up names are asked for', async () => {
    const { asked, lookUp } = await countedArchive();
    const misses = await Promise.all(
      Array.from({ length: 200 }, (_, n) => lookUp(`enquiry-form.late-made${String(n)}up.js`, 5)),
    );
    expect(misses.every((miss) => miss === undefined)).toBe(true);
    expect(asked).toEqual({ names: 1, bodies: 0 });
    await lookUp('enquiry-form.late-madeupagain.js', 5 + NAMES_FRESH_MS);
    expect(asked).toEqual({ names: 2, bodies: 0 });
  });

  it('read a kept file once, however many ask for it at the same moment, and never a map', async () => {
    const { asked, lookUp } = await countedArchive();
    const found = await Promise.all(Array.from({ length: 20 }, () => lookUp(kept.name, 5)));
    expect(new Set(found).size).toBe(1);
    expect(Buffer.from(found[0]?.identity ?? []).toString()).toBe(kept.body);
    expect(await lookUp(`${kept.name}.map`, 5)).toBeUndefined();
    expect(await lookUp('enquiry-form.js', 5)).toBeUndefined();
    expect(asked).toEqual({ names: 1, bodies: 1 });
  });

  it('find a build kept after the names were read, once they are read again', async () => {
    const { store, lookUp } = await countedArchive();
    const later = { name: 'enquiry-form.late-later00001.js', body: 'export const later = 1;\n' };
    expect(await lookUp(later.name, 0)).toBeUndefined();
    await store.keepWidgetFiles([later], 1);
    expect(await lookUp(later.name, NAMES_FRESH_MS - 1)).toBeUndefined();
    expect(await lookUp(later.name, NAMES_FRESH_MS)).toBeDefined();
  });
});
