import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { stored } from '../../test/fixtures/outbox.ts';
import { missing } from '../../test/fixtures/postgres-server.ts';
import { usePostgresServer } from '../../test/fixtures/use-postgres-server.ts';
import { describeOutboxStore } from '../../test/store-contract.ts';
import { describeHousekeepingStore } from '../../test/store-contract-housekeeping.ts';
import { describeLeaseStore } from '../../test/store-contract-leases.ts';
import { describeRefusedFileStore } from '../../test/store-contract-refused-files.ts';
import { describeAcceptStore } from '../../test/store-contract-accept.ts';
import { describeFunnelStore } from '../../test/store-contract-funnel.ts';
import { describeNotificationStore } from '../../test/store-contract-notifications.ts';
import { describeReceiptStore } from '../../test/store-contract-receipts.ts';
import { describeWebhookStore } from '../../test/store-contract-webhooks.ts';
import { describeRightsStore } from '../../test/store-contract-rights.ts';
import { describeWidgetFileStore } from '../../test/store-contract-widget-files.ts';
import { describeUploadStore } from '../../test/store-contract-uploads.ts';
import { describePeopleStore } from '../../test/store-contract-people.ts';
import { describeFormVersionStore } from '../../test/store-contract-form-versions.ts';
import { describeRoutingStore } from '../../test/store-contract-routing.ts';
import { describeDraftStore } from '../../test/store-contract-drafts.ts';
import { describeBookingStore } from '../../test/store-contract-bookings.ts';
import { describeAfterCallStore } from '../../test/store-contract-after-call.ts';
import { describeOutageStore } from '../../test/store-contract-outage.ts';
import { describeCalendarStore } from '../../test/store-contract-calendars.ts';
import { describeCalendarKindsStore } from '../../test/store-contract-calendar-kinds.ts';
import { describeHostFeedStore } from '../../test/store-contract-host-feeds.ts';
import { describeUnfinishedStore } from '../../test/store-contract-unfinished.ts';
import type { StoreFactory } from '../../test/fixtures/store-factory.ts';
import { openPostgresOutbox } from './store.ts';
import type { OutboxStore } from '../store.ts';

const absent = missing();
const postgres = usePostgresServer();

const databaseOf = new WeakMap<OutboxStore, string>();
const openOn = async (url: string) => {
  const store = await openPostgresOutbox(url, { poolSize: 4 });
  databaseOf.set(store, url);
  return store;
};

/** Each store on a new, empty database of the suite's server; siblings on the same one. */
const freshDatabase: StoreFactory = {
  open: async () => openOn(await postgres().createDatabase()),
  shared: { sibling: (store) => openOn(databaseOf.get(store) ?? '') },
};

describe.skipIf(absent)('PostgreSQL', () => {
  describeOutboxStore('PostgreSQL', freshDatabase);
  describeHousekeepingStore('PostgreSQL', freshDatabase);
  describeLeaseStore('PostgreSQL', freshDatabase);
  describeRefusedFileStore('PostgreSQL', freshDatabase);
  describeAcceptStore('PostgreSQL', freshDatabase);
  describeNotificationStore('PostgreSQL', freshDatabase);
  describeReceiptStore('PostgreSQL', freshDatabase);
  describeFunnelStore('PostgreSQL', freshDatabase);
  describeWebhookStore('PostgreSQL', freshDatabase);
  describeRightsStore('PostgreSQL', freshDatabase);
  describeWidgetFileStore('PostgreSQL', freshDatabase);
  describeUploadStore('PostgreSQL', freshDatabase);
  describePeopleStore('PostgreSQL', freshDatabase);
  describeFormVersionStore('PostgreSQL', freshDatabase);
  describeRoutingStore('PostgreSQL', freshDatabase);
  describeDraftStore('PostgreSQL', freshDatabase);
  describeBookingStore('PostgreSQL', freshDatabase);
  describeOutageStore('PostgreSQL', freshDatabase);
  describeCalendarStore('PostgreSQL', freshDatabase);
  describeAfterCallStore('PostgreSQL', freshDatabase);
  describeCalendarKindsStore('PostgreSQL', freshDatabase);
  describeHostFeedStore('PostgreSQL', freshDatabase);
  describeUnfinishedStore('PostgreSQL', freshDatabase);
});

