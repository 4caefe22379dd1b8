/**
 * The unfinished enquiries' half of the outbox store contract (see `store-contract.ts`): a record
 * is kept with its consent and kept again only by its secret and a newer keep; unticked, it is
 * erased at once and no keep still on its way brings it back; the enquiry sent from its form
 * session takes it over in the enquiry's transaction; it is erased `keepDays` after its last
 * change, with what copies it, and counted; its one reminder is sent once, only while it is kept.
 */
import { describe, expect, it } from 'vitest';
import type { OutboxStore } from '../outbox/store.ts';
import { sampleSubmission } from './fixtures/outbox.ts';
import { freshStores, type StoreFactory } from './fixtures/store-factory.ts';
import { storedKeep } from './fixtures/unfinished.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const KEEP_DAYS = 7;

const keep = storedKeep;

const ADA = 'a'.repeat(32);

/** What the store holds of Ada's record now, as the firm reads it. */
const adas = (store: OutboxStore) => store.unfinishedRecord(ADA);

export function describeUnfinishedStore(name: string, factory: StoreFactory): void {
  describe(`${name}: unfinished enquiries`, () => {
    const fresh = freshStores(factory);

    it('keeps a record with its consent, and again only by its secret and a newer keep', async () => {
      const store = await fresh();
      expect(await store.keepUnfinished(keep(1, 1_000))).toBe(true);
      expect(await store.keepUnfinished(keep(3, 3_000))).toBe(true);
      // Late, or from someone without the secret: nothing changes, and the answer says no more.
      expect(await store.keepUnfinished(keep(2, 4_000))).toBe(false);
      expect(await store.keepUnfinished(keep(9, 5_000, { secretHash: 'guess' }))).toBe(false);
      const record = await adas(store);
      expect(record).toMatchObject({
        fields: { answers: { notes: 'typed by keep 3' } },
        lang: 'cy',
        consent: { statement: 'Cadw’r hyn a deipiais…', at: 1_000 },
        createdAt: 1_000,
        updatedAt: 3_000,
        expiresAt: 3_000 + KEEP_DAYS * DAY,
        reminder: null,
      });
    });

    it('erases an unticked record at once, and no keep still on its way brings it back', async () => {
      const store = await fresh();
      await store.keepUnfinished(keep(1, 1_000));
      expect(await store.eraseUnfinished(ADA, 'secret-of-ada', 2, 2_000, 2_000 + DAY)).toBe(true);
      expect(await adas(store)).toBeNull();
      expect(await store.unfinishedOf({ email: 'ada@example.com' })).toEqual([]);
      expect(await store.keepUnfinished(keep(1, 3_000))).toBe(false);
      expect(await adas(store)).toBeNull();
      // Ticked again: kept again, its consent given anew.
      expect(await store.keepUnfinished(keep(3, 4_000))).toBe(true);
      expect((await adas(store))?.consent.at).toBe(4_000);
      expect((await store.unfinishedCounts()).unticked).toBe(1);
    });

    it('lets no first keep pass an untick that arrived before it', async () => {
      const store = await fresh();
      expect(await store.eraseUnfinished(ADA, 'secret-of-ada', 2, 1_000, 1_000 + DAY)).toBe(false);
      expect(await store.keepUnfinished(keep(1, 2_000))).toBe(false);
      expect(await adas(store)).toBeNull();
    });

    it('is taken over by the enquiry sent from its form session, in the enquiry’s transaction', async () => {
      const store = await fresh();
      await store.keepUnfinished(keep(1, 1_000));
      await store.keepUnfinished(keep(1, 1_000, { id: 'b'.repeat(32), formSession: 'session-b' }));
      const outcome = await store.accept(
        sampleSubmission({ receivedAt: 5_000, files: [], formSession: 'session-a' }),
      );
      expect(outcome.kind).toBe('stored');
      expect(await adas(store)).toBeNull();
      expect(await store.unfinishedRecord('b'.repeat(32))).not.toBeNull();
      // The page's keep after Send (a timer that fired late) cannot bring it back.
      expect(await store.keepUnfinished(keep(2, 6_000))).toBe(false);
      expect(await store.eraseUnfinished(ADA, 'secret-of-ada', 3, 6_000, DAY)).toBe(false);
      expect(await store.unfinishedCounts()).toMatchObject({ kept: 1, finished: 1, unticked: 0 });
    });

    it('counts in the funnel once where it was first kept, and again when its enquiry takes it over', async () => {
      const store = await fresh();
      const funnel = {
        day: '2027-03-01',
        caseType: 'conveyancing',
        campaign: 'spring-2027',
        variant: '',
      };
      await store.keepUnfinished(keep(1, 1_000, { funnel }));
      await store.keepUnfinished(keep(2, 2_000, { funnel }));
      await store.keepUnfinished(
        keep(1, 1_000, { id: 'b'.repeat(32), formSession: 'session-b', funnel }),
      );
      await store.accept(
        sampleSubmission({ receivedAt: 5_000, files: [], formSession: 'session-a' }),
      );
      const cells = await store.funnelCells({ from: '2027-03-01', to: '2027-03-01' });
      expect(cells).toMatchObject([
        { caseType: 'conveyancing', campaign: 'spring-2027', keptUnfinished: 2, finishedLater: 1 },
      ]);
    });

    it('is finished by its page when its enquiry was sent with a renewed form token', async () => {
      const store = await fresh();
      await store.keepUnfinished(keep(1, 1_000));
      await store.accept(sampleSubmission({ receivedAt: 5_000, files: [], formSession: 'other' }));
      expect(await store.finishUnfinished(ADA, 'secret-of-ada', 'EQ-NOT-STORED', 6_000)).toBe(
        false,
      );
      expect(await store.finishUnfinished(ADA, 'guess', 'EQ-TEST-0001', 6_000)).toBe(false);
      expect(await store.finishUnfinished(ADA, 'secret-of-ada', 'EQ-TEST-0001', 6_000)).toBe(true);
      expect(await adas(store)).toBeNull();
    });

    it('is erased keepDays after its last change, gone and counted, and the rows left go too', async () => {
      const store = await fresh();
      await store.keepUnfinished(keep(1, 1_000));
      await store.keepUnfinished(keep(2, 2 * DAY));
      await store.eraseUnfinished('c'.repeat(32), 'secret-of-cy', 1, 1_000, 1_000 + DAY);
      expect(await store.expireUnfinished(1_000 + KEEP_DAYS * DAY, 100)).toEqual({
        rows: 1,
        kept: 0,
      });
      expect(await adas(store)).not.toBeNull();
      expect(await store.expireUnfinished(2 * DAY + KEEP_DAYS * DAY, 100)).toEqual({
        rows: 1,
        kept: 1,
      });
      expect(await adas(store)).toBeNull();
      expect((await store.unfinishedCounts()).expired).toBe(1);
      // Gone, not hidden: the id is free, and its old secret keeps nothing of the past.
      expect(await store.keepUnfinished(keep(1, 10 * DAY, { secretHash: 'another' }))).toBe(true);
    });

    it('sends its one reminder once, only while kept and asked for, its due time moving with each change', async () => {
      const store = await fresh();
      const asked = (seq: number, now: number) =>
        keep(seq, now, { reminder: { statement: 'Email me one reminder', dueAt: now + DAY } });
      await store.keepUnfinished(asked(1, 1_000));
      await store.keepUnfinished(asked(2, 2_000));
      expect(await store.dueReminders(1_000 + DAY, 10)).toEqual([]);
      const [due] = await store.dueReminders(2_000 + DAY, 10);
      expect(due).toMatchObject({ id: ADA, page: 'https://www.example.com/contact' });
      expect(due?.record.reminder).toMatchObject({ statement: 'Email me one reminder', at: 1_000 });
      const sent = {
        id: ADA,
        draft: { id: 'd'.repeat(32), subject: 'mailbox', writeHash: 'w', ciphertext: 'sealed' },
        linkSecretHash: 'link-secret',
        emailKeyPrefix: 'draft:0123:',
        email: {
          notification: {
            key: 'draft:0123:draft.reminder:1',
            channel: 'email' as const,
            kind: 'draft.reminder',
            payload: { to: 'ada@example.com' },
            at: 3_000 + DAY,
          },
          quotas: [{ subject: 'ada-mailbox', windowMs: DAY, limit: 1 }],
        },
        now: 3_000 + DAY,
      };
      expect(await store.recordReminder(sent)).toBe(true);
      expect(await store.recordReminder({ ...sent, now: 4_000 + DAY })).toBe(false);
      expect(await store.dueReminders(10 * DAY, 10)).toEqual([]);
      const emails = await store.dueNotifications(3_000 + DAY, 10);
      expect(emails.map((email) => email.kind)).toEqual(['draft.reminder']);
      // Its link's secret keeps the record too (the browser that opened it goes on with it).
      expect(await store.keepUnfinished(keep(3, 5_000 + DAY, { secretHash: 'link-secret' }))).toBe(
        true,
      );
      expect((await adas(store))?.reminder?.sentAt).toBe(3_000 + DAY);
      // Unticked: the sealed copy and its emails go with it.
      await store.eraseUnfinished(ADA, 'secret-of-ada', 4, 6_000 + DAY, 7 * DAY);
      expect(await store.draftUploads('d'.repeat(32))).toEqual([]);
      expect(await store.openDraft('d'.repeat(32), 'any', 6_000 + DAY)).toBeUndefined();
      expect(await store.dueNotifications(6_000 + DAY, 10)).toEqual([]);
    });

    it('sends no reminder its address has had its emails of the day for, and never tries again', async () => {
      const store = await fresh();
      const reminder = { statement: 'Email me one reminder', dueAt: 1_000 + HOUR };
      await store.keepUnfinished(keep(1, 1_000, { reminder }));
      const email = (key: string) => ({
        notification: {
          key,
          channel: 'email' as const,
          kind: 'draft.reminder',
          payload: {},
          at: DAY,
        },
        quotas: [{ subject: 'ada-mailbox', windowMs: DAY, limit: 0 }],
      });
      const sent = {
        id: ADA,
        draft: { id: 'e'.repeat(32), subject: 'mailbox', writeHash: 'w', ciphertext: 'sealed' },
        linkSecretHash: 'link-secret',
        emailKeyPrefix: 'draft:4567:',
        email: email('draft:4567:draft.reminder:1'),
        now: DAY,
      };
      expect(await store.recordReminder(sent)).toBe(false);
      expect(await store.dueNotifications(DAY, 10)).toEqual([]);
      expect(await store.openDraft('e'.repeat(32), 'any', DAY)).toBeUndefined();
      expect(await store.dueReminders(2 * DAY, 10)).toEqual([]);
      // The link's secret was never handed out: it keeps nothing.
      expect(await store.keepUnfinished(keep(2, DAY + 1, { secretHash: 'link-secret' }))).toBe(
        false,
      );
    });

    it('sends no reminder once unticked or taken over', async () => {
      const store = await fresh();
      const reminder = { statement: 'Email me one reminder', dueAt: 1_000 + HOUR };
      await store.keepUnfinished(keep(1, 1_000, { reminder }));
      await store.keepUnfinished(
        keep(1, 1_000, { id: 'b'.repeat(32), formSession: 'session-b', reminder }),
      );
      await store.eraseUnfinished(ADA, 'secret-of-ada', 2, 2_000, DAY);
      await store.accept(sampleSubmission({ files: [], formSession: 'session-b' }));
      expect(await store.dueReminders(DAY, 10)).toEqual([]);
    });

    it('finds a person’s records by address or number, and erases them for the firm for good', async () => {
      const store = await fresh();
      await store.keepUnfinished(keep(1, 1_000));
      expect(await store.unfinishedOf({ email: ' ADA@example.com' })).toHaveLength(1);
      expect(await store.unfinishedOf({ telephone: '07700 900123', country: 'GB' })).toHaveLength(
        1,
      );
      expect(await store.unfinishedOf({ telephone: '+1 207 790 0123' })).toEqual([]);
      expect(await store.keptByCampaign()).toEqual([{ campaign: 'spring-2027', kept: 1 }]);
      expect(
        await store.eraseUnfinishedRecord(ADA, 2_000, '203.0.113.9', { person: 'ann@firm' }),
      ).toBe(true);
      expect(await store.unfinishedOf({ email: 'ada@example.com' })).toEqual([]);
      // The page, still open, cannot keep it again under that id.
      expect(await store.keepUnfinished(keep(2, 3_000))).toBe(false);
      const [entry] = await store.listAudit({ limit: 1 });
      expect(entry).toMatchObject({ action: 'erase unfinished', detail: `unfinished ${ADA}` });
      expect(await store.unfinishedCounts()).toMatchObject({ kept: 0, erasedByFirm: 1 });
    });

    it('pages the kept records newest change first', async () => {
      const store = await fresh();
      for (const [n, letter] of ['a', 'b', 'c'].entries())
        await store.keepUnfinished(
          keep(1, 1_000 * (n + 1), { id: letter.repeat(32), formSession: letter }),
        );
      const first = await store.unfinishedPage({ limit: 2 });
      expect(first.map((r) => r.id[0])).toEqual(['c', 'b']);
      const last = first.at(-1);
      const next = await store.unfinishedPage({
        limit: 2,
        ...(last ? { before: { at: last.updatedAt, id: last.id } } : {}),
      });
      expect(next.map((r) => r.id[0])).toEqual(['a']);
    });
  });
}
