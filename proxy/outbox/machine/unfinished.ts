/**
 * Unfinished enquiries (`docs/unfinished.md`), written once for both databases: a record kept
 * from its visitor's page (a new one, or the same one again by its secret, never an older keep
 * over a newer), unticked, taken over by the enquiry sent from it, and the end every record
 * comes to: what it holds of the visitor gone, with what copies it (its reminder's sealed copy
 * and emails, its webhook messages still to send). The tables are `unfinished-tables.ts`.
 */
import { UNFINISHED_TOTALS, type UnfinishedEnd, type UnfinishedKeep } from '../unfinished.ts';
import { drafts } from './drafts.ts';
import { all, run, type Dialect, type Plan } from './plan.ts';
import { VISITOR_COLUMNS } from './unfinished-tables.ts';
import { forgetWebhooksAbout } from './webhooks.ts';

/** The columns each keep writes as it is, by the parameter that holds it. */
const TYPED = {
  form_session: '@formSession',
  form_version: '@formVersion',
  lang: '@lang',
  fields: '@fields',
  marketing: '@marketing',
  email: '@email',
  phone_key: '@phoneKey',
  case_type: '@caseType',
  campaign: '@campaign',
  page: '@page',
};

/** A record's secret, as either of its holders proves it: its page's, or its reminder link's. */
const OWNED = '(secret_hash = @secretHash OR link_secret_hash = @secretHash)';

/** What the end of a record needs of its row: what copies it, and the funnel cell it counted in. */
export interface EndingRow {
  id: string;
  state: 'kept' | UnfinishedEnd;
  draft_id: string | null;
  draft_email_key: string | null;
  funnel_day: string | null;
}

/** The columns `EndingRow` reads. */
export const ENDING_COLUMNS = 'id, state, draft_id, draft_email_key, funnel_day';

/** Adds `by` to the total kept under `name` (`UNFINISHED_TOTALS`). */
export function* addToTotal(name: string, by = 1): Plan<void> {
  yield* run(
    `INSERT INTO settings (name, value) VALUES (@name, @by)
     ON CONFLICT (name) DO UPDATE SET value = CAST(CAST(settings.value AS BIGINT) + @byNumber AS TEXT)`,
    { name, by: String(by), byNumber: by },
  );
}

/** The plans every end of a record shares, in `d`'s spelling. */
export function unfinishedEnds(d: Dialect) {
  const saved = drafts(d);
  /** The sealed copy `id` and the emails whose keys start with `emailKey`. */
  const forgetDraft = (id: string, emailKey: string) => saved.forgetDraft(id, emailKey);
  /**
   * Forgets what copies a record: its reminder's sealed copy (the saved enquiry its link opens)
   * and every email about that copy still queued, and its webhook messages not yet sent (or,
   * with `all`, every one: the record is going whole).
   */
  function* forgetCopies(row: EndingRow, now: number, all = false): Plan<void> {
    if (row.draft_id !== null)
      yield* forgetDraft(row.draft_id, row.draft_email_key ?? row.draft_id);
    yield* forgetWebhooksAbout(row.id, all ? undefined : now);
  }
  /**
   * Ends a kept record as `end`: every column of the visitor's data NULL, the row kept until
   * `until` with `seq` (a later keep of the page with a higher one may keep it again, unless
   * it `finished`), and its copies forgotten.
   */
  function* endRecord(
    row: EndingRow,
    end: UnfinishedEnd,
    at: { now: number; until: number; seq?: number; reference?: string },
  ): Plan<void> {
    yield* run(
      `UPDATE unfinished SET state = @end, ${VISITOR_COLUMNS.map((c) => `${c} = NULL`).join(', ')},
         seq = ${at.seq === undefined ? 'seq' : '@seq'}, reference = @reference,
         updated_at = @now, expires_at = @until
       WHERE id = @id`,
      {
        id: row.id,
        end,
        now: at.now,
        until: at.until,
        reference: at.reference ?? null,
        ...(at.seq === undefined ? {} : { seq: at.seq }),
      },
    );
    yield* forgetCopies(row, at.now);
  }
  /** The rows `where` picks, held for the change the plan makes next. */
  const endingRows = (where: string, params: Record<string, unknown>) =>
    all<EndingRow & { expires_at: number }>(
      `SELECT ${ENDING_COLUMNS}, expires_at FROM unfinished WHERE ${where} ${d.forUpdate}`,
      params,
    );
  return { forgetCopies, endRecord, endingRows };
}

