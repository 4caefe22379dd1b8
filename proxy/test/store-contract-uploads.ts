/**
 * The uploads half of the outbox store contract (see `store-contract.ts`): an upload grows only
 * from where it is, keeps what arrived before a broken stream, is named by one enquiry at most
 * and only by its own form session (its token's or its key's), and is gone after its expiry. On a shared store, pieces
 * sent to different instances make one file.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readAll } from '../client/byte-source.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { UploadOffsetConflict } from '../outbox/upload-store.ts';
import { freshStores, type StoreFactory } from './fixtures/store-factory.ts';

/** An upload's row as a tus creation makes it: its key's hash `key-of-<id>`, a PNG. */
export const uploadRow = (id: string, length: number, session = 'session-a') => ({
  id,
  session,
  key_hash: `key-of-${id}`,
  client: '203.0.113.1',
  filename: 'scan.png',
  filetype: 'image/png',
  length,
  created_at: 1_000,
  expires_at: 10_000,
});

async function* piecesOf(bytes: Uint8Array, size: number, breakAfter?: number) {
  for (let at = 0; at < bytes.byteLength; at += size) {
    if (breakAfter !== undefined && at >= breakAfter) throw new Error('connection reset');
    yield bytes.subarray(at, at + size);
  }
}

/** Appends and records a verdict, as a complete, checked upload has. */
async function complete(store: OutboxStore, id: string, bytes: Uint8Array, session?: string) {
  await store.createUpload(uploadRow(id, bytes.byteLength, session));
  await store.appendUpload({ id, length: bytes.byteLength }, 0, piecesOf(bytes, 64 * 1024));
  await store.recordUploadVerdict(id, 'hash', 'png', '{"status":"accepted","kind":"png"}');
}

async function bytesOf(store: OutboxStore, id: string) {
  const found = await store.findUpload(id, 2_000);
  if (!found) throw new Error(`no upload ${id}`);
  return Buffer.from(await readAll(await store.uploadSource(found)));
}

