/**
 * The notification half of the outbox store contract (see `store-contract.ts`): dead and partly
 * delivered leads are handed to the notifier until their notifications are queued, once;
 * queued notifications are due, retried and finished as told.
 */
import { describe, expect, it } from 'vitest';
import type { NewNotification } from '../outbox/notification.ts';
import { freshStores, type StoreFactory } from './fixtures/store-factory.ts';
import { leaseOf, sampleSubmission, stored } from './fixtures/outbox.ts';

const note = (key: string, at: number, reference?: string): NewNotification => ({
  key,
  channel: 'email',
  kind: 'lead.dead',
  ...(reference ? { reference } : {}),
  payload: { key, text: 'Zoë’s enquiry' },
  at,
});

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
      await store.deadLetter(await leaseOf(store, told.id), 'refused', 500);
      await store.queueNotifications([note('t', 600, 'EQ-TEST-0001')], {
        reference: 'EQ-TEST-0001',
      });
      const untold = await stored(store, sampleSubmission({ reference: 'EQ-TEST-0002' }));
      await store.deadLetter(await leaseOf(store, untold.id), 'refused', 500);
      expect(await store.purgeNotifiedDead(400)).toBe(0);
      expect(await store.purgeNotifiedDead(1000)).toBe(1);
      expect((await store.list()).map((s) => s.reference)).toEqual(['EQ-TEST-0002']);
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
