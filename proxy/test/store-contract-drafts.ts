/**
 * The saved enquiries' half of the outbox store contract (see `store-contract.ts`): a draft is
 * saved again only by its owner's secret while it lives, keeps the uploads it names for as long
 * as it does, queues its email within the quotas or is not saved at all, is opened once per code
 * and only with its live code, and goes with its queued emails when it is forgotten; past its
 * expiry the sweep (`draftSweep`) takes it with its uploads.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readAll } from '../client/byte-source.ts';
import { draftSweep } from '../intake/drafts/draft-keeper.ts';
import { DraftNotSaved, type DraftSave } from '../outbox/draft-store.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { freshStores, type StoreFactory } from './fixtures/store-factory.ts';

const DAY = 86_400_000;

/** An email to queue, counted against one mailbox's quota of `limit`. */
const email = (key: string, at: number, limit = 50) => ({
  notification: { key, channel: 'email' as const, kind: 'draft.link', payload: { key }, at },
  quotas: [{ subject: 'mailbox-of-ada', windowMs: DAY, limit }],
});

const save = (over: Partial<DraftSave> = {}): DraftSave => ({
  id: 'd1',
  fresh: true,
  subject: 'subject-of-ada',
  writeHash: 'write-of-d1',
  ciphertext: 'cipher-1',
  now: 1_000,
  expiresAt: 7 * DAY,
  uploads: [],
  releasedUntil: 2 * DAY,
  email: email(`draft:${over.id ?? 'd1'}:${String(over.now ?? 1_000)}`, over.now ?? 1_000),
  ...over,
});

/** A complete, checked upload made with the key `key-of-<id>`, alive until 10,000. */
async function upload(store: OutboxStore, id: string) {
  const bytes = randomBytes(100);
  await store.createUpload({
    id,
    session: 'session-a',
    key_hash: `key-of-${id}`,
    client: '203.0.113.1',
    filename: 'photo.png',
    filetype: 'image/png',
    length: bytes.byteLength,
    created_at: 500,
    expires_at: 10_000,
  });
  await store.appendUpload(
    { id, length: bytes.byteLength },
    0,
    (async function* () {
      yield bytes;
    })(),
  );
  await store.recordUploadVerdict(id, 'hash', 'png', '{"status":"accepted","kind":"png"}');
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => (error instanceof DraftNotSaved ? error.reason : error),
  );

