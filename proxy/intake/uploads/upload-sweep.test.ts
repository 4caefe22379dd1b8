import { describe, expect, it } from 'vitest';
import { harnessPerTest } from '../../test/fixtures/proxy-harness.ts';
import { picture } from '../../test/fixtures/sample-pictures.ts';
import { tusClient } from '../../test/fixtures/tus-requests.ts';
import { uploadSweep } from './upload-sweep.ts';

const setUp = harnessPerTest();

describe('the sweep of expired uploads', () => {
  it('runs a tenth of the expiry apart, at least each second and at most each ten minutes', () => {
    const every = (ms: number | undefined) =>
      uploadSweep({ removeExpiredUploads: async () => 0 }, ms).everyMs;
    expect([every(1500), every(3_600_000), every(undefined)]).toEqual([1000, 360_000, 600_000]);
  });

  it('removes an upload nobody sent once it expired, and only then', async () => {
    const h = setUp({ deps: { uploadExpiryMs: 60_000 } });
    const { id } = await tusClient(h).upload(picture('png'));
    const sweep = uploadSweep(h.store, 60_000);
    expect(await sweep.run(h.clock.now + 59_999)).toBe(0);
    expect((await tusClient(h).head(id)).status).toBe(200);
    expect(await sweep.run(h.clock.now + 60_000)).toBe(1);
    h.clock.now += 60_000;
    expect((await tusClient(h).head(id)).status).toBe(404);
  });
});
