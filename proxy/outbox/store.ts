/**
 * The outbox's storage interface. Every accepted submission is written here, files included,
 * before the first upstream call; each delivery step is recorded as it succeeds, so a retry
 * resumes where the last attempt stopped and never re-creates an enquiry whose id is known.
 *
 * Delivery claims a submission with a lease (it is ours until `leaseUntil`, extended as each
 * step starts) and a fencing token (a number that grows with every claim). Every write about
 * the delivery names the lease; once another claim has taken the submission (the lease ran
 * out while this one was stuck), the old holder's writes fail with `LeaseLostError` instead of
 * overwriting the new holder's progress. So a process that dies loses its leases, never a
 * submission, and a slow one can never record over a faster one.
 *
 * The roles live by what they are about, each consumer asking for the one it uses:
 * `submission-store.ts` (intake, delivery, the operator's view, housekeeping), `message-store.ts`
 * (notifications, receipts, confirmation quotas, webhooks), `people-store.ts` (the firm's
 * people, the audit log, a person's rights), `proxy-records-store.ts` (settings, widget files,
 * the funnel's counters, the form's versions), `upload-store.ts`, `draft-store.ts`, `unfinished-store.ts` and `booking-store.ts`. This file joins them into `OutboxStore` and
 * names them all, so a caller imports every role from here.
 *
 * SQLite (`sqlite/store.ts`) is the embedded default, PostgreSQL (`postgres/store.ts`) the shared
 * one; both run the same rules (`machine/`) and pass the contract suite in
 * `proxy/test/store-contract.ts`.
 */
import type {
  ConfirmationQuotas,
  NotificationQueue,
  Receipts,
  WebhookDeliveries,
  WebhookQueue,
} from './message-store.ts';
import type { AuditLog, People, SubjectRights, TeamPeople } from './people-store.ts';
import type {
  FormVersions,
  FunnelCounters,
  Settings,
  WidgetFileArchive,
} from './proxy-records-store.ts';
import type {
  DeliveryQueue,
  FileSource,
  Housekeeping,
  IntakeStore,
  OperatorView,
  PlatformOutages,
} from './submission-store.ts';
import type { UploadStore } from './upload-store.ts';
import type { DraftStore } from './draft-store.ts';
import type {
  BookingStore,
  CalendarConnections,
  CalendarWriteQueue,
  CallMarks,
  CallReminders,
  HostCalendars,
  HostFeeds,
} from './booking-store.ts';
import type { UnfinishedStore } from './unfinished-store.ts';

export type { Lease } from './submission.ts';
export type { AuditEntry, AuditFilter, AuditRecord } from './machine/audit.ts';
export type { ErasureOutcome, Subject, SubjectHoldings } from './machine/rights.ts';
export type { AwayPerson } from './machine/routing.ts';
// Every role, by the file it lives in, for callers to import from here.
export type { IntakeStore, FileSource, DeliveryQueue, OperatorView, Housekeeping };
export type { PlatformOutages };
export type { OutageEnded, PlatformOutage } from './machine/outage.ts';
export type { NotificationQueue, Receipts, ConfirmationQuotas, WebhookQueue, WebhookDeliveries };
export type { People, AuditLog, SubjectRights, TeamPeople };
export type { Settings, WidgetFileArchive, FunnelCounters, FormVersions };
export type {
  DraftStore,
  BookingStore,
  HostCalendars,
  CalendarConnections,
  CalendarWriteQueue,
  CallMarks,
};
export type { HostFeeds };
export type { CallReminders };
export type {
  UnfinishedChores,
  UnfinishedKeeping,
  UnfinishedStore,
  UnfinishedView,
} from './unfinished-store.ts';

/**
 * Thrown when the store's database cannot be reached or is not taking work now (PostgreSQL
 * restarting, the network between): new enquiries are answered `503` with `Retry-After`, and
 * delivery waits, rather than anything being lost or falsely accepted.
 */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  constructor(override readonly cause: unknown) {
    super(
      `the outbox database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
}

/**
 * Where submissions live between arrival and delivery: every concern, as both stores
 * implement it. A consumer asks for the one interface it uses.
 */
export interface OutboxStore
  extends
    IntakeStore,
    DeliveryQueue,
    PlatformOutages,
    OperatorView,
    Housekeeping,
    NotificationQueue,
    Settings,
    AuditLog,
    Receipts,
    ConfirmationQuotas,
    FunnelCounters,
    WebhookQueue,
    WebhookDeliveries,
    SubjectRights,
    WidgetFileArchive,
    FormVersions,
    People,
    TeamPeople,
    UploadStore,
    DraftStore,
    UnfinishedStore,
    BookingStore,
    HostCalendars,
    CalendarConnections,
    CalendarWriteQueue,
    CallMarks,
    HostFeeds,
    CallReminders {
  /** Closes the store; nothing may use it afterwards. */
  close(): Promise<void>;
}
