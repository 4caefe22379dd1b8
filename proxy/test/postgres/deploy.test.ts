/**
 * A rolling deploy of two proxies on one PostgreSQL outbox: while the old build and the new one
 * both run, a page may get its entry from either and its late bundle and chunks from the other.
 */
import { describe, expect, it } from 'vitest';
import { widgetBuild } from '../fixtures/widget-builds.ts';
import { absent, sharedGroup, usePostgres } from './shared-session.ts';

usePostgres();

describe.skipIf(absent)('a rolling deploy on one PostgreSQL outbox', () => {
  it('serves each build’s late bundle and chunks from either instance, byte for byte', async () => {
    const [before, after] = [widgetBuild('b4', 'before'), widgetBuild('af', 'after')];
    const group = await sharedGroup(0);
    const old = await group.start({ WIDGET_DIR: before.dir });
    const upgraded = await group.start({ WIDGET_DIR: after.dir });
    const all = { ...before.files, ...after.files };
    for (const instance of [old, upgraded])
      for (const [name, text] of Object.entries(all)) {
        const response = await fetch(`${instance.proxy.url}/${name}`);
        expect([name, response.status, await response.text()]).toEqual([name, 200, text]);
      }
    // The old instance stops; the new one, restarted, still has the old build's files.
    await old.close();
    await upgraded.close();
    const restarted = await group.start({ WIDGET_DIR: after.dir });
    for (const [name, text] of Object.entries(before.files)) {
      const response = await fetch(`${restarted.proxy.url}/${name}`);
      expect(await response.text()).toBe(text);
    }
  });
});
