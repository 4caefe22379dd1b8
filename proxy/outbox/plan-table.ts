/**
 * How each of the machine's plans runs as a method of the store, in one table for both stores:
 * the binder (`binder.ts`) makes every row a method, run by the store's driver as its row says.
 * A plan not in the table is either a part of another (a row's insert, a read of files) or
 * bound by the binder by hand because the store's own part takes a share in it (file bytes,
 * the heartbeat).
 *
 * To add a method: write its plan in `machine/`, name it here with how it runs, and declare it
 * in the interface of `store.ts` its users ask for.
 */
import type { OutboxMachine } from './machine/index.ts';

/**
 * How a plan runs:
 * - `read`: at once, each statement by itself (in SQLite outside the group commit, so a read
 *   never waits for a batch of writes);
 * - `write`: in the next group commit (SQLite), or each statement committing by itself on
 *   PostgreSQL's pool, never holding a connection across them;
 * - `atomic`: all its writes or none (the group commit's savepoint, or one transaction);
 * - `record`: what the platform answered a delivery (an enquiry created, a dead letter) and the
 *   lease kept while it waits, in one statement: in the next group commit (SQLite), or committed
 *   by itself, one round trip, on PostgreSQL connections kept for it (one per delivery place,
 *   never closed for being idle), so that a record never queues behind new enquiries, nor for a
 *   connection, nor for a transaction's three round trips while the platform's answer lives
 *   only in the process (`delivery/kept-record.ts`);
 * - `atomicRecord`: such a record of several statements (a file attached: the file's row and the
 *   step done), all or nothing: in one transaction on those connections.
 */
export type Run = 'read' | 'write' | 'atomic' | 'record' | 'atomicRecord';

