/**
 * The store contract, a person's rights: finding everything held about one person and erasing
 * it, on every store (`store-contract.ts` says how the suites are run).
 */
import { describe, expect, it } from 'vitest';
import { LeaseLostError } from '../outbox/lease.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { freshStores, type StoreFactory } from './fixtures/store-factory.ts';
import { leaseOf, sampleSubmission, stored } from './fixtures/outbox.ts';

/** Ada's submission `reference`, with her email spelt `email` and her mobile number `telephone`. */
const ada = (
  reference: string,
  email = 'ada@example.com',
  receivedAt = 1_000,
  telephone = '07700 900982',
) =>
  sampleSubmission({
    reference,
    receivedAt,
    upstream: { ...sampleSubmission().upstream, email, telephone_mobile: telephone },
  });

/** A webhook message about `reference`, its body carrying the enquiry as queued. */
const webhookAbout = (reference: string, email: string) => ({
  messageId: `msg_${reference}`,
  endpoint: 'https://hooks.example/in',
  event: 'enquiry.received' as const,
  reference,
  body: JSON.stringify({ type: 'enquiry.received', data: { reference, enquiry: { email } } }),
  at: 4,
});

const grace = sampleSubmission({
  reference: 'EQ-GRACE',
  files: [],
  upstream: { ...sampleSubmission().upstream, forename: 'Grace', email: 'grace@example.com' },
});

const erasing = { force: true, at: 9_000, client: 'cli' };

