/**
 * The one reminder of an unfinished enquiry (`docs/unfinished.md`), asked for with its second
 * box: `remindAfterHours` after the record's last change (each change moves it), an email in the
 * visitor's language with a link back to the form. The link opens as a saved enquiry's does
 * (`../drafts/`): the proxy seals what was typed as the widget seals a draft, under a key written
 * into the link and kept nowhere, and the sealed copy opens only with a code sent to the
 * record's address. The copy carries a second secret of the record, so the browser that opens it
 * goes on keeping the same record, its box ticked. One reminder at most per record, whatever
 * the instances or restarts: the outbox marks it sent in the transaction that queues it
 * (`outbox/machine/unfinished-chores.ts`), and none goes once the record is unticked or sent.
 */
import { randomBytes } from 'node:crypto';
import { questionSignature } from '../../contract/draft-formats.ts';
import type { DraftContent } from '../../contract/drafts.ts';
import { opensReminders } from '../../notify/drafts-state.ts';
import type { DueReminder, ReminderSent, UnfinishedChores } from '../../outbox/unfinished-store.ts';
import type { CurrentForm } from '../../studio/live-form.ts';
import { reminderEmail } from '../drafts/draft-mails.ts';
import { newDraftId, writeHashOf, type DraftSecrets } from '../drafts/draft-secrets.ts';
import { sealDraft } from '../drafts/draft-seal.ts';
import { newUnfinishedSecret, secretHashOf } from './unfinished-secrets.ts';

/** Reminders sent in one run: more than a busy form's ten seconds; the rest go at the next. */
const REMINDER_BATCH = 100;

/**
 * How often the chore looks: a reminder goes within ten seconds of its time. A look is one
 * query on `remind_at`'s index, less than the notifier's own every two seconds.
 */
const REMINDER_EVERY_MS = 10_000;

/**
 * The count the page that opens a reminder's link starts from: above any a page keeping its
 * record reaches (one a change), below the firm's erasure's (`ERASED_FOR_GOOD`).
 */
export const LINK_SEQ = 2 ** 40;

/** What a reminder is written with. */
export interface ReminderDeps {
  form: CurrentForm;
  secrets: DraftSecrets;
}

/** What the record holds, as a saved enquiry's content, and the record's link secret in it. */
function contentOf(deps: ReminderDeps, due: DueReminder, secret: string): DraftContent {
  const { fields } = due.record;
  const caseType = deps.form.current().config.caseTypes.find((c) => c.id === fields.case_type);
  // Each answer with its question as the form asks it now: one changed since is asked again.
  const asked: Record<string, string> = {};
  for (const question of caseType?.questions ?? [])
    if (question.id in fields.answers) asked[question.id] = questionSignature(question);
  return {
    v: 1,
    values: {
      forename: fields.forename,
      surname: fields.surname,
      email: fields.email,
      telephone_mobile: fields.telephone_mobile,
      case_type: fields.case_type,
      answers: fields.answers,
      consent: {},
    },
    asked,
    uploads: [],
    write: randomBytes(16).toString('base64url'),
    email: fields.email,
    unfinished: { id: due.id, secret, seq: LINK_SEQ },
  };
}

/** The reminder of `due` as the outbox records it at `now`: its sealed copy and its email. */
function reminderFor(deps: ReminderDeps, due: DueReminder, now: number): ReminderSent {
  const secret = newUnfinishedSecret();
  const content = contentOf(deps, due, secret);
  const sealed = sealDraft(content);
  const draftId = newDraftId();
  const to = due.record.fields.email;
  return {
    id: due.id,
    draft: {
      id: draftId,
      subject: deps.secrets.subjectOf(to),
      writeHash: writeHashOf(content.write),
      ciphertext: sealed.ciphertext,
    },
    linkSecretHash: secretHashOf(secret),
    emailKeyPrefix: deps.secrets.emailKeyOf(draftId),
    email: reminderEmail(
      deps,
      { id: draftId, to, lang: due.record.lang, client: 'reminder', now },
      { page: due.page, key: sealed.key, expiresAt: due.record.expiresAt },
    ),
    now,
  };
}

/**
 * The chore, for the proxy's housekeeping while the mailer can send: the reminders due, each
 * recorded (or, no longer due, not); how many went. None while the version served offers no
 * reminder: its link could not be opened (they go once a version offers one again).
 */
export const unfinishedReminders = (
  store: Pick<UnfinishedChores, 'dueReminders' | 'recordReminder'>,
  deps: ReminderDeps,
) => ({
  name: 'unfinished enquiries’ one reminder, sent when due',
  everyMs: REMINDER_EVERY_MS,
  async run(now: number) {
    if (!opensReminders(deps.form.current().config)) return 0;
    let sent = 0;
    for (const due of await store.dueReminders(now, REMINDER_BATCH))
      if (await store.recordReminder(reminderFor(deps, due, now))) sent += 1;
    return sent;
  },
});
