import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lawFirm } from '../../../demo/forms/index.ts';
import { harnessPerTest } from '../../test/fixtures/proxy-harness.ts';
import { adasValues, keepingPage } from '../../test/fixtures/unfinished.ts';
import { unfinishedSweep } from './unfinished-sweep.ts';

const setUp = harnessPerTest();
const TOKEN = randomBytes(32).toString('base64url');
const DAY = 86_400_000;

describe('the unfinished enquiries’ sweep', () => {
  it('erases a record keepDays after its last change, and the status page counts it', async () => {
    const h = setUp({
      config: { ...lawFirm, unfinished: { keepDays: 2 } },
      deps: { adminToken: TOKEN },
    });
    const sweep = unfinishedSweep(h.store);
    const page = keepingPage(h);
    await page.keep();
    h.clock.now += DAY;
    page.renew();
    expect((await page.keep(adasValues({ surname: 'King' }))).status).toBe(204);
    const status = async () =>
      (
        (await (
          await h.app.request('/admin/status', { headers: { authorization: `Bearer ${TOKEN}` } })
        ).json()) as { unfinished: Record<string, number> }
      ).unfinished;
    expect(await status()).toMatchObject({ kept: 1, expired: 0 });
    // Two days after the first keep, but one after the last change: still kept.
    h.clock.now += DAY;
    expect(await sweep.run(h.clock.now)).toBe(0);
    h.clock.now += DAY;
    expect(await sweep.run(h.clock.now)).toBe(1);
    expect(await h.store.unfinishedRecord(page.id)).toBeNull();
    expect(await status()).toMatchObject({ kept: 0, expired: 1, unticked: 0, finished: 0 });
  });
});
