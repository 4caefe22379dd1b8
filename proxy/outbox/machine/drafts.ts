/**
 * Saved enquiries ("Save and continue later", `intake/drafts/`), written once for both
 * databases. A draft is ciphertext the visitor's browser made (the key stays in the emailed
 * link), kept under a random id until it expires, with what the proxy needs to release it to
 * its owner: a keyed hash of the mailbox it was saved for, the hash of the secret that lets its
 * owner save it again, and the hash of the code last sent. The uploads it names are kept as long
 * as it is (`uploads.draft_id`) and go with it. Nothing here reads a submission, and nothing
 * that reads submissions (delivery, the funnel, webhooks, the console) reads this table.
 */
import type { ConfirmationRequest } from '../receipt.ts';
import { confirmations } from './confirmations.ts';
import { DRAFT_EMAILS, notifications } from './notifications.ts';
import { all, one, run, type Dialect, type Plan } from './plan.ts';
import type { ColumnTypes } from './tables.ts';

/** The `drafts` table, and the column naming the draft an upload is kept for. */
export const draftsTable = (t: ColumnTypes) => `CREATE TABLE drafts (
     id ${t.text} PRIMARY KEY,
     subject ${t.text} NOT NULL,
     write_hash ${t.text} NOT NULL,
     ciphertext ${t.text} NOT NULL,
     created_at ${t.big} NOT NULL,
     saved_at ${t.big} NOT NULL,
     expires_at ${t.big} NOT NULL,
     code_hash ${t.text},
     code_until ${t.big}
   );
   CREATE INDEX drafts_expiry ON drafts (expires_at);
   CREATE INDEX drafts_subject ON drafts (subject);
   ALTER TABLE uploads ADD COLUMN draft_id ${t.text};
   CREATE INDEX uploads_draft ON uploads (draft_id);`;

/** A saved enquiry as the outbox keeps it. */
export interface DraftRow {
  /** 128 random bits, hex: the link's first half. */
  id: string;
  /** A keyed hash of the mailbox it was saved for (`intake/drafts/draft-secrets.ts`). */
  subject: string;
  /** SHA-256 of the secret its owner saves it again with (it travels inside the ciphertext). */
  write_hash: string;
  /** What the browser encrypted (AES-256-GCM), as the browser sent it. */
  ciphertext: string;
  created_at: number;
  saved_at: number;
  expires_at: number;
  /** A keyed hash of the six-digit code last sent, while it may be used. */
  code_hash: string | null;
  code_until: number | null;
}

/** One save of a draft: a new one (`writeHash` made now) or one its owner saves again. */
export interface DraftSave {
  id: string;
  fresh: boolean;
  subject: string;
  writeHash: string;
  ciphertext: string;
  now: number;
  expiresAt: number;
  /** The uploads it names, each by the SHA-256 of the key its creation answered. */
  uploads: readonly { id: string; keyHash: string }[];
  /** Until when an upload it named before, and names no more, is kept (its own expiry again). */
  releasedUntil: number;
  /** The email with the link, and the quotas it counts against. */
  email: ConfirmationRequest;
}

/** Why a save was not taken: thrown inside the plan, so that nothing of it is kept. */
export class DraftNotSaved extends Error {
  override readonly name = 'DraftNotSaved';
  constructor(
    readonly reason: 'not_found' | 'uploads_gone' | 'over_limit',
    /** The uploads that could not be kept (`uploads_gone`). */
    readonly uploads: readonly string[] = [],
  ) {
    super(`the draft was not saved: ${reason}`);
  }
}

/** What a draft's owner is given once their code is right. */
export interface OpenedDraft {
  ciphertext: string;
  expiresAt: number;
}

/** What the outbox holds of a draft for the person it was saved for (`subject`). */
export interface DraftSummary {
  id: string;
  createdAt: number;
  savedAt: number;
  expiresAt: number;
  /** How many uploads it keeps. */
  uploads: number;
}

