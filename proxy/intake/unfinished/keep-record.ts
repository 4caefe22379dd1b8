/**
 * Keeping and erasing a record for a visitor's page: one place for both pages that may keep one,
 * the widget's (`unfinished-routes.ts`, JSON) and the page without JavaScript's
 * (`unfinished-page-route.ts`, a plain post), so that both keep the same things under the same
 * rules: the form's checks of each value, the consent made from the proxy's own words, the
 * funnel's count, the room on the disk, and the outbox's one call.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { DRAFT_ID } from '../../contract/draft-formats.ts';
import type { RuleIssue } from '../../contract/issues.ts';
import { isValidEmail } from '../../contract/text-rules.ts';
import type { FunnelAdmission } from '../../funnel/admission.ts';
import { keptCell } from '../../funnel/server-tallies.ts';
import { rateLimitKey } from '../../http/client-ip.ts';
import { formIn, wordingFor } from '../../http/form-language.ts';
import { Refusal } from '../../http/refusal.ts';
import type { UnfinishedKeeping } from '../../outbox/store.ts';
import { draftPageOn } from '../drafts/draft-checks.ts';
import type { PlainFields } from '../page/plain-fields.ts';
import { UNFINISHED_FIELDS } from '../page/unfinished-box.ts';
import { formSession } from '../uploads/form-session.ts';
import { keepStatement, remindStatement } from './consent-words.ts';
import { keptValues } from './kept-values.ts';
import type { eraseSchema, keepSchema } from './unfinished-bodies.ts';
import { UNTICKED_ROW_MS, type UnfinishedRouteDeps } from './unfinished-deps.ts';
import { secretHashOf } from './unfinished-secrets.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A keep as the routes read it (`keepSchema`). */
export type KeepBody = z.output<typeof keepSchema>;
/** An untick as the routes read it (`eraseSchema`). */
export type EraseBody = z.output<typeof eraseSchema>;

/**
 * Keeps `body` for the page posting it (the form's `unfinished` block is on: the routes answer
 * 404 without it): when it expires, or the form's issues with what it holds (nothing kept).
 * Throws the refusal of a form token that is not a live one, or of a disk without room.
 */
export async function keepRecord(
  c: Context,
  deps: UnfinishedRouteDeps,
  funnel: FunnelAdmission,
  body: KeepBody,
): Promise<{ issues: RuleIssue[] } | { expiresAt: number }> {
  const form = deps.form.current();
  const block = form.config.unfinished;
  if (!block) throw new Error('keepRecord needs a form with an unfinished block');
  const now = deps.now();
  const session = formSession(body.form_token, deps.bots, now);
  const visitor = formIn(form, body.lang);
  const { kept, issues } = keptValues(visitor.form, body.values);
  if (issues.length > 0) return { issues };
  if (deps.funnelRoom && !(await deps.funnelRoom())) throw Refusal.storageFull();
  const wording = wordingFor(form, body.lang);
  const page = draftPageOn(deps.allowedOrigins, body.page, c.req.header('origin'));
  const hours = block.remindAfterHours;
  const reminded =
    body.remind && hours !== undefined && deps.remindersOn && page && isValidEmail(kept.email);
  const client = rateLimitKey(deps.clientIp(c));
  const cell =
    c.req.header('sec-gpc') === '1'
      ? undefined
      : await keptCell(
          funnel,
          form.config,
          {
            caseType: kept.fields.case_type,
            campaign: body.marketing.campaign,
            answers: kept.fields.answers,
            at: now,
          },
          client,
        );
  const expiresAt = now + block.keepDays * DAY_MS;
  await deps.unfinished.keepUnfinished({
    id: body.id,
    secretHash: secretHashOf(body.secret),
    seq: body.seq,
    now,
    expiresAt,
    formSession: session,
    formVersion: body.form_version ?? null,
    lang: wording.lang,
    ...kept,
    marketing: body.marketing,
    statement: keepStatement(wording, block.keepDays),
    reminder: reminded
      ? { statement: remindStatement(wording, hours), dueAt: now + hours * HOUR_MS }
      : null,
    page: page ?? null,
    funnel: cell,
  });
  return { expiresAt };
}

/**
 * The page's box unticked: its record erased at once (or, with `sent`, ended as taken over by
 * that enquiry). True when a kept record went.
 */
export async function eraseRecord(deps: UnfinishedRouteDeps, body: EraseBody): Promise<boolean> {
  const now = deps.now();
  const secretHash = secretHashOf(body.secret);
  if (body.sent !== undefined)
    return deps.unfinished.finishUnfinished(body.id, secretHash, body.sent, now);
  return deps.unfinished.eraseUnfinished(body.id, secretHash, body.seq, now, now + UNTICKED_ROW_MS);
}

/**
 * The enquiry `reference`, sent from a page that carried a record's id and secret (the form
 * without JavaScript's box, `page/unfinished-box.ts`), takes that record over, as the widget's
 * page says when its enquiry's own transaction could not (a page drawn again after a refused send
 * has a token of its own). Nothing happens for a record not kept, or not that page's.
 */
export async function finishPageRecord(
  store: Pick<UnfinishedKeeping, 'finishUnfinished'>,
  fields: PlainFields,
  reference: string,
  now: number,
): Promise<void> {
  const id = fields.get(UNFINISHED_FIELDS.id)?.[0];
  const secret = fields.get(UNFINISHED_FIELDS.secret)?.[0];
  if (!id || !secret || !DRAFT_ID.test(id)) return;
  await store.finishUnfinished(id, secretHashOf(secret), reference, now);
}
