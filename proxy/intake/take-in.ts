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
import type { LiveForm } from '../studio/live-form.ts';
import { versionFor } from '../studio/enquiry-version.ts';
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
export interface TakeInDeps extends StoreCheckedDeps {
  /** The form, version by version: an enquiry is checked against the one it was drawn from. */
  form: Pick<LiveForm, 'current' | 'version' | 'honoured' | 'latestKnown' | 'refresh' | 'files'>;
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
  const spool = deps.spool ?? tempSpool();
  const { judgeAndStore, refusalIfFull } = storeChecked(deps, funnel);

  /**
   * Reads, checks and stores a submission. The files arrive in the spool; storing moves them into
   * the outbox, and whatever is still in the spool when this ends (a refusal, a repeat, a caught
   * bot's files) is removed.
   */
  async function receive(c: IntakeContext, key: string | undefined) {
    const soFar: ReadSoFar = { fields: new Map() };
    // Read with the widest limits of the versions a visitor may still send: each enquiry is
    // then checked against its own version's.
    const received = await readMultipartSubmission(
      c.req.raw,
      deps.form.files(),
      spool,
      soFar,
    ).catch((error: unknown) => {
      // Refused as it arrived (a file over the limit): a plain post keeps the fields before
      // it, an enquiry part read before it names the answer's language.
      if (soFar.enquiryText !== undefined) noteLanguage(c, peek(soFar.enquiryText));
      else if (soFar.fields.size > 0) notePlainFields(c, soFar.fields);
      throw refusalIfFull(error);
    });
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
    const said = received.plain ? plainSaid(received.plain) : peek(received.enquiryText);
    if (received.plain) notePlainFields(c, received.plain, true);
    else noteLanguage(c, said);
    const receivedAt = deps.now();
    const token =
      typeof said.form_token === 'string' ? deps.bots.tokens.verify(said.form_token) : undefined;
    const form = await versionFor(
      deps.form,
      {
        signed:
          token?.valid && token.formVersion !== undefined
            ? { version: token.formVersion, issuedAt: token.issuedAt }
            : undefined,
        field: Number.isSafeInteger(said.form_version) ? (said.form_version as number) : undefined,
      },
      receivedAt,
    );
    const checked = checkSubmission(received, form, receivedAt);
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
      config: form.config,
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

/** What an enquiry says before it is checked: its language, form token and version. */
interface Said {
  lang?: unknown;
  form_token?: unknown;
  form_version?: unknown;
}

/** The enquiry part's JSON as far as `Said` goes; nothing when it is not JSON. */
function peek(enquiryText: string): Said {
  try {
    const part = JSON.parse(enquiryText) as unknown;
    return typeof part === 'object' && part !== null ? part : {};
  } catch {
    return {};
  }
}

/** A plain post's form token and version (its language is its `lang` field). */
const plainSaid = (fields: PlainFields): Said => ({
  form_token: fields.get('form_token')?.[0],
  form_version: Number(fields.get('form_version')?.[0] ?? NaN),
});

/**
 * The language an enquiry part names, for its answer's words: read before the part is checked,
 * so a refusal of the part itself is said in it too. Anything but a short string is ignored.
 */
function noteLanguage(c: IntakeContext, { lang }: Said): void {
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
