/**
 * The intake's taking in of one enquiry: its body read as it arrives, checked, its files looked
 * at and its key weighed, then judged and stored (write-ahead) with its aftercare
 * (`store-checked.ts`), or refused (`Refusal`) before anything is stored. What it gives the
 * route to answer: a stored submission, or the repeat of a key seen before.
 */
import type { Converter } from '../convert/conversion.ts';
import type { FunnelAdmission } from '../funnel/admission.ts';
import type { UploadStore } from '../outbox/upload-store.ts';
import { checkSubmission } from './check-submission.ts';
import type { FormLanguageDeps } from '../http/form-language.ts';
import { tempSpool, type FileSpool } from './file-spool.ts';
import { inspectFiles } from './inspect-files.ts';
import type { PlainFields } from './page/plain-fields.ts';
import {
  readMultipartSubmission,
  type ReadSoFar,
  type ReceivedSubmission,
} from './read-multipart.ts';
import { storeChecked, type IntakeContext, type StoreCheckedDeps } from './store-checked.ts';
import { takeUploads } from './uploads/take-uploads.ts';

/** What taking an enquiry in reads: the law, the checks, the outbox and its room. */
export interface TakeInDeps extends FormLanguageDeps, StoreCheckedDeps {
  /** Files sent ahead (`/api/uploads`), which an enquiry names; without it, none are taken. */
  uploads?: UploadStore | undefined;
  /** Where file parts are written as they arrive; the system's temporary directory by default. */
  spool?: FileSpool | undefined;
  /**
   * Looks at each file to convert on arrival (bombs, unreadable headers); with it, the
   * platform's own kinds are checked too (pixel budget, decoding, a PDF's active content).
   * Without it (tests of other things), files are taken by their first bytes alone.
   */
  converter?: Pick<Converter, 'inspect' | 'warnings'> | undefined;
}

/**
 * `receive(c, key)`: reads, checks and stores the submission `c` brings, with its
 * `Idempotency-Key` if any; `funnel` counts what is accepted.
 */
export function takeIn(deps: TakeInDeps, funnel: FunnelAdmission) {
  const { config } = deps;
  const spool = deps.spool ?? tempSpool();
  const { judgeAndStore, refusalIfFull } = storeChecked(deps, funnel);

  /**
   * Reads, checks and stores a submission. The files arrive in the spool; storing moves them into
   * the outbox, and whatever is still in the spool when this ends (a refusal, a repeat, a caught
   * bot's files) is removed.
   */
  async function receive(c: IntakeContext, key: string | undefined) {
    const soFar: ReadSoFar = { fields: new Map() };
    const received = await readMultipartSubmission(c.req.raw, config.files, spool, soFar).catch(
      (error: unknown) => {
        // Refused as it arrived (a file over the limit): a plain post keeps the fields before
        // it, an enquiry part read before it names the answer's language.
        if (soFar.enquiryText !== undefined) noteLanguage(c, soFar.enquiryText);
        else if (soFar.fields.size > 0) notePlainFields(c, soFar.fields);
        throw refusalIfFull(error);
      },
    );
    try {
      return await checkAndStore(c, key, received);
    } finally {
      // Stored files were moved into the outbox; whatever is left was not stored.
      await spool.discard(received.files.map((file) => file.content));
    }
  }

  /**
   * Checks and stores what `receive` read. A key seen before is answered before the bot checks,
   * so a retry never spends a Turnstile token twice.
   */
  async function checkAndStore(
    c: IntakeContext,
    key: string | undefined,
    received: ReceivedSubmission,
  ) {
    if (received.plain) notePlainFields(c, received.plain, true);
    else noteLanguage(c, received.enquiryText);
    const receivedAt = deps.now();
    const checked = checkSubmission(received, config, receivedAt, deps.translations);
    const files = deps.converter
      ? await inspectFiles(checked.files, deps.converter, deps.log, {
          lang: checked.visitor.lang ?? 'en',
          words: checked.visitor.words,
        })
      : checked.files;
    const idempotency = key ? { key, fingerprint: checked.fingerprint } : undefined;
    const repeat = idempotency && (await deps.store.findRepeat(idempotency));
    if (repeat) return { kind: 'repeat', key: idempotency.key, repeat } as const;
    // Files sent ahead are this enquiry's from here, and given back unless it is stored.
    const uploads = await takeUploads(checked.part, files, {
      store: deps.uploads,
      config,
      now: receivedAt,
    });
    const stored = await judgeAndStore(c, checked, uploads.files, idempotency, {
      plain: received.plain !== undefined,
      receivedAt,
    }).catch(async (error: unknown) => {
      await uploads.release();
      throw error;
    });
    await (stored.kind === 'stored' ? uploads.drop() : uploads.release());
    return stored;
  }

  return receive;
}

/**
 * The language an enquiry part names, for its answer's words: read before the part is checked,
 * so a refusal of the part itself is said in it too. Anything but a short string is ignored.
 */
function noteLanguage(c: IntakeContext, enquiryText: string): void {
  let lang: unknown;
  try {
    lang = (JSON.parse(enquiryText) as { lang?: unknown } | null)?.lang;
  } catch {
    return;
  }
  const enquiry = c.get('enquiry');
  c.set('enquiry', {
    page: enquiry?.page ?? false,
    ...enquiry,
    read: true,
    ...(typeof lang === 'string' && lang.length <= 35 ? { lang } : {}),
  });
}

/** A plain post's named fields, as far as they were read (all of them: `read`), for its answer. */
function notePlainFields(c: IntakeContext, fields: PlainFields, read = false): void {
  const enquiry = c.get('enquiry');
  c.set('enquiry', { page: enquiry?.page ?? false, fields, read });
}
