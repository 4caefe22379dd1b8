/**
 * What unfinished enquiries (`intake/unfinished/`, `docs/unfinished.md`) ask of the outbox: the
 * visitor's page keeps, unticks and finishes its record; the chores erase records past their
 * time and send the reminders due; the firm reads and erases them. The rules are
 * `machine/unfinished*.ts`; the takeover by an enquiry is `IntakeStore.accept`'s, in the
 * enquiry's transaction.
 */
import type { AuditRecord } from './machine/audit.ts';
import type { Subject } from './machine/rights.ts';
import type {
  DueReminder,
  ReminderSent,
  UnfinishedCounts,
  UnfinishedFilter,
  UnfinishedKeep,
  UnfinishedRecord,
} from './unfinished.ts';

export type * from './unfinished.ts';

/** What the visitor's page does with its record (its secret's hash proves it is theirs). */
export interface UnfinishedKeeping {
  /**
   * Keeps the record as `keep` has it: true when written, false when the keep is older than the
   * last, names the record with another secret, or comes after its enquiry took it over.
   */
  keepUnfinished(keep: UnfinishedKeep): Promise<boolean>;
  /**
   * Erases the record at once, leaving a row without the visitor's data until `until`; true
   * when a kept record went.
   */
  eraseUnfinished(
    id: string,
    secretHash: string,
    seq: number,
    now: number,
    until: number,
  ): Promise<boolean>;
  /** Ends the record as taken over by the stored enquiry `reference`; true when it was kept. */
  finishUnfinished(
    id: string,
    secretHash: string,
    reference: string,
    now: number,
  ): Promise<boolean>;
}

/** What runs without the visitor: expiry and the one reminder. */
export interface UnfinishedChores {
  /** Deletes up to `limit` rows past their time: how many went, and how many were kept records. */
  expireUnfinished(now: number, limit: number): Promise<{ rows: number; kept: number }>;
  /** Kept records whose reminder is due at `now`, `limit` at most, earliest first. */
  dueReminders(now: number, limit: number): Promise<DueReminder[]>;
  /** The reminder sent: its sealed copy and email kept, or nothing (false) if no longer due. */
  recordReminder(sent: ReminderSent): Promise<boolean>;
}

/** What the firm reads and does: the console, the CLI, a person's rights. */
export interface UnfinishedView {
  /** A page of the kept records, newest change first. */
  unfinishedPage(filter: UnfinishedFilter): Promise<UnfinishedRecord[]>;
  unfinishedRecord(id: string): Promise<UnfinishedRecord | null>;
  /** The kept records of one person, oldest first. */
  unfinishedOf(subject: Subject): Promise<UnfinishedRecord[]>;
  /** Kept now, reminders due, and how the others ended (the status page). */
  unfinishedCounts(): Promise<UnfinishedCounts>;
  /** How many are kept per campaign: what a marketer sees. */
  keptByCampaign(): Promise<{ campaign: string; kept: number }[]>;
  /** Erases a kept record for the firm, noted in the audit log; false when none is kept. */
  eraseUnfinishedRecord(
    id: string,
    at: number,
    client: string,
    who?: Pick<AuditRecord, 'person' | 'role'>,
  ): Promise<boolean>;
}

/** Every part of the outbox about unfinished enquiries. */
export type UnfinishedStore = UnfinishedKeeping & UnfinishedChores & UnfinishedView;
