/**
 * The webhook half of the outbox store contract (see `store-contract.ts`): each endpoint is
 * owed one delivery per event and submission, queued once; a try is claimed by one worker
 * under a lease, finished only by the claim that holds it, and listed and retried by operators.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OutboxStore } from '../outbox/store.ts';
import type { NewWebhookDelivery, SubmissionEvent } from '../outbox/webhook.ts';
import { freshStores, type StoreFactory } from './fixtures/store-factory.ts';
import { leaseOf, sampleSubmission, stored } from './fixtures/outbox.ts';

const HOOK = 'https://hooks.example.com/a';

const message = (reference: string, at = 1000, endpoint = HOOK): NewWebhookDelivery => ({
  messageId: `msg_${reference}`,
  endpoint,
  event: 'enquiry.received',
  reference,
  body: `{"type":"enquiry.received","reference":"${reference}","name":"Zoë"}`,
  at,
});

/** Stores a submission for each of `references`, then queues a message about each. */
async function queuedAbout(store: OutboxStore, references: string[]) {
  for (const reference of references)
    await stored(store, sampleSubmission({ reference, files: [] }));
  return store.queueWebhooks(references.map((reference) => message(reference)));
}

/** Runs the webhook contract against one implementation. */
export function describeWebhookStore(name: string, factory: StoreFactory): void {
  describe(`${name}: the outbox store contract, webhooks`, () => {
    const fresh = freshStores(factory);

    it('finds each event’s submissions until a delivery is queued for the endpoint, once', async () => {
      const store = await fresh();
      const { id } = await stored(store);
      await stored(store, sampleSubmission({ reference: 'SPAM', state: 'spam', files: [] }));
      const awaiting = (event: SubmissionEvent, endpoint = HOOK) =>
        store
          .awaitingWebhook(endpoint, event, 0, 10)
          .then((found) => found.map((s) => s.reference));
      expect(await awaiting('enquiry.received')).toEqual(['EQ-TEST-0001']);
      expect(await awaiting('enquiry.delivered')).toEqual([]);
      expect(await store.queueWebhooks([message('EQ-TEST-0001')])).toBe(1);
      expect(await store.queueWebhooks([message('EQ-TEST-0001')])).toBe(0);
      expect(await awaiting('enquiry.received')).toEqual([]);
      expect(await awaiting('enquiry.received', 'https://other.example.com/')).toEqual([
        'EQ-TEST-0001',
      ]);
      await store.finish(await leaseOf(store, id), { kind: 'delivered', at: 2000 });
      expect(await awaiting('enquiry.delivered')).toEqual(['EQ-TEST-0001']);
      // An endpoint added later is owed only what happened since.
      expect(await store.awaitingWebhook(HOOK, 'enquiry.delivered', 2001, 10)).toEqual([]);
    });

    it('queues no message about a submission erased while the message was being written', async () => {
      const store = await fresh();
      await stored(store);
      await store.erase('EQ-TEST-0001', { force: true, at: 1500, client: 'cli' });
      expect(await store.queueWebhooks([message('EQ-TEST-0001')])).toBe(0);
      expect(await store.listWebhooks({ limit: 10 })).toEqual([]);
    });

    it('hands a due delivery to one claim, and records only that claim’s outcome', async () => {
      const store = await fresh();
      await stored(store, sampleSubmission({ reference: 'A', files: [] }));
      await stored(store, sampleSubmission({ reference: 'B', files: [] }));
      await store.queueWebhooks([message('A', 1000), message('B', 5000)]);
      const [first, ...rest] = await store.claimWebhooks(HOOK, 'one', 30_000, 2000, 10);
      expect(rest).toEqual([]);
      expect(first?.delivery).toMatchObject({ reference: 'A', messageId: 'msg_A', attempts: 0 });
      expect(await store.claimWebhooks(HOOK, 'two', 30_000, 2000, 10)).toEqual([]);
      if (!first) return;
      // Its holder died: another claim takes it after the lease, and the old one is fenced off.
      const [again] = await store.claimWebhooks(HOOK, 'two', 30_000, 40_000, 1);
      expect(again?.delivery.reference).toBe('A');
      const retry = {
        kind: 'retry',
        at: 1,
        nextAt: 99_000,
        status: 500,
        error: 'HTTP 500',
      } as const;
      expect(await store.finishWebhook(first.lease, retry)).toBe(false);
      if (!again) return;
      expect(await store.finishWebhook(again.lease, retry)).toBe(true);
      expect(await store.nextWebhookAt(HOOK)).toBe(5000);
      const [listed] = await store.listWebhooks({ reference: 'A', limit: 5 });
      expect(listed).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 500 });
      expect(listed?.nextAttemptAt).toBe(99_000);
      expect(listed?.body).toContain('Zoë');
    });

    it('gives a delivery up, counts it, and lets an operator send it again under the same id', async () => {
      const store = await fresh();
      await queuedAbout(store, ['A', 'B']);
      const claimed = await store.claimWebhooks(HOOK, 'one', 30_000, 2000, 10);
      const [a, b] = claimed;
      if (!a || !b) throw new Error('two claims');
      await store.finishWebhook(a.lease, {
        kind: 'dead',
        at: 3000,
        status: 500,
        error: 'HTTP 500',
      });
      await store.finishWebhook(b.lease, { kind: 'delivered', at: 3000, status: 204 });
      expect(await store.deadWebhooks()).toMatchObject({ count: 1, latest: { reference: 'A' } });
      expect(
        (await store.listWebhooks({ state: 'delivered', limit: 5 })).map((d) => d.reference),
      ).toEqual(['B']);
      expect((await store.listWebhooks({ limit: 1 })).map((d) => d.reference)).toEqual(['B']);
      expect(
        (await store.listWebhooks({ limit: 5, before: b.lease.id })).map((d) => d.reference),
      ).toEqual(['A']);

      const retried = await store.retryWebhook(a.lease.id, 4000);
      expect(retried).toMatchObject({
        kind: 'requeued',
        delivery: { state: 'pending', attempts: 0, nextAttemptAt: 4000, messageId: 'msg_A' },
      });
      expect(await store.deadWebhooks()).toMatchObject({ count: 0, latest: null });
      await store.claimWebhooks(HOOK, 'one', 30_000, 4000, 10);
      expect(await store.retryWebhook(a.lease.id, 4001)).toEqual({ kind: 'in_flight' });
      expect(await store.retryWebhook(999_999, 4001)).toEqual({ kind: 'not_found' });
    });

    it('drops a delivered message’s body, keeping its id, hash and outcome, and never sends it again', async () => {
      const store = await fresh();
      await queuedAbout(store, ['A', 'B']);
      const [a, b] = await store.claimWebhooks(HOOK, 'one', 30_000, 2000, 10);
      if (!a || !b) throw new Error('two claims');
      await store.finishWebhook(a.lease, { kind: 'delivered', at: 3000, status: 204 });
      await store.finishWebhook(b.lease, { kind: 'dead', at: 3000, status: 500, error: 'x' });
      const [dead, delivered] = await store.listWebhooks({ limit: 5 });
      const sha256 = createHash('sha256').update(message('A').body).digest('hex');
      expect(delivered).toMatchObject({
        reference: 'A',
        messageId: 'msg_A',
        state: 'delivered',
        lastStatus: 204,
        body: null,
        bodySha256: sha256,
      });
      // Given up, it keeps its body: an operator may send it again.
      expect(dead).toMatchObject({ reference: 'B', body: message('B').body });
      expect((await store.findSubject({ email: 'ada@example.com' })).webhooks).toMatchObject([
        { reference: 'A', body: null, bodySha256: sha256 },
        { reference: 'B', body: message('B').body },
      ]);
      expect(await store.retryWebhook(a.lease.id, 4000)).toEqual({ kind: 'delivered' });
      expect(await store.claimWebhooks(HOOK, 'one', 30_000, 5000, 10)).toEqual([]);
    });

    it('forgets a finished delivery when retention removes its submission, never a pending one', async () => {
      const store = await fresh();
      const other = 'https://hooks.example.com/b';
      const { id } = await stored(store);
      await stored(store, sampleSubmission({ reference: 'KEPT', files: [] }));
      await store.queueWebhooks([
        message('EQ-TEST-0001'),
        message('EQ-TEST-0001', 1000, other),
        message('KEPT'),
      ]);
      const [sent, given] = await store.claimWebhooks(HOOK, 'one', 30_000, 2000, 10);
      if (!sent || !given) throw new Error('two claims');
      await store.finishWebhook(sent.lease, { kind: 'delivered', at: 2000, status: 204 });
      await store.finishWebhook(given.lease, { kind: 'dead', at: 2000, status: 500, error: 'x' });
      const listed = async () =>
        (await store.listWebhooks({ limit: 10 })).map((d) => `${d.reference} ${d.state}`);
      // Kept while its submission is: the lead's page still shows what its webhooks did.
      expect(await store.purgeDelivered(10_000)).toBe(0);
      expect(await store.purgeFinishedWebhooks()).toBe(0);
      expect(await listed()).toEqual([
        'KEPT dead',
        'EQ-TEST-0001 pending',
        'EQ-TEST-0001 delivered',
      ]);

      await store.finish(await leaseOf(store, id), { kind: 'delivered', at: 3000 });
      expect(await store.purgeDelivered(3001)).toBe(1);
      // Forgotten by a purge of their own (the hourly chore), not the submissions' purge.
      expect(await listed()).toHaveLength(3);
      expect(await store.purgeFinishedWebhooks()).toBe(1);
      expect(await listed()).toEqual(['KEPT dead', 'EQ-TEST-0001 pending']);
      // The pending one is still sent (its body holds all it needs), and goes at the next purge.
      const [late] = await store.claimWebhooks(other, 'one', 30_000, 4000, 10);
      if (!late) throw new Error('the pending delivery was not claimable');
      await store.finishWebhook(late.lease, { kind: 'delivered', at: 4000, status: 204 });
      expect(await store.purgeDelivered(4001)).toBe(0);
      expect(await store.purgeFinishedWebhooks()).toBe(1);
      expect(await listed()).toEqual(['KEPT dead']);
    });

    it('never hands the same try to two instances claiming at once', async () => {
      const store = await fresh();
      const other = store.shared ? await fresh.sibling(store) : store;
      await queuedAbout(
        store,
        Array.from({ length: 40 }, (_, i) => `R${String(i).padStart(2, '0')}`),
      );
      const rounds = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          (i % 2 ? other : store).claimWebhooks(HOOK, `w${String(i)}`, 30_000, 2000, 7),
        ),
      );
      const ids = rounds.flat().map((c) => c.delivery.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toHaveLength(40);
    });
  });
}
