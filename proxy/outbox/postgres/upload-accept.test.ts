/**
 * An enquiry taking uploads into the PostgreSQL outbox: the bytes are copied in the database, in
 * the accept's own transaction, so Sends at once never wait on connections the accepts hold.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readAll } from '../../client/byte-source.ts';
import { sampleSubmission } from '../../test/fixtures/outbox.ts';
import { missing } from '../../test/fixtures/postgres-server.ts';
import { usePostgresServer } from '../../test/fixtures/use-postgres-server.ts';
import type { OutboxStore } from '../store.ts';
import { openPostgresOutbox } from './store.ts';

const absent = missing();
const postgres = usePostgresServer();

/** An upload of `bytes` in `piece`-sized PATCHes, complete, claimed by `claim`. */
async function claimedUpload(store: OutboxStore, id: string, bytes: Buffer, claim: string) {
  await store.createUpload({
    id,
    session: 'session-a',
    key_hash: `key-of-${id}`,
    client: '203.0.113.1',
    filename: 'scan.pdf',
    filetype: 'application/pdf',
    length: bytes.byteLength,
    created_at: 1_000,
    expires_at: 10_000,
  });
  for (let at = 0; at < bytes.byteLength; at += 512 * 1024)
    await store.appendUpload(
      { id, length: bytes.byteLength },
      at,
      (async function* () {
        yield bytes.subarray(at, at + 512 * 1024);
      })(),
    );
  await store.recordUploadVerdict(id, 'hash', 'pdf', '{"status":"accepted","kind":"pdf"}');
  const [row] = await store.claimUploads([id], 'session-a', claim, 2_000);
  expect(row).toBeUndefined();
  const claimed = (await store.claimedUploads(claim))[0];
  if (!claimed) throw new Error(`upload ${id} was not claimed`);
  return store.sourceToStore(claimed);
}

describe.skipIf(absent)('an enquiry taking uploads (PostgreSQL)', () => {
  it('stores them byte for byte with a pool of one connection, the accept holding it', async () => {
    const store = await openPostgresOutbox(await postgres().createDatabase(), { poolSize: 1 });
    try {
      const first = randomBytes(3 * 1024 * 1024 + 5);
      const second = randomBytes(700_000);
      const sources = [
        await claimedUpload(store, 'u1', first, 'claim-1'),
        await claimedUpload(store, 'u2', second, 'claim-2'),
      ];
      const [pdf, png] = sampleSubmission().files;
      if (!pdf || !png) throw new Error('the sample has two files');
      const files = [
        { ...pdf, content: sources[0] ?? pdf.content, size: first.byteLength },
        { ...png, content: sources[1] ?? png.content, size: second.byteLength },
      ];
      const outcome = await store.accept(sampleSubmission({ files }));
      if (outcome.kind !== 'stored') throw new Error(`accept answered ${outcome.kind}`);
      await store.dropClaimedUploads('claim-1');
      await store.dropClaimedUploads('claim-2');
      const id = outcome.submission.id;
      expect(Buffer.from(await readAll(await store.fileSource(id, 0))).equals(first)).toBe(true);
      expect(Buffer.from(await readAll(await store.fileSource(id, 1))).equals(second)).toBe(true);
    } finally {
      await store.close();
    }
  });
});