export function describeUploadStore(name: string, factory: StoreFactory): void {
  describe(`${name}: uploads`, () => {
    const fresh = freshStores(factory);
    const file = randomBytes(3 * 1024 * 1024 + 17);

    it('appends from the offset it is at, and keeps what arrived before a broken stream', async () => {
      const store = await fresh();
      await store.createUpload(uploadRow('u1', file.byteLength));
      const broken = store.appendUpload(
        { id: 'u1', length: file.byteLength },
        0,
        piecesOf(file, 100_000, 1_500_000),
      );
      await expect(broken).rejects.toThrow('connection reset');
      const kept = (await store.findUpload('u1', 2_000))?.upload_offset ?? 0;
      expect(kept).toBe(1_500_000);
      await expect(
        store.appendUpload({ id: 'u1', length: file.byteLength }, 0, piecesOf(file, 1000)),
      ).rejects.toBeInstanceOf(UploadOffsetConflict);
      const rest = file.subarray(kept);
      expect(
        await store.appendUpload(
          { id: 'u1', length: file.byteLength },
          kept,
          piecesOf(rest, 65_536),
        ),
      ).toBe(file.byteLength);
      expect((await bytesOf(store, 'u1')).equals(file)).toBe(true);
    });

    it('reads an upload back without its bytes passing through V8’s heap', async () => {
      const store = await fresh();
      const big = randomBytes(16 * 1024 * 1024);
      await complete(store, 'u-big', big);
      const found = await store.findUpload('u-big', 2_000);
      if (!found) throw new Error('no upload u-big');
      const before = process.memoryUsage().heapUsed;
      let most = 0;
      let read = 0;
      for await (const piece of (await store.uploadSource(found)).pieces()) {
        read += piece.byteLength;
        most = Math.max(most, process.memoryUsage().heapUsed - before);
      }
      expect(read).toBe(big.byteLength);
      // Text of the bytes (base64 from PostgreSQL) would be 21 MiB here, in V8's space for
      // large objects, which only a full collection frees.
      expect(most).toBeLessThan(4 * 1024 * 1024);
    });

    it('refuses bytes past the length and keeps none of that request', async () => {
      const store = await fresh();
      await store.createUpload(uploadRow('u2', 10));
      await expect(
        store.appendUpload({ id: 'u2', length: 10 }, 0, piecesOf(file.subarray(0, 20), 20)),
      ).rejects.toBeInstanceOf(RangeError);
      expect((await store.findUpload('u2', 2_000))?.upload_offset).toBe(0);
    });

    it('lets an upload be claimed from another token by its key, and not by another’s key', async () => {
      const store = await fresh();
      await complete(store, 'a1', file.subarray(0, 1000));
      await complete(store, 'a2', file.subarray(0, 1000));
      const claim = (keys: (string | null)[], name: string) =>
        store.claimUploads(['a1', 'a2'], 'session-renewed', name, 2_000, keys);
      expect(await claim(['key-of-a2', 'key-of-a1'], 'claim-1')).toEqual(['a1', 'a2']);
      expect(await claim(['key-of-a1', null], 'claim-2')).toEqual(['a2']);
      expect(await claim(['key-of-a1', 'key-of-a2'], 'claim-3')).toEqual([]);
      expect((await store.claimedUploads('claim-3')).map((row) => row.id).sort()).toEqual([
        'a1',
        'a2',
      ]);
      expect(await claim(['key-of-a1', 'key-of-a2'], 'claim-4')).toEqual(['a1', 'a2']);
    });

    it('lets an upload be claimed by its own session only, all or none, and once', async () => {
      const store = await fresh();
      await complete(store, 'a1', file.subarray(0, 1000));
      await complete(store, 'b1', file.subarray(0, 1000), 'session-b');
      expect(await store.claimUploads(['a1', 'b1'], 'session-a', 'claim-1', 2_000)).toEqual(['b1']);
      expect(await store.claimedUploads('claim-1')).toEqual([]);
      expect(await store.claimUploads(['a1'], 'session-a', 'claim-2', 2_000)).toEqual([]);
      expect(await store.claimUploads(['a1'], 'session-a', 'claim-3', 2_000)).toEqual(['a1']);
      expect(await store.findUpload('a1', 2_000)).toBeUndefined();
      await store.releaseUploads('claim-2');
      expect(await store.claimUploads(['a1'], 'session-a', 'claim-4', 2_000)).toEqual([]);
      const taken = await store.sourceToStore(
        (await store.claimedUploads('claim-4'))[0] ?? (uploadRow('', 0) as never),
      );
      expect(Buffer.from(await readAll(taken)).equals(file.subarray(0, 1000))).toBe(true);
      await store.dropClaimedUploads('claim-4');
      expect(await store.claimUploads(['a1'], 'session-a', 'claim-5', 2_000)).toEqual(['a1']);
    });

    it('keeps the language its visitor reads, and none for an upload not told one', async () => {
      const store = await fresh();
      await store.createUpload({ ...uploadRow('w1', 10), lang: 'cy' });
      await store.createUpload(uploadRow('n1', 10));
      expect((await store.findUpload('w1', 2_000))?.lang).toBe('cy');
      expect((await store.findUpload('n1', 2_000))?.lang).toBeNull();
    });

    it('gives a complete upload’s check to one request at a time, once, and a failed one back for later', async () => {
      const store = await fresh();
      const bytes = randomBytes(1000);
      await store.createUpload(uploadRow('c1', bytes.byteLength));
      // Not complete: nothing to check yet.
      expect(await store.takeUploadCheck('c1', 2_000, 5_000)).toBe(false);
      await store.appendUpload({ id: 'c1', length: bytes.byteLength }, 0, piecesOf(bytes, 100));
      expect(await store.takeUploadCheck('c1', 2_000, 5_000)).toBe(true);
      // Taken until 5,000: another request (another instance) does not check it meanwhile.
      expect(await store.takeUploadCheck('c1', 3_000, 6_000)).toBe(false);
      // A check that failed on a fault gives its turn back from 4,000.
      await store.giveUploadCheckBack('c1', 4_000);
      expect(await store.takeUploadCheck('c1', 3_999, 9_000)).toBe(false);
      expect(await store.takeUploadCheck('c1', 4_000, 9_000)).toBe(true);
      await store.recordUploadVerdict('c1', 'hash', 'png', '{"status":"accepted","kind":"png"}');
      // Checked: never again, whenever asked.
      expect(await store.takeUploadCheck('c1', 9_000, 12_000)).toBe(false);
    });

    it('removes uploads past their expiry, and counts what a client holds until then', async () => {
      const store = await fresh();
      await complete(store, 'e1', file.subarray(0, 500));
      await store.createUpload(uploadRow('e2', 700));
      expect(await store.uploadBytesHeldBy('203.0.113.1', 2_000)).toBe(1200);
      expect(await store.removeExpiredUploads(9_999)).toBe(0);
      expect(await store.removeExpiredUploads(10_000)).toBe(2);
      expect(await store.uploadBytesHeldBy('203.0.113.1', 2_000)).toBe(0);
      expect(await store.findUpload('e1', 2_000)).toBeUndefined();
    });

    it.runIf(factory.shared)(
      'makes one intact file of pieces sent to three instances sharing the store',
      async () => {
        const first = await fresh();
        const instances = [first, await fresh.sibling(first), await fresh.sibling(first)];
        await first.createUpload(uploadRow('shared', file.byteLength));
        const third = Math.ceil(file.byteLength / 3);
        for (const [i, instance] of instances.entries()) {
          const piece = file.subarray(i * third, (i + 1) * third);
          await instance.appendUpload(
            { id: 'shared', length: file.byteLength },
            i * third,
            piecesOf(piece, 65_536),
          );
        }
        for (const instance of instances)
          expect((await bytesOf(instance, 'shared')).equals(file)).toBe(true);
      },
    );
  });
}
