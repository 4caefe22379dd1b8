/**
 * An unfinished enquiry as the outbox keeps it (`docs/unfinished.md`): what a visitor typed,
 * kept only once they ticked "Keep what I have typed…", one record from the first word kept to
 * the enquiry sent from it. The widget's page names it by an id it made (128 bits) and proves
 * itself by a secret only that page holds (the outbox keeps its hash); the enquiry that takes it
 * over is the one sent from the same form session (its form token's hash). What the record holds
 * of the visitor goes when it is unticked, sent, erased, or `keepDays` after its last change;
 * what stays of it a while is a row without any of it (a "tombstone": its id, the hash of its
 * secret and how it ended), so that a keep arriving late cannot bring it back.
 */
import type { FunnelKey } from './funnel-counts.ts';
import type { ConfirmationRequest } from './receipt.ts';

/** What the visitor typed, as the widget's form holds it: the contact fields and the answers. */
export interface UnfinishedFields {
  forename: string;
  surname: string;
  email: string;
  telephone_mobile: string;
  case_type: string;
  /** Question id → answer; a list only for a checkbox question with options. */
  answers: Record<string, string | string[]>;
}

/** The attribution the enquiry would carry, as the widget reads it from the page. */
export interface UnfinishedMarketing {
  lead_referer: string;
  campaign: string;
  keywords: string;
  detail: string;
}

/** What a consent was given to: the words as shown, in the visitor's language, and when. */
export interface ConsentRecord {
  statement: string;
  at: number;
}

/** One keep from the visitor's page: the record as it stands now, checked by the route. */
export interface UnfinishedKeep {
  /** 32 hex digits, made by the page. */
  id: string;
  /** The SHA-256 of the page's secret (`intake/unfinished/unfinished-secrets.ts`). */
  secretHash: string;
  /** The page's count of its keeps and erasures: an older one arriving late changes nothing. */
  seq: number;
  now: number;
  /** `keepDays` after `now`. */
  expiresAt: number;
  /** The hash of the page's form token: the enquiry sent with that token takes the record over. */
  formSession: string;
  formVersion: number | null;
  lang: string;
  fields: UnfinishedFields;
  marketing: UnfinishedMarketing;
  /** The address in lower case, '' for none: what a person's request finds it by. */
  email: string;
  /** The telephone number's last ten digits, '' for none (`machine/telephone.ts`). */
  phoneKey: string;
  /** The statement of the box as the visitor read it: kept from the keep that ticked it. */
  statement: string;
  /** One reminder asked for: its box's words and when it is due; null when not asked. */
  reminder: { statement: string; dueAt: number } | null;
  /** The page it was typed on (on an allowed origin): where a reminder's link leads. */
  page: string | null;
  /** The funnel's cell its first keep counts in ("kept unfinished"); none when not counted. */
  funnel?: FunnelKey | undefined;
}

/** How a record ended, for the ones whose row stays a while without the visitor's data. */
export type UnfinishedEnd = 'erased' | 'finished';

/** A kept record as the firm reads it (the console, the CLI, a person's request). */
export interface UnfinishedRecord {
  id: string;
  fields: UnfinishedFields;
  marketing: UnfinishedMarketing;
  lang: string;
  formVersion: number | null;
  consent: ConsentRecord;
  /** The one reminder asked for: its consent, when it is due, and when it was sent (or null). */
  reminder: (ConsentRecord & { dueAt: number; sentAt: number | null }) | null;
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
}

/** Who kept `record` and where they came from, as the CLI's JSON and `enquiry.unfinished` say it. */
export const whoKept = (record: UnfinishedRecord) => ({
  id: record.id,
  name: [record.fields.forename, record.fields.surname].filter(Boolean).join(' '),
  email: record.fields.email,
  telephone: record.fields.telephone_mobile,
  caseType: record.fields.case_type,
  campaign: record.marketing.campaign,
});

/** A record the enquiry `reference` took over at `at`: what `enquiry.finished` says of it. */
export interface FinishedUnfinished {
  id: string;
  reference: string;
  at: number;
}

/** How many records the outbox holds, and what became of the others since it was made. */
export interface UnfinishedCounts {
  /** Kept now. */
  kept: number;
  /** Kept with a reminder asked for and not yet sent. */
  remindersDue: number;
  /** Erased `keepDays` after their last change. */
  expired: number;
  /** Erased at once as their visitor unticked the box. */
  unticked: number;
  /** Taken over by the enquiry sent from them. */
  finished: number;
  /** Erased by the firm (the console, `erase`, a person's request). */
  erasedByFirm: number;
}

/** The settings each of `UnfinishedCounts`' totals is kept under. */
export const UNFINISHED_TOTALS = {
  expired: 'unfinished.expired',
  unticked: 'unfinished.unticked',
  finished: 'unfinished.finished',
  erasedByFirm: 'unfinished.erased',
} as const;

/** Which kept records a page of the console or the CLI shows, newest change first. */
export interface UnfinishedFilter {
  /** The page after the record changed at `before.at` with id `before.id` (keyset paging). */
  before?: { at: number; id: string };
  limit: number;
}

/** A reminder due: the record's address, language and page, and what its link opens. */
export interface DueReminder {
  id: string;
  record: UnfinishedRecord;
  page: string;
}

/** A reminder sent: the sealed copy its link opens, and the secret that copy carries. */
export interface ReminderSent {
  id: string;
  /** The saved enquiry's row its link opens (`machine/drafts.ts`), as the drafts' routes keep it. */
  draft: { id: string; subject: string; writeHash: string; ciphertext: string };
  /** The SHA-256 of the secret the sealed copy carries: the page that opens it keeps with it too. */
  linkSecretHash: string;
  /** What the keys of the emails about the sealed copy start with (`DraftSecrets.emailKeyOf`). */
  emailKeyPrefix: string;
  /**
   * The reminder, its key starting with `emailKeyPrefix` (it goes with the sealed copy), and the
   * per-address quotas it counts against, as every email to a visitor does.
   */
  email: ConfirmationRequest;
  now: number;
}