/** Every plan bound as a method as it is. */
export const PLAN_TABLE = {
  // Taking enquiries in (the accept itself is each store's: their files' bytes).
  findRepeat: 'read',
  saveResponse: 'write',
  purgeIdempotencyKeys: 'write',
  // Delivery.
  claim: 'write',
  heldAgain: 'read',
  startStep: 'write',
  renewLease: 'record',
  recordCreated: 'record',
  recordUploaded: 'atomicRecord',
  recordUploadFailed: 'atomic',
  // Its step is noted as sent already: whoever claims next counts it if this is lost.
  recordUnknownOutcome: 'write',
  deadLetter: 'record',
  nextDueAt: 'read',
  expediteQueued: 'write',
  // The platform's outage, one for every instance (`machine/outage.ts`).
  platformOutage: 'read',
  beginOutage: 'atomic',
  takeProbe: 'write',
  endOutage: 'atomic',
  sentAfterOutage: 'read',
  outageEnded: 'read',
  forgetOutageEnded: 'write',
  // The operator's view.
  requeue: 'atomic',
  get: 'read',
  leadPage: 'read',
  dailyCounts: 'read',
  intakeSince: 'read',
  counts: 'read',
  attention: 'read',
  notificationsFor: 'read',
  // Housekeeping.
  purgeSpentFormTokens: 'write',
  // Notifications, receipts, confirmations.
  leadsToNotify: 'read',
  queueNotifications: 'atomic',
  dueNotifications: 'read',
  nextNotificationAt: 'read',
  finishNotification: 'write',
  findReceipt: 'read',
  quotaUsed: 'read',
  // Webhooks.
  queueWebhooks: 'atomic',
  awaitingWebhook: 'read',
  keptAwaitingWebhook: 'read',
  finishedAwaitingWebhook: 'read',
  claimWebhooks: 'write',
  finishWebhook: 'write',
  nextWebhookAt: 'read',
  deadWebhooks: 'read',
  listWebhooks: 'read',
  retryWebhook: 'atomic',
  // Settings, the audit log, the funnel, the widget's files, a person's data.
  getSetting: 'read',
  setSetting: 'write',
  recordAudit: 'write',
  listAudit: 'read',
  addFunnelTally: 'atomic',
  expectDelivery: 'write',
  funnelCells: 'read',
  forgetFunnelDay: 'write',
  keepWidgetFiles: 'atomic',
  widgetFileNames: 'read',
  widgetFile: 'read',
  forgetWidgetFiles: 'write',
  findSubject: 'read',
  subjectReferences: 'read',
  // Routing: the later leads linked to one, people away, the round robins' turns.
  repeatsOf: 'read',
  markAway: 'write',
  markBack: 'write',
  peopleAway: 'read',
  lastTurns: 'read',
  // Bookings: what keeps hosts busy, an enquiry's calls, a host's feed, a call cancelled.
  bookedBetween: 'read',
  bookingsOf: 'read',
  hostBookings: 'read',
  bookingToOpen: 'read',
  cancelBooking: 'atomic',
  moveBooking: 'atomic',
  forgetPastBookings: 'atomic',
  // Whether calls took place.
  markCall: 'atomic',
  callsToMark: 'read',
  // Reminders before calls.
  callsToRemind: 'read',
  remindCall: 'atomic',
  // Hosts' own calendars and the writes owed to them.
  connectCalendar: 'atomic',
  disconnectCalendar: 'atomic',
  hostCalendars: 'read',
  recordCalendarRead: 'write',
  unreadCalendars: 'read',
  connectCalendarConnection: 'atomic',
  calendarConnection: 'read',
  calendarConnections: 'read',
  disconnectCalendarConnection: 'write',
  keepCalendarSecret: 'write',
  claimCalendarWrites: 'write',
  finishCalendarWrite: 'write',
  settleMeeting: 'atomic',
  nextCalendarWriteAt: 'read',
  calendarTrouble: 'read',
  // Each host's private feed: found by its token, kept when first shown, replaced at will.
  feedOf: 'read',
  feedHost: 'read',
  keepFeed: 'atomic',
  replaceFeed: 'write',
  forgetFeed: 'write',
  // The calls the booking limits held back, for the firm's alert (counted by `accept`).
  callsNotHeld: 'read',
  // The firm's people and their console sessions.
  invitePerson: 'atomic',
  findInvitation: 'read',
  acceptInvitation: 'atomic',
  findPasskey: 'read',
  signInWithPasskey: 'atomic',
  signInFromProvider: 'atomic',
  signInWithToken: 'write',
  findSession: 'read',
  endSession: 'write',
  endAllSessions: 'write',
  forgetExpiredSessions: 'write',
  listPeople: 'read',
  setRole: 'write',
  removePerson: 'atomic',
  anyPeople: 'read',
  // The form's versions and its draft.
  latestFormVersion: 'read',
  formVersions: 'read',
  formVersion: 'read',
  formDraft: 'read',
  saveFormDraft: 'atomic',
  discardFormDraft: 'atomic',
  publishFormVersion: 'atomic',
  // Saved enquiries ("Save and continue later"): the ciphertext, its codes, its uploads.
  saveDraft: 'atomic',
  askDraftCode: 'atomic',
  openDraft: 'atomic',
  ownsDraft: 'read',
  draftUploads: 'read',
  forgetDraft: 'atomic',
  expiredDrafts: 'read',
  draftsOf: 'read',
  forgetSentDraftEmails: 'write',
  takeDraftAllowance: 'atomic',
  // Unfinished enquiries kept with their visitor's say-so (the takeover is the accept's).
  keepUnfinished: 'atomic',
  eraseUnfinished: 'atomic',
  finishUnfinished: 'atomic',
  expireUnfinished: 'atomic',
  dueReminders: 'read',
  recordReminder: 'atomic',
  eraseUnfinishedRecord: 'atomic',
  unfinishedPage: 'read',
  unfinishedRecord: 'read',
  unfinishedOf: 'read',
  unfinishedCounts: 'read',
  keptByCampaign: 'read',
} as const satisfies Partial<Record<keyof OutboxMachine, Run>>;
