/**
 * The outbox's state machine: every transition and query, written once, in one dialect's
 * spelling. The binder (`../binder.ts`) makes them the store's methods, each run as its row of
 * `../plan-table.ts` says; each store adds only what is its own.
 */
import { listAudit, recordAudit } from './audit.ts';
import { meetingLinks } from './meeting-links.ts';
import { bookingChanges } from './booking-changes.ts';
import { bookings } from './bookings.ts';
import { calendars } from './calendars.ts';
import { calendarWrites } from './calendar-writes.ts';
import { callMarks } from './call-marks.ts';
import { callReminders } from './call-reminders.ts';
import { hostFeeds } from './host-feeds.ts';
import { callsNotHeld, noteCallNotHeld } from './calls-not-held.ts';
import { confirmations } from './confirmations.ts';
import { delivery } from './delivery.ts';
import { takeDraftAllowance } from './draft-allowances.ts';
import { drafts } from './drafts.ts';
import {
  discardFormDraft,
  formDraft,
  formVersion,
  formVersions,
  formVersionWrites,
  latestFormVersion,
  saveFormDraft,
} from './form-versions.ts';
import { addFunnelTally, expectDelivery, forgetFunnelDay, funnelReads } from './funnel.ts';
import { housekeeping } from './housekeeping.ts';
import { intake } from './intake.ts';
import { leads } from './leads.ts';
import { notifications } from './notifications.ts';
import { operator } from './operator.ts';
import { outage } from './outage.ts';
import * as people from './people.ts';
import type { Dialect } from './plan.ts';
import { reads } from './reads.ts';
import { rights } from './rights.ts';
import { routing } from './routing.ts';
import * as sessions from './sessions.ts';
import { getSetting, setSetting } from './settings.ts';
import { unfinished } from './unfinished.ts';
import { unfinishedChores } from './unfinished-chores.ts';
import { unfinishedReads } from './unfinished-reads.ts';
import { unfinishedWebhooks } from './unfinished-webhooks.ts';
import { webhooks } from './webhooks.ts';
import { forgetWidgetFiles, keepWidgetFiles, widgetFile, widgetFileNames } from './widget-files.ts';

/** Every plan, in `d`'s spelling. */
export function outboxMachine(d: Dialect) {
  return {
    ...reads(d),
    ...intake(d),
    ...leads(d),
    ...delivery(d),
    ...operator(d),
    ...outage(d),
    ...housekeeping(d),
    ...notifications(d),
    ...confirmations(d),
    ...webhooks(d),
    ...rights(d),
    ...routing(d),
    ...drafts(d),
    takeDraftAllowance,
    ...unfinished(d),
    ...unfinishedReads(d),
    ...unfinishedChores(d),
    ...unfinishedWebhooks,
    ...bookings(d),
    ...bookingChanges(d),
    ...calendars(),
    ...calendarWrites(d),
    ...meetingLinks(d),
    ...callMarks(),
    ...hostFeeds(),
    noteCallNotHeld,
    callsNotHeld,
    ...callReminders(d),
    getSetting,
    setSetting,
    recordAudit,
    listAudit,
    addFunnelTally,
    expectDelivery,
    forgetFunnelDay,
    ...funnelReads(d),
    keepWidgetFiles,
    widgetFile,
    widgetFileNames,
    forgetWidgetFiles,
    invitePerson: people.invitePerson,
    findInvitation: people.findInvitation,
    acceptInvitation: people.acceptInvitation,
    findPasskey: people.findPasskey,
    signInWithPasskey: people.signInWithPasskey,
    signInFromProvider: people.signInFromProvider,
    signInWithToken: sessions.signInWithToken,
    findSession: sessions.findSession,
    endSession: sessions.endSession,
    endAllSessions: sessions.endAllSessions,
    forgetExpiredSessions: sessions.forgetExpiredSessions,
    listPeople: people.listPeople,
    setRole: people.setRole,
    removePerson: people.removePerson,
    anyPeople: people.anyPeople,
    latestFormVersion,
    formVersions,
    formVersion,
    formDraft,
    saveFormDraft,
    discardFormDraft,
    ...formVersionWrites(d),
  };
}

/** The machine of one dialect. */
export type OutboxMachine = ReturnType<typeof outboxMachine>;
