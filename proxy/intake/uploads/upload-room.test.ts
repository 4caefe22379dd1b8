/**
 * Uploads never take the disk from enquiries (issue 55): refused with `507` while what an upload
 * may still write does not fit above the reserve enquiries need, in the upload's language; and a
 * PATCH that meets a disk full all the same (on a real small tmpfs) is refused alike, never a
 * `500`, its offset true: the upload goes on from there once there is room, to the file it was.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFormConfigs } from '../../contract/schemas/form-config.ts';
import { exampleConfigPath } from '../../../demo/forms/index.ts';
import { freeBytes } from '../../lifecycle/disk-room.ts';
import { openSqliteOutbox } from '../../outbox/sqlite/store.ts';
import { harnessPerTest, sampleFiles } from '../../test/fixtures/proxy-harness.ts';
import { cannotMount, onSmallDisk } from '../../test/fixtures/small-disk.ts';
import { decodeUploadCheck, tusClient } from '../../test/fixtures/tus-requests.ts';

const setUp = harnessPerTest();
const MB = 1024 * 1024;

const forms = parseFormConfigs(
  JSON.parse(readFileSync(exampleConfigPath('bilingual'), 'utf8')) as object,
);
/** A bilingual form's proxy whose disk has `room` bytes above the enquiries' reserve. */
const withRoom = (room: { bytes: number }) =>
  setUp({
    config: forms.first,
    translations: forms,
    deps: { uploadRoom: async () => room.bytes },
  });

describe('uploads while the disk has no more room than enquiries need', () => {
  it('refuses a creation that would not fit (507), in the visitor’s language', async () => {
    const room = { bytes: 2 * MB };
    const tus = tusClient(withRoom(room));
    expect((await tus.create(MB)).response.status).toBe(201);
    const { response } = await tus.create(3 * MB, { lang: 'cy' });
    expect(response.status).toBe(507);
    expect(response.headers.get('tus-resumable')).toBe('1.0.0');
    expect(await response.json()).toEqual({
      error: 'storage_full',
      message:
        'Does dim lle i gadw ffeiliau a anfonir ymlaen llaw ar hyn o bryd: anfonwch y ffeil gyda’ch ymholiad yn lle hynny.',
    });
  });

  it('refuses a PATCH of an upload that no longer fits, and keeps its offset', async () => {
    const room = { bytes: 8 * MB };
    const tus = tusClient(withRoom(room));
    const pdf = sampleFiles.pdf(4 * MB);
    const { id } = await tus.create(pdf.byteLength);
    expect((await tus.patch(id, 0, pdf.subarray(0, MB))).status).toBe(204);
    room.bytes = MB;
    const refused = await tus.patch(id, MB, pdf.subarray(MB));
    expect([refused.status, ((await refused.json()) as { error: string }).error]).toEqual([
      507,
      'storage_full',
    ]);
    expect((await tus.head(id)).headers.get('upload-offset')).toBe(String(MB));
    room.bytes = 8 * MB;
    const done = await tus.patch(id, MB, pdf.subarray(MB));
    expect(decodeUploadCheck(done.headers.get('upload-check'))?.status).toBe('accepted');
  });
});

const lack = cannotMount('a PATCH meeting a full disk');

describe.skipIf(lack)('a PATCH that meets a full disk', () => {
  it('is refused (507), never a 500, and the upload goes on from a true offset', () =>
    onSmallDisk('24m', async ({ mount, dataDir }) => {
      const store = openSqliteOutbox(join(dataDir, 'outbox.sqlite'));
      try {
        // No room counted (as on a database server's disk): the write itself meets the full disk.
        const h = setUp({ deps: { uploads: store } });
        const tus = tusClient(h);
        const pdf = sampleFiles.pdf(8 * MB);
        const { id } = await tus.create(pdf.byteLength);
        expect((await tus.patch(id, 0, pdf.subarray(0, MB))).status).toBe(204);
        const filler = join(mount, 'filler');
        writeFileSync(filler, Buffer.alloc((await freeBytes(dataDir)) - 2 * MB));
        const full = await tus.patch(id, MB, pdf.subarray(MB));
        expect([full.status, ((await full.json()) as { error: string }).error]).toEqual([
          507,
          'storage_full',
        ]);
        const offset = Number((await tus.head(id)).headers.get('upload-offset'));
        expect(offset).toBeGreaterThanOrEqual(MB);
        expect(offset).toBeLessThan(pdf.byteLength);
        rmSync(filler);
        const done = await tus.patch(id, offset, pdf.subarray(offset));
        expect(decodeUploadCheck(done.headers.get('upload-check'))?.status).toBe('accepted');
        const sha256 = (await store.findUpload(id, h.clock.now))?.sha256;
        expect(sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
      } finally {
        await store.close();
      }
    }));
});