/** Runs the rights contract against one implementation. */
export function describeRightsStore(name: string, factory: StoreFactory): void {
  describe(`${name}: a person's data found and erased`, () => {
    const fresh = freshStores(factory);

    async function withAdaTwiceAndGrace(store: OutboxStore) {
      await stored(store, ada('EQ-ADA-1'));
      await stored(store, ada('EQ-ADA-2', 'Ada@Example.COM', 2_000));
      await stored(store, grace);
      await store.queueNotifications([
        {
          key: 'lead.dead:EQ-ADA-1:email',
          channel: 'email',
          kind: 'lead.dead',
          reference: 'EQ-ADA-1',
          payload: {},
          at: 1,
        },
        // An operator's alert names no submission but carries the lead.
        {
          key: 'alert:1',
          channel: 'email',
          kind: 'alert',
          payload: { text: 'lead from ada@example.com' },
          at: 2,
        },
        {
          key: 'lead.dead:EQ-GRACE:email',
          channel: 'email',
          kind: 'lead.dead',
          reference: 'EQ-GRACE',
          payload: {},
          at: 3,
        },
      ]);
      await store.recordAudit({ at: 5, client: 'cli', action: 'retry', reference: 'EQ-ADA-2' });
      await store.queueWebhooks([
        webhookAbout('EQ-ADA-2', 'Ada@Example.COM'),
        webhookAbout('EQ-GRACE', 'grace@example.com'),
      ]);
    }

    it('finds one person across several submissions by email whatever its case, and nobody else', async () => {
      const store = await fresh();
      await withAdaTwiceAndGrace(store);
      const held = await store.findSubject({ email: 'ADA@example.com' });
      expect(held.submissions.map((s) => s.reference)).toEqual(['EQ-ADA-1', 'EQ-ADA-2']);
      expect(held.submissions[0]?.files.map((f) => f.name)).toEqual(['plan.pdf', 'photo.png']);
      expect(held.notifications.map((n) => n.key)).toEqual(['lead.dead:EQ-ADA-1:email', 'alert:1']);
      expect(held.audit.map((a) => [a.action, a.reference])).toEqual([['retry', 'EQ-ADA-2']]);
      // A webhook's body carries the enquiry: it is hers too.
      expect(held.webhooks.map((w) => [w.reference, w.body])).toEqual([
        ['EQ-ADA-2', webhookAbout('EQ-ADA-2', 'Ada@Example.COM').body],
      ]);
    });

    it('names a person’s submissions by their references alone, by email or number', async () => {
      const store = await fresh();
      await withAdaTwiceAndGrace(store);
      await stored(store, ada('EQ-ADA-3', 'ada@example.com', 3_000, '+44 7700 900982'));
      expect(await store.subjectReferences({ email: 'ADA@example.com' })).toEqual([
        'EQ-ADA-1',
        'EQ-ADA-2',
        'EQ-ADA-3',
      ]);
      expect(await store.subjectReferences({ telephone: '07700 900982', country: 'GB' })).toEqual(
        (await store.findSubject({ telephone: '07700 900982', country: 'GB' })).submissions.map(
          (s) => s.reference,
        ),
      );
      expect(await store.subjectReferences({ email: 'nobody@example.com' })).toEqual([]);
    });

    it('finds an alert quoting a person’s address when no submission of theirs is left', async () => {
      const store = await fresh();
      await withAdaTwiceAndGrace(store);
      await store.erase('EQ-ADA-1', erasing);
      await store.erase('EQ-ADA-2', erasing);
      await store.queueNotifications([
        {
          key: 'alert:2',
          channel: 'email',
          kind: 'alert',
          payload: { text: 'stuck: lead from ADA@example.com, 100%_sure' },
          at: 6,
        },
      ]);
      const held = await store.findSubject({ email: 'ada@example.com' });
      expect(held.submissions).toEqual([]);
      expect(held.notifications.map((n) => n.key)).toEqual(['alert:2']);
      // A wildcard in an address is a character, not a pattern.
      expect((await store.findSubject({ email: 'ad_@example.com' })).notifications).toEqual([]);
    });

    it('finds a person by their telephone number however it is written, a national one read in the form’s country', async () => {
      const store = await fresh();
      await withAdaTwiceAndGrace(store);
      // Stored as the form lets a number be written, or in E.164 (`upstreamFormat`).
      await stored(store, ada('EQ-ADA-3', 'ada@example.com', 3_000, '+44 (0)7700-900.982'));
      await stored(store, ada('EQ-ADA-4', 'ada@example.com', 4_000, '+447700900982'));
      const asked = [
        { telephone: '07700900982', country: 'GB' },
        { telephone: '+44 7700 900 982' },
        { telephone: '(07700) 900-982', country: 'GB' },
      ];
      for (const subject of asked)
        expect((await store.findSubject(subject)).submissions.map((s) => s.reference)).toEqual([
          'EQ-ADA-1',
          'EQ-ADA-2',
          'EQ-ADA-3',
          'EQ-ADA-4',
        ]);
      expect((await store.findSubject({ telephone: '+44 7700 900983' })).submissions).toEqual([]);
      expect((await store.findSubject({ telephone: 'none', country: 'GB' })).submissions).toEqual(
        [],
      );
    });

    it('keeps apart numbers of two countries that end in the same ten digits', async () => {
      const store = await fresh();
      await stored(store, ada('EQ-LONDON', 'ada@example.com', 1_000, '+44 20 7946 0958'));
      await stored(store, ada('EQ-LONDON-2', 'ada@example.com', 2_000, '020 7946 0958'));
      await stored(store, ada('EQ-MAINE', 'grace@example.com', 3_000, '+1 207 946 0958'));
      const found = async (telephone: string, country?: string) =>
        (await store.findSubject({ telephone, ...(country ? { country } : {}) })).submissions.map(
          (s) => s.reference,
        );
      expect(await found('+44 20 7946 0958')).toEqual(['EQ-LONDON', 'EQ-LONDON-2']);
      expect(await found('020 7946 0958', 'GB')).toEqual(['EQ-LONDON', 'EQ-LONDON-2']);
      expect(await found('+1 207 946 0958')).toEqual(['EQ-MAINE']);
      // A number without its country code is a number of the country it is read in.
      expect(await found('(207) 946-0958', 'US')).toEqual(['EQ-MAINE']);
    });

    it('keeps a submission not yet delivered unless the erasure is forced', async () => {
      const store = await fresh();
      await stored(store, ada('EQ-ADA-1'));
      expect(await store.erase('EQ-ADA-1', { ...erasing, force: false })).toMatchObject({
        kind: 'needs_force',
        submission: { state: 'queued' },
      });
      expect(await store.get('EQ-ADA-1')).not.toBeNull();
      expect(await store.erase('EQ-NONE', erasing)).toEqual({ kind: 'not_found' });
    });

    it('erases a submission with its files, key, notifications and alerts, and logs only a salted hash', async () => {
      const store = await fresh();
      await withAdaTwiceAndGrace(store);
      await store.accept(ada('EQ-ADA-3', 'ada@example.com', 3_000));
      const { id } = (await store.get('EQ-ADA-1'))!;
      expect(await store.erase('EQ-ADA-1', erasing)).toMatchObject({
        kind: 'erased',
        notifications: 2,
      });
      expect(await store.get('EQ-ADA-1')).toBeNull();
      await expect(store.fileSource(id, 0)).rejects.toThrow();
      expect(await store.notificationsFor('EQ-GRACE')).toHaveLength(1);
      const [entry] = await store.listAudit({ limit: 1 });
      expect(entry).toMatchObject({ action: 'erase', reference: null, client: 'cli' });
      expect(entry?.detail).toMatch(/^subject sha256:[0-9a-f]{64}/);
      // The hash's hex is left out: "ada" turns up in one 64-digit hex string in about 70.
      const withoutHash = { ...entry, detail: entry?.detail.replace(/[0-9a-f]{64}/, '<hash>') };
      expect(JSON.stringify(withoutHash)).not.toMatch(/ada|lovelace/i);
      // The same person erased again is recognisable by the hash, never readable from it.
      await store.erase('EQ-ADA-2', erasing);
      const [again] = await store.listAudit({ limit: 1 });
      expect(again?.detail.slice(0, 80)).toBe(entry?.detail.slice(0, 80));
    });

    it('stops a delivery holding the submission at its next write, and never writes it back', async () => {
      const store = await fresh();
      const { id } = await stored(store, ada('EQ-ADA-1'));
      const lease = await leaseOf(store, id);
      await store.startStep(lease, { kind: 'create' }, 60_000);
      await store.erase('EQ-ADA-1', erasing);
      await expect(store.recordCreated(lease, 77, 2000)).rejects.toBeInstanceOf(LeaseLostError);
      await expect(
        store.finish(lease, { kind: 'retry', at: 5, error: 'x' }),
      ).rejects.toBeInstanceOf(LeaseLostError);
      expect(await store.get('EQ-ADA-1')).toBeNull();
      expect(await store.claimDue('w', 60_000, 10 ** 12, 10)).toEqual([]);
    });

    it('never gives an erased submission’s id to a new one, so its stale lease stays stale', async () => {
      const store = await fresh();
      const { id } = await stored(store, ada('EQ-ADA-1'));
      const lease = await leaseOf(store, id);
      await store.erase('EQ-ADA-1', erasing);
      const next = await stored(store, grace);
      expect(next.id).toBeGreaterThan(id);
      await leaseOf(store, next.id);
      await expect(store.recordCreated(lease, 77, 2000)).rejects.toBeInstanceOf(LeaseLostError);
      expect((await store.get(grace.reference))?.enquiryId ?? null).toBeNull();
    });
  });
}