/** The drafts' plans, in `d`'s spelling. */
export function drafts(d: Dialect) {
  const { queueWithinQuotas } = confirmations(d);
  const { deleteNotificationsWhere } = notifications(d);
  /** Spends the draft's code, if it has one: a code opens it once, and a new save spends it. */
  const spendCode = (id: string) =>
    run('UPDATE drafts SET code_hash = NULL, code_until = NULL WHERE id = @id', { id });
  /** The uploads a draft keeps, by id. */
  function* draftUploads(id: string): Plan<string[]> {
    const rows = yield* all<{ id: string }>('SELECT id FROM uploads WHERE draft_id = @id', { id });
    return rows.map((row) => row.id);
  }
  return {
    draftUploads,
    /**
     * Saves a draft with its email, or nothing (`DraftNotSaved`): saved again, only by the
     * secret it was first saved with, while it lives, and any code sent before is spent (the
     * link stays the same). Each upload it names must be whole, checked, alive, named by its
     * key and no other draft's; it is then kept as long as the draft.
     */
    *saveDraft(save: DraftSave): Plan<void> {
      const { id, uploads, email, ...columns } = save;
      const params = { id, ...columns };
      if (save.fresh)
        yield* run(
          `INSERT INTO drafts (id, subject, write_hash, ciphertext, created_at, saved_at, expires_at)
           VALUES (@id, @subject, @writeHash, @ciphertext, @now, @now, @expiresAt)`,
          params,
        );
      else if (
        (yield* run(
          `UPDATE drafts SET subject = @subject, ciphertext = @ciphertext, saved_at = @now,
             expires_at = @expiresAt
           WHERE id = @id AND write_hash = @writeHash AND expires_at > @now`,
          params,
        )) !== 1
      )
        throw new DraftNotSaved('not_found');
      else yield* spendCode(id);
      // What it named before and names no more goes back to an upload's own life.
      yield* run(
        `UPDATE uploads SET draft_id = NULL, expires_at = @releasedUntil WHERE draft_id = @id`,
        params,
      );
      const gone: string[] = [];
      for (const upload of uploads) {
        const kept = yield* run(
          `UPDATE uploads SET draft_id = @id, expires_at = @expiresAt
            WHERE id = @upload AND key_hash = @keyHash AND claimed_by IS NULL
              AND draft_id IS NULL AND expires_at > @now
              AND upload_offset = length AND verdict IS NOT NULL`,
          { ...params, upload: upload.id, keyHash: upload.keyHash },
        );
        if (kept !== 1) gone.push(upload.id);
      }
      if (gone.length > 0) throw new DraftNotSaved('uploads_gone', gone);
      if ((yield* queueWithinQuotas(email)) === 'over_limit') throw new DraftNotSaved('over_limit');
    },
    /**
     * Gives a draft saved for `subject` a new code, spending any before it, and queues the email
     * that carries it: 'queued', 'none' when no such draft lives, or 'over_limit' when a quota
     * refuses the email, and then the code already sent stays the live one (nothing was sent to
     * take its place). The same statement runs whether or not the draft lives
     * (`intake/drafts/even-answers.ts` says why).
     */
    *askDraftCode(
      id: string,
      subject: string,
      codeHash: string,
      until: number,
      email: ConfirmationRequest,
    ): Plan<'queued' | 'over_limit' | 'none'> {
      const now = email.notification.at;
      const found = yield* one(
        'SELECT 1 AS found FROM drafts WHERE id = @id AND subject = @subject AND expires_at > @now',
        { id, subject, now },
      );
      if (!found) return 'none';
      if ((yield* queueWithinQuotas(email)) === 'over_limit') return 'over_limit';
      yield* run('UPDATE drafts SET code_hash = @codeHash, code_until = @until WHERE id = @id', {
        id,
        codeHash,
        until,
      });
      return 'queued';
    },
    /**
     * The draft's ciphertext, when `codeHash` is its live code's, spending the code: one code
     * opens it once.
     */
    *openDraft(id: string, codeHash: string, now: number): Plan<OpenedDraft | undefined> {
      const row = yield* one<Pick<DraftRow, 'ciphertext' | 'expires_at'>>(
        `SELECT ciphertext, expires_at FROM drafts
          WHERE id = @id AND code_hash = @codeHash AND code_until > @now AND expires_at > @now`,
        { id, codeHash, now },
      );
      if (!row) return undefined;
      yield* spendCode(id);
      return { ciphertext: row.ciphertext, expiresAt: row.expires_at };
    },
    /** True while the draft lives and `writeHash` is the hash of its owner's secret. */
    *ownsDraft(id: string, writeHash: string, now: number): Plan<boolean> {
      return (
        (yield* one(
          'SELECT 1 AS found FROM drafts WHERE id = @id AND write_hash = @writeHash AND expires_at > @now',
          { id, writeHash, now },
        )) !== undefined
      );
    },
    /**
     * Forgets a draft and the emails still queued about it (`notificationKey` is their keys'
     * prefix: `intake/drafts/draft-mails.ts`); its uploads lose their tie to it and are the
     * caller's to remove with their bytes (`intake/drafts/draft-keeper.ts`).
     */
    *forgetDraft(id: string, notificationKey: string): Plan<boolean> {
      // The prefix is letters, digits and colons: no wildcard of LIKE's among them.
      yield* deleteNotificationsWhere('key LIKE @pattern', { pattern: `${notificationKey}%` });
      return (yield* run('DELETE FROM drafts WHERE id = @id', { id })) === 1;
    },
    /** Drafts past their expiry, oldest first, a batch at a time. */
    *expiredDrafts(now: number, limit: number): Plan<string[]> {
      const rows = yield* all<{ id: string }>(
        'SELECT id FROM drafts WHERE expires_at <= @now ORDER BY expires_at LIMIT @limit',
        { now, limit },
      );
      return rows.map((row) => row.id);
    },
    /** The drafts saved for `subject` (a keyed hash of a mailbox), oldest first. */
    *draftsOf(subject: string): Plan<DraftSummary[]> {
      const rows = yield* all<DraftRow & { uploads: number }>(
        `SELECT drafts.*, (SELECT COUNT(*) FROM uploads WHERE draft_id = drafts.id) AS uploads
           FROM drafts WHERE subject = @subject ORDER BY created_at, id`,
        { subject },
      );
      return rows.map((row) => ({
        id: row.id,
        createdAt: row.created_at,
        savedAt: row.saved_at,
        expiresAt: row.expires_at,
        uploads: row.uploads,
      }));
    },
    /**
     * A draft's email sent or given up but still there (a crash between the two statements of
     * `finishNotification`): it holds its link's key, so it goes at the next sweep.
     */
    *forgetSentDraftEmails(): Plan<number> {
      return yield* deleteNotificationsWhere(`kind IN (${DRAFT_EMAILS}) AND state <> 'pending'`);
    },
  };
}