/** The keep, untick and takeover plans, in `d`'s spelling. */
export function unfinished(d: Dialect) {
  const { endRecord, endingRows } = unfinishedEnds(d);
  /** A record ended as `finished` by the enquiry `reference`, counted where it was kept. */
  function* finish(row: EndingRow & { expires_at: number }, reference: string, now: number) {
    yield* endRecord(row, 'finished', { now, until: Math.max(row.expires_at, now), reference });
    yield* addToTotal(UNFINISHED_TOTALS.finished);
    yield* run(
      `INSERT INTO funnel_counts (day, case_type, campaign, variant, finished_later)
       SELECT funnel_day, funnel_case_type, funnel_campaign, funnel_variant, 1 FROM unfinished
       WHERE id = @id AND funnel_day IS NOT NULL
       ON CONFLICT (day, case_type, campaign, variant)
       DO UPDATE SET finished_later = funnel_counts.finished_later + 1`,
      { id: row.id },
    );
  }
  return {
    /**
     * Keeps what the page sent: a new record, or the one its secret names again when this keep
     * is newer than the last (`seq`) and it has not been taken over. True when written; false
     * for an older keep, another secret or a record finished, which the route answers alike.
     * Its first keep counts once in the funnel (`kept_unfinished`).
     */
    *keepUnfinished(keep: UnfinishedKeep): Plan<boolean> {
      const params = {
        id: keep.id,
        secretHash: keep.secretHash,
        seq: keep.seq,
        now: keep.now,
        expiresAt: keep.expiresAt,
        formSession: keep.formSession,
        formVersion: keep.formVersion,
        lang: keep.lang,
        fields: JSON.stringify(keep.fields),
        marketing: JSON.stringify(keep.marketing),
        email: keep.email,
        phoneKey: keep.phoneKey,
        caseType: keep.fields.case_type,
        campaign: keep.marketing.campaign,
        statement: keep.statement,
        remindStatement: keep.reminder?.statement ?? null,
        remindAt: keep.reminder?.dueAt ?? null,
        page: keep.page,
      };
      const fresh = yield* run(
        `INSERT INTO unfinished (id, secret_hash, seq, state, ${Object.keys(TYPED).join(', ')},
           statement, consented_at, remind_statement, remind_consented_at, remind_at, created_at,
           updated_at, expires_at)
         VALUES (@id, @secretHash, @seq, 'kept', ${Object.values(TYPED).join(', ')}, @statement,
           @now, @remindStatement,
           CASE WHEN CAST(@remindAt AS BIGINT) IS NULL THEN NULL ELSE CAST(@now AS BIGINT) END,
           CAST(@remindAt AS BIGINT),
           @now, @now, @expiresAt)
         ON CONFLICT (id) DO NOTHING`,
        params,
      );
      // Asked for: due `remindAfterHours` after this change, until it is sent; never a second.
      const reminder = `CASE WHEN reminded_at IS NOT NULL THEN {sent}
        WHEN CAST(@remindAt AS BIGINT) IS NULL THEN NULL ELSE {asked} END`;
      const kept =
        fresh === 1 ||
        (yield* run(
          `UPDATE unfinished SET seq = @seq, state = 'kept',
             ${Object.entries(TYPED)
               .map(([column, param]) => `${column} = ${param}`)
               .join(', ')},
             statement = CASE WHEN state = 'kept' THEN statement ELSE CAST(@statement AS TEXT) END,
             consented_at = CASE WHEN state = 'kept' THEN consented_at ELSE CAST(@now AS BIGINT) END,
             remind_statement = ${reminder
               .replace('{sent}', 'remind_statement')
               .replace('{asked}', 'COALESCE(remind_statement, CAST(@remindStatement AS TEXT))')},
             remind_consented_at = ${reminder
               .replace('{sent}', 'remind_consented_at')
               .replace('{asked}', 'COALESCE(remind_consented_at, CAST(@now AS BIGINT))')},
             remind_at = ${reminder.replace('{sent}', 'remind_at').replace('{asked}', 'CAST(@remindAt AS BIGINT)')},
             updated_at = @now, expires_at = @expiresAt
           WHERE id = @id AND ${OWNED} AND seq < @seq AND state <> 'finished'`,
          params,
        )) === 1;
      if (!kept) return false;
      // The link of a reminder sent already works as long as the record is kept.
      yield* run(
        `UPDATE drafts SET expires_at = @expiresAt
         WHERE id = (SELECT draft_id FROM unfinished WHERE id = @id)`,
        params,
      );
      if (keep.funnel && (yield* countedOnce(keep.id, keep.funnel)))
        yield* run(
          `INSERT INTO funnel_counts (day, case_type, campaign, variant, kept_unfinished)
           VALUES (@day, @caseType, @campaign, @variant, 1)
           ON CONFLICT (day, case_type, campaign, variant)
           DO UPDATE SET kept_unfinished = funnel_counts.kept_unfinished + 1`,
          { ...keep.funnel },
        );
      return true;
    },
    /**
     * The page unticked its box: the record it names by its secret is erased at once (a row
     * without the visitor's data stays until `until`, so that a keep still on its way cannot
     * bring it back; one the page never kept gets such a row too). True when a kept record went.
     */
    *eraseUnfinished(
      id: string,
      secretHash: string,
      seq: number,
      now: number,
      until: number,
    ): Plan<boolean> {
      const params = { id, secretHash, seq, now, until };
      const [row] = yield* endingRows(`id = @id AND ${OWNED} AND seq < @seq`, params);
      if (!row) {
        yield* run(
          `INSERT INTO unfinished (id, secret_hash, seq, state, created_at, updated_at, expires_at)
           VALUES (@id, @secretHash, @seq, 'erased', @now, @now, @until)
           ON CONFLICT (id) DO NOTHING`,
          params,
        );
        return false;
      }
      // Taken over by its enquiry: the enquiry holds it now, and the firm has it.
      if (row.state === 'finished') return false;
      yield* endRecord(row, 'erased', { now, until, seq });
      if (row.state !== 'kept') return false;
      yield* addToTotal(UNFINISHED_TOTALS.unticked);
      return true;
    },
    /**
     * The enquiry `reference`, accepted from the form session `formSession`, takes over every
     * record kept from that session, in the enquiry's transaction: the ids taken over.
     */
    *takeOverUnfinished(formSession: string, reference: string, now: number): Plan<string[]> {
      const rows = yield* endingRows(`form_session = @formSession AND state = 'kept'`, {
        formSession,
      });
      for (const row of rows) yield* finish(row, reference, now);
      return rows.map((row) => row.id);
    },
    /**
     * The page says the enquiry `reference` was sent from the record its secret names, when the
     * enquiry's own transaction did not take it over (its form token was renewed at Send): true
     * when it was kept, and that enquiry is stored and arrived after the record was first kept.
     */
    *finishUnfinished(
      id: string,
      secretHash: string,
      reference: string,
      now: number,
    ): Plan<boolean> {
      const [row] = yield* endingRows(
        `id = @id AND ${OWNED} AND state = 'kept' AND EXISTS (
           SELECT 1 FROM submissions WHERE reference = @reference
             AND received_at >= unfinished.created_at)`,
        { id, secretHash, reference },
      );
      if (!row) return false;
      yield* finish(row, reference, now);
      return true;
    },
  };
}

/** Notes the funnel cell of record `id`'s first keep; true the once it is noted. */
function* countedOnce(
  id: string,
  cell: { day: string; caseType: string; campaign: string; variant: string },
): Plan<boolean> {
  return (
    (yield* run(
      `UPDATE unfinished SET funnel_day = @day, funnel_case_type = @caseType,
         funnel_campaign = @campaign, funnel_variant = @variant
       WHERE id = @id AND state = 'kept' AND funnel_day IS NULL`,
      { id, ...cell },
    )) === 1
  );
}
