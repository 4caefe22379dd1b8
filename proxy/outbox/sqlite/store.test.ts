import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { leaseOf, stored } from '../../test/fixtures/outbox.ts';
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
import { describeOutageStore } from '../../test/store-contract-outage.ts';
import { describeCalendarStore } from '../../test/store-contract-calendars.ts';
import { openSqliteOutbox } from './store.ts';

const inMemory = { open: () => openSqliteOutbox(':memory:') };
const onDisk = {
  open: () => openSqliteOutbox(join(mkdtempSync(join(tmpdir(), 'outbox-')), 'outbox.sqlite')),
};
describeOutboxStore('SQLite in memory', inMemory);
describeHousekeepingStore('SQLite in memory', inMemory);
describeLeaseStore('SQLite in memory', inMemory);
describeOutboxStore('SQLite on disk', onDisk);
describeHousekeepingStore('SQLite on disk', onDisk);
describeLeaseStore('SQLite on disk', onDisk);
describeRefusedFileStore('SQLite in memory', inMemory);
describeRefusedFileStore('SQLite on disk', onDisk);
describeUploadStore('SQLite in memory', inMemory);
describeUploadStore('SQLite on disk', onDisk);
describeAcceptStore('SQLite in memory', inMemory);
describeAcceptStore('SQLite on disk', onDisk);
describeNotificationStore('SQLite in memory', inMemory);
describeFunnelStore('SQLite in memory', inMemory);
describeNotificationStore('SQLite on disk', onDisk);
describeReceiptStore('SQLite in memory', inMemory);
describeReceiptStore('SQLite on disk', onDisk);
describeWebhookStore('SQLite in memory', inMemory);
describeWebhookStore('SQLite on disk', onDisk);
describeRightsStore('SQLite on disk', onDisk);
describeWidgetFileStore('SQLite on disk', onDisk);
describePeopleStore('SQLite in memory', inMemory);
describeFormVersionStore('SQLite in memory', inMemory);
describeFormVersionStore('SQLite on disk', onDisk);
describeRoutingStore('SQLite in memory', inMemory);
describeDraftStore('SQLite in memory', inMemory);
describeDraftStore('SQLite on disk', onDisk);
describeBookingStore('SQLite in memory', inMemory);
describeBookingStore('SQLite on disk', onDisk);
describeOutageStore('SQLite in memory', inMemory);
describeOutageStore('SQLite on disk', onDisk);
describeCalendarStore('SQLite in memory', inMemory);

describe('the SQLite outbox', () => {
  it('survives closing and reopening the database file, leases and all', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'outbox-')), 'outbox.sqlite');
    const first = openSqliteOutbox(path);
    const { id } = await stored(first);
    const lease = await leaseOf(first, id);
    await first.recordCreated(lease, 1001, 2000);
    await first.close();
    const again = openSqliteOutbox(path);
    expect(await again.get('EQ-TEST-0001')).toMatchObject({ id, enquiryId: 1001, state: 'queued' });
    // The token survives too: a second claim fences off the first.
    expect((await leaseOf(again, id, 60_001)).token).toBeGreaterThan(lease.token);
    await again.close();
  });
});
