/**
 * The notification half of the outbox store contract (see `store-contract.ts`): dead and partly
 * delivered leads are handed to the notifier until their notifications are queued, once;
 * queued notifications are due, retried and finished as told.
 */
import { describe, expect, it } from 'vitest';
import type { NewNotification } from '../outbox/notification.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { freshStores, type StoreFactory } from './fixtures/store-factory.ts';
import {
  leaseOf,
  sampleAftercare,
  sampleSubmission,
  stored,
  storedLeads,
} from './fixtures/outbox.ts';

const note = (key: string, at: number, reference?: string): NewNotification => ({
  key,
  channel: 'email',
  kind: 'lead.dead',
  ...(reference ? { reference } : {}),
  payload: { key, text: 'Zoë’s enquiry' },
  at,
});

/** Stores `reference` with its visitor's confirmation to `email` queued, as the route does. */
const confirmed = (store: OutboxStore, reference: string, email: string) =>
  stored(
    store,
    sampleSubmission({
      reference,
      upstream: { ...sampleSubmission().upstream, email },
      aftercare: sampleAftercare(reference, 1_000, [], email),
    }),
  );

/** Gives `id` up at `at` and queues the firm's notification of it, as the notifier does. */
async function deadAndTold(store: OutboxStore, id: number, at: number) {
  await store.deadLetter(await leaseOf(store, id, at), 'refused', at);
  const { reference } = (await storedLeads(store)).find((s) => s.id === id) ?? { reference: '' };
  await store.queueNotifications([note(`lead.dead:${reference}`, at + 100, reference)], {
    reference,
  });
}

/** Sends every notification due at `at`. */
async function sendAll(store: OutboxStore, at: number) {
  for (const due of await store.dueNotifications(at, 100))
    await store.finishNotification(due.id, { kind: 'sent', at });
}

/** Runs the notification contract against one implementation. */
export function describeNotificationStore(name: string, factory: StoreFactory): void {
  describe(`${name}: the outbox store contract, notifications`, () => {
    const fresh = freshStores(factory);

    it('hands out dead leads until their notifications are queued, then never again', async () => {
      const store = await fresh();
      const { id } = await stored(store);
      await stored(store, sampleSubmission({ reference: 'EQ-TEST-0002' }));
      expect(await store.leadsToNotify(10)).toEqual([]);
      await store.deadLetter(await leaseOf(store, id), 'refused', 500);
      const [lead] = await store.leadsToNotify(10);
      expect(lead).toMatchObject({ reference: 'EQ-TEST-0001', state: 'dead', notifiedAt: null });

      const rows = [
        note('a', 600, 'EQ-TEST-0001'),
        { ...note('b', 600, 'EQ-TEST-0001'), channel: 'webhook' as const },
      ];
      expect(await store.queueNotifications(rows, { reference: 'EQ-TEST-0001' })).toBe(2);
      expect(await store.leadsToNotify(10)).toEqual([]);
      expect((await store.get('EQ-TEST-0001'))?.notifiedAt).toBe(600);
      // The same keys again (a notifier that crashed after queueing) queue nothing.
      expect(await store.queueNotifications(rows)).toBe(0);
      expect((await store.notificationsFor('EQ-TEST-0001')).map((n) => n.channel)).toEqual([
        'email',
        'webhook',
      ]);
    });

    it('tells again of a lead that an operator retried and that died again', async () => {
      const store = await fresh();
      const { id } = await stored(store);
      await store.deadLetter(await leaseOf(store, id), 'refused', 500);
      await store.queueNotifications([note('first', 600, 'EQ-TEST-0001')], {
        reference: 'EQ-TEST-0001',
      });
      await store.requeue('EQ-TEST-0001', 700);
      await store.deadLetter(await leaseOf(store, id, 700), 'refused again', 800);
      expect((await store.leadsToNotify(10)).map((s) => s.note)).toEqual(['refused again']);
    });

    it('purges dead letters only once the firm was told of them', async () => {
      const store = await fresh();
      const told = await stored(store);
      await deadAndTold(store, told.id, 500);
      await sendAll(store, 600);
      const untold = await stored(store, sampleSubmission({ reference: 'EQ-TEST-0002' }));
      await store.deadLetter(await leaseOf(store, untold.id), 'refused', 500);
      expect(await store.purgeNotifiedDead(400)).toBe(0);
      expect(await store.purgeNotifiedDead(1000)).toBe(1);
      expect((await storedLeads(store)).map((s) => s.reference)).toEqual(['EQ-TEST-0002']);
    });

    it('forgets a confirmation and the firm’s notifications with their submission when retention removes it', async () => {
      const store = await fresh();
      const ada = await confirmed(store, 'EQ-ADA-1', 'ada@example.com');
      const dead = await confirmed(store, 'EQ-ADA-2', 'ada@example.com');
      await store.finish(await leaseOf(store, ada.id), { kind: 'delivered', at: 2_000 });
      await deadAndTold(store, dead.id, 2_000);
      await sendAll(store, 3_000);
      expect((await store.findSubject({ email: 'ada@example.com' })).notifications).toHaveLength(3);

      expect(await store.purgeDelivered(10_000)).toBe(1);
      expect(await store.purgeNotifiedDead(10_000)).toBe(1);
      // Nothing of hers is left: not by reference, nor by her address in a message.
      expect(await store.notificationsFor('EQ-ADA-1')).toEqual([]);
      expect(await store.notificationsFor('EQ-ADA-2')).toEqual([]);
      expect(await store.findSubject({ email: 'ada@example.com' })).toMatchObject({
        submissions: [],
        notifications: [],
      });
    });

    it('keeps a lead while a notification about it is still being sent, and never queues one about a lead gone', async () => {
      const store = await fresh();
      const { id } = await stored(store);
      await deadAndTold(store, id, 500);
      // The mail server is down: the firm has not been told yet, so the lead stays.
      expect(await store.purgeNotifiedDead(1_000)).toBe(0);
      await sendAll(store, 1_000);
      expect(await store.purgeNotifiedDead(1_000)).toBe(1);
      // A notifier that read the lead just before it went queues nothing about it.
      expect(await store.queueNotifications([note('late', 1_100, 'EQ-TEST-0001')])).toBe(0);
      expect(await store.dueNotifications(2_000, 10)).toEqual([]);
    });

    it('hands out pending notifications when due, and records sent, retry and failed', async () => {
      const store = await fresh();
      await store.queueNotifications([note('x', 100), note('y', 200), note('z', 300)]);
      expect(await store.nextNotificationAt()).toBe(100);
      const due = await store.dueNotifications(250, 10);
      expect(due.map((n) => [n.key, n.payload])).toEqual([
        ['x', { key: 'x', text: 'Zoë’s enquiry' }],
        ['y', { key: 'y', text: 'Zoë’s enquiry' }],
      ]);
      const [x, y] = due;
      await store.finishNotification(x?.id ?? 0, { kind: 'sent', at: 260 });
      await store.finishNotification(y?.id ?? 0, { kind: 'retry', at: 5000, error: 'SMTP down' });
      expect((await store.dueNotifications(1000, 10)).map((n) => n.key)).toEqual(['z']);
      const [z] = await store.dueNotifications(1000, 10);
      await store.finishNotification(z?.id ?? 0, { kind: 'failed', error: 'gave up' });
      expect(await store.nextNotificationAt()).toBe(5000);
      const [retried] = await store.dueNotifications(5000, 10);
      expect(retried).toMatchObject({
        key: 'y',
        attempts: 1,
        lastError: 'SMTP down',
        state: 'pending',
      });
    });
  });
}