export function describeDraftStore(name: string, factory: StoreFactory): void {
  describe(`${name}: saved enquiries`, () => {
    const fresh = freshStores(factory);

    it('saves a draft with its email, and saves it again only with its owner’s secret, while it lives', async () => {
      const store = await fresh();
      await store.saveDraft(save());
      expect(await store.ownsDraft('d1', 'write-of-d1', 2_000)).toBe(true);
      expect(await store.ownsDraft('d1', 'another', 2_000)).toBe(false);
      expect(
        await refusal(store.saveDraft(save({ fresh: false, writeHash: 'another', now: 2_000 }))),
      ).toBe('not_found');
      await store.saveDraft(save({ fresh: false, ciphertext: 'cipher-2', now: 3_000 }));
      expect(
        await refusal(store.saveDraft(save({ fresh: false, now: 8 * DAY, expiresAt: 15 * DAY }))),
      ).toBe('not_found');
      const emails = await store.dueNotifications(4_000, 10);
      expect(emails.map((n) => n.key)).toEqual(['draft:d1:1000', 'draft:d1:3000']);
    });

    it('keeps nothing of a save whose email the quota refuses', async () => {
      const store = await fresh();
      await store.saveDraft(save({ email: email('draft:d1:a', 1_000, 1) }));
      const second = save({ id: 'd2', writeHash: 'w2', email: email('draft:d2:a', 1_000, 1) });
      expect(await refusal(store.saveDraft(second))).toBe('over_limit');
      expect(await store.ownsDraft('d2', 'w2', 2_000)).toBe(false);
    });

    it('keeps the uploads it names as long as itself, and gives back those it names no more', async () => {
      const store = await fresh();
      await upload(store, 'u1');
      await upload(store, 'u2');
      const both = [
        { id: 'u1', keyHash: 'key-of-u1' },
        { id: 'u2', keyHash: 'key-of-u2' },
      ];
      await store.saveDraft(save({ uploads: both }));
      expect(await store.draftUploads('d1')).toEqual(expect.arrayContaining(['u1', 'u2']));
      // Past an upload's own expiry, the draft's keeps it.
      expect(await store.removeExpiredUploads(20_000)).toBe(0);
      expect((await store.findUpload('u1', 20_000))?.expires_at).toBe(7 * DAY);
      await store.saveDraft(save({ fresh: false, uploads: [both[0]!], now: 30_000 }));
      expect(await store.draftUploads('d1')).toEqual(['u1']);
      expect((await store.findUpload('u2', 30_000))?.expires_at).toBe(2 * DAY);
      expect((await store.draftsOf('subject-of-ada'))[0]).toMatchObject({ uploads: 1 });
    });

    it('refuses a save naming an upload by the wrong key, or another draft’s, keeping nothing', async () => {
      const store = await fresh();
      await upload(store, 'u1');
      const named = (id: string, keyHash: string) =>
        save({ id, writeHash: id, uploads: [{ id: 'u1', keyHash }] });
      await expect(store.saveDraft(named('d2', 'key-of-u9'))).rejects.toMatchObject({
        reason: 'uploads_gone',
        uploads: ['u1'],
      });
      expect(await store.ownsDraft('d2', 'd2', 2_000)).toBe(false);
      await store.saveDraft(named('d3', 'key-of-u1'));
      expect(await refusal(store.saveDraft(named('d4', 'key-of-u1')))).toBe('uploads_gone');
      expect(await store.draftUploads('d3')).toEqual(['u1']);
    });

    it('opens a draft with its live code once, and never with another, a spent or a late one', async () => {
      const store = await fresh();
      await store.saveDraft(save());
      const ask = (code: string, at: number) =>
        store.askDraftCode('d1', 'subject-of-ada', code, at + 600_000, email(`c:${code}`, at));
      expect(await store.askDraftCode('d1', 'subject-of-bea', 'x', 1, email('c:x', 2_000))).toBe(
        'none',
      );
      expect(await ask('code-1', 2_000)).toBe('queued');
      expect(await ask('code-2', 3_000)).toBe('queued');
      expect(await store.openDraft('d1', 'code-1', 4_000)).toBeUndefined();
      expect(await store.openDraft('d1', 'code-2', 4_000)).toEqual({
        ciphertext: 'cipher-1',
        expiresAt: 7 * DAY,
      });
      expect(await store.openDraft('d1', 'code-2', 4_000)).toBeUndefined();
      await ask('code-3', 5_000);
      expect(await store.openDraft('d1', 'code-3', 605_000)).toBeUndefined();
      await ask('code-4', 700_000);
      // Saving again spends the code: the link stays, the code does not.
      await store.saveDraft(save({ fresh: false, now: 701_000 }));
      expect(await store.openDraft('d1', 'code-4', 702_000)).toBeUndefined();
    });

    it('keeps the live code when a quota refuses the email of a new one', async () => {
      const store = await fresh();
      await store.saveDraft(save());
      const ask = (code: string, limit: number) =>
        store.askDraftCode('d1', 'subject-of-ada', code, 600_000, email(`c:${code}`, 2_000, limit));
      expect(await ask('code-1', 50)).toBe('queued');
      // 'mailbox-of-ada' has counted the link and this code: a limit of 2 refuses the next.
      expect(await ask('code-2', 2)).toBe('over_limit');
      expect(await store.openDraft('d1', 'code-2', 3_000)).toBeUndefined();
      expect(await store.openDraft('d1', 'code-1', 3_000)).toMatchObject({
        ciphertext: 'cipher-1',
      });
      expect((await store.dueNotifications(4_000, 10)).map((n) => n.key)).toEqual([
        'draft:d1:1000',
        'c:code-1',
      ]);
    });

    it('forgets a draft with its queued emails, and lists those past their expiry', async () => {
      const store = await fresh();
      await store.saveDraft(save({ email: email('draft:tag-1:a', 1_000) }));
      await store.saveDraft(save({ id: 'd2', writeHash: 'w2', expiresAt: 3 * DAY }));
      await store.queueNotifications([
        { key: 'draft:tag-10:a', channel: 'email', kind: 'draft.code', payload: {}, at: 1_000 },
      ]);
      expect(await store.expiredDrafts(3 * DAY, 10)).toEqual(['d2']);
      expect(await store.forgetDraft('d1', 'draft:tag-1:')).toBe(true);
      expect(await store.forgetDraft('d1', 'draft:tag-1:')).toBe(false);
      expect((await store.dueNotifications(2_000, 10)).map((n) => n.key)).toEqual([
        'draft:d2:1000',
        'draft:tag-10:a',
      ]);
      expect((await store.draftsOf('subject-of-ada')).map((d) => d.id)).toEqual(['d2']);
    });

    it('sweeps a draft past its expiry away with its uploads, bytes and all, and keeps a live one', async () => {
      const store = await fresh();
      await upload(store, 'u1');
      await upload(store, 'u2');
      await store.saveDraft(save({ uploads: [{ id: 'u1', keyHash: 'key-of-u1' }] }));
      const late = { id: 'd2', writeHash: 'w2', expiresAt: 3 * DAY };
      await store.saveDraft(save({ ...late, uploads: [{ id: 'u2', keyHash: 'key-of-u2' }] }));
      const kept = await store.findUpload('u2', 2_000);
      const sweep = draftSweep(store, { emailKeyOf: (id) => `draft:${id}:` }, 7 * DAY);
      expect(await sweep.run(3 * DAY - 1)).toBe(0);
      expect(await sweep.run(3 * DAY)).toBe(1);
      expect(await store.ownsDraft('d2', 'w2', 2_000)).toBe(false);
      expect(await store.draftUploads('d2')).toEqual([]);
      expect(await store.findUpload('u2', 2_000)).toBeUndefined();
      const bytes = store.uploadSource(kept!).then(readAll);
      expect((await bytes.catch(() => new Uint8Array())).byteLength).toBe(0);
      expect((await store.dueNotifications(4 * DAY, 10)).map((n) => n.key)).toEqual([
        'draft:d1:1000',
      ]);
      // The live draft keeps its upload, whole.
      expect(await store.draftUploads('d1')).toEqual(['u1']);
      expect(await store.uploadBytesHeldBy('203.0.113.1', 4 * DAY)).toBe(100);
    });

    it('counts a draft id’s tries in the outbox: five in half an hour, then one every six minutes, on every instance', async () => {
      const store = await fresh();
      // On a shared store, every other try is made on another instance.
      const other = factory.shared ? await fresh.sibling(store) : store;
      const tries = { kind: 'tries' as const, count: 5, windowMs: 30 * 60_000 };
      const verdicts = [];
      for (const each of [store, other, store, other, store, other])
        verdicts.push(await each.takeDraftAllowance('d1', tries, 1_000));
      expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, true, true, false]);
      expect(verdicts[5]?.waitMs).toBe(6 * 60_000);
      // Another id, and another allowance of the same id, are counted apart.
      expect((await other.takeDraftAllowance('d2', tries, 1_000)).allowed).toBe(true);
      const codes = { ...tries, kind: 'codes' as const };
      expect((await store.takeDraftAllowance('d1', codes, 1_000)).allowed).toBe(true);
      expect((await other.takeDraftAllowance('d1', tries, 1_000 + 6 * 60_000 - 1)).allowed).toBe(
        false,
      );
      expect(await store.takeDraftAllowance('d1', tries, 1_000 + 6 * 60_000)).toMatchObject({
        allowed: true,
        remaining: 0,
      });
      // Half an hour after its last try, an id has its five again.
      const whole = 1_000 + 36 * 60_000;
      for (let i = 0; i < 5; i++)
        expect((await other.takeDraftAllowance('d1', tries, whole)).allowed).toBe(true);
    });

    it('keeps no draft email once it has been sent or given up, nor its address', async () => {
      const store = await fresh();
      const to = { to: 'ada@example.com' };
      const mail = (key: string, kind: string) => ({
        notification: { key, channel: 'email' as const, kind, payload: to, at: 1_000 },
        quotas: [],
      });
      await store.saveDraft(save({ email: mail('draft:d1:a', 'draft.link') }));
      await store.askDraftCode(
        'd1',
        'subject-of-ada',
        'c',
        9_000,
        mail('draft:d1:b', 'draft.code'),
      );
      await store.queueNotifications([mail('confirmation:EQ-1', 'confirmation').notification]);
      const [link, code, confirmation] = await store.dueNotifications(2_000, 10);
      await store.finishNotification(link!.id, { kind: 'sent', at: 2_000 });
      await store.finishNotification(code!.id, { kind: 'failed', error: 'refused' });
      await store.finishNotification(confirmation!.id, { kind: 'sent', at: 2_000 });
      const held = await store.findSubject({ email: 'ada@example.com' });
      expect(held.notifications.map((n) => n.key)).toEqual(['confirmation:EQ-1']);
      expect(await store.forgetSentDraftEmails()).toBe(0);
    });
  });
}