describe.skipIf(absent)('PostgreSQL shared by several instances', () => {
  it('counts a day’s allowance on every instance, and keeps it through the hourly purge until whole', async () => {
    const url = await postgres().createDatabase();
    const a = await openPostgresOutbox(url, { poolSize: 2 });
    const b = await openPostgresOutbox(url, { poolSize: 2 });
    try {
      const DAY = 86_400_000;
      const twoADay = (store: typeof a) => store.limiter('calls-client', 2, DAY);
      expect((await twoADay(a).take('198.51.100.7')).allowed).toBe(true);
      expect((await twoADay(b).take('198.51.100.7')).allowed).toBe(true);
      expect((await twoADay(a).take('198.51.100.7')).allowed).toBe(false);
      // An hour on, the housekeeping's purge forgets whole buckets only: this one is not.
      await a.purgeSpentFormTokens(Date.now() + 2 * 3_600_000);
      expect((await twoADay(b).take('198.51.100.7')).allowed).toBe(false);
      await a.purgeSpentFormTokens(Date.now() + DAY + 60_000);
      const db = new pg.Client(url);
      await db.connect();
      const { rows } = await db.query('SELECT key FROM rate_buckets');
      await db.end();
      expect(rows).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('hands a due notification to one instance’s notifier, and again a minute later if it never reported', async () => {
    const a = await freshDatabase.open();
    const b = await freshDatabase.shared?.sibling(a);
    if (!b) throw new Error('a sibling');
    try {
      await a.queueNotifications([
        { key: 'lead.dead:EQ-1:email', channel: 'email', kind: 'lead.dead', payload: {}, at: 1000 },
      ]);
      expect(await a.dueNotifications(2000, 10)).toHaveLength(1);
      expect(await b.dueNotifications(2000, 10)).toEqual([]);
      // Its sender died without reporting: it is due again, once.
      expect(await b.dueNotifications(2000 + 60_000, 10)).toHaveLength(1);
      expect(await a.dueNotifications(2000 + 60_000, 10)).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('queues no webhook message about a submission an erasure is deleting: it waits, then finds it gone', async () => {
    const store = await freshDatabase.open();
    const url = databaseOf.get(store) ?? '';
    const submission = await stored(store);
    const eraser = new pg.Client({ connectionString: url });
    await eraser.connect();
    try {
      // An erasure under way: the submission and its messages deleted, not yet committed.
      await eraser.query('BEGIN');
      await eraser.query('DELETE FROM submissions WHERE id = $1', [submission.id]);
      await eraser.query('DELETE FROM webhook_deliveries WHERE reference = $1', [
        submission.reference,
      ]);
      const queued = store.queueWebhooks([message(submission.reference)]);
      // The message waits for the erasure rather than slipping in behind its delete.
      const early = await Promise.race([queued, delay(300).then(() => 'waiting')]);
      await eraser.query('COMMIT');
      expect([early, await queued]).toEqual(['waiting', 0]);
      const { rows } = await eraser.query('SELECT count(*)::int AS n FROM webhook_deliveries');
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await eraser.end();
      await store.close();
    }
  });

  it('erases a message being queued as the erasure starts: the erasure waits for it, then deletes it too', async () => {
    const store = await freshDatabase.open();
    const submission = await stored(store);
    const queuer = new pg.Client({ connectionString: databaseOf.get(store) ?? '' });
    await queuer.connect();
    try {
      // A queue under way, as `queueWebhooks` holds it: the submission locked, the message in.
      const { messageId, endpoint, event, reference, body, at } = message(submission.reference);
      await queuer.query('BEGIN');
      await queuer.query('SELECT 1 FROM submissions WHERE reference = $1 FOR KEY SHARE', [
        reference,
      ]);
      await queuer.query(
        `INSERT INTO webhook_deliveries
           (message_id, endpoint, event, reference, body, created_at, next_attempt_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6)`,
        [messageId, endpoint, event, reference, body, at],
      );
      const erased = store.erase(reference, { force: true, at: 3_000, client: 'test' });
      const early = await Promise.race([erased, delay(300).then(() => 'waiting')]);
      await queuer.query('COMMIT');
      expect(early).toBe('waiting');
      expect(await erased).toMatchObject({ kind: 'erased' });
      const { rows } = await queuer.query('SELECT count(*)::int AS n FROM webhook_deliveries');
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await queuer.end();
      await store.close();
    }
  });
});

/** A webhook message about `reference`, carrying the enquiry's email address. */
const message = (reference: string) => ({
  messageId: 'msg_race',
  endpoint: 'https://hooks.example/leads',
  event: 'enquiry.delivered' as const,
  reference,
  body: JSON.stringify({ email: 'ada@example.com' }),
  at: 2_000,
});
