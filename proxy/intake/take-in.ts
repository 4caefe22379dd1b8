/**
 * The intake's taking in of one enquiry: its body read as it arrives, checked, its files looked
 * at and its key weighed, then judged and stored (write-ahead) with its aftercare
 * (`store-checked.ts`), or refused (`Refusal`) before anything is stored. What it gives the
 * route to answer: a stored submission, or the repeat of a key seen before.
 */
import type { Converter } from '../convert/conversion.ts';
import type { FunnelAdmission } from '../funnel/admission.ts';
import type { UploadStore } from '../outbox/upload-store.ts';
import { checkSubmission, enquiryJson } from './check-submission.ts';
import { fingerprintOf } from './idempotency.ts';
import type { LiveForm } from '../studio/live-form.ts';
import { askedVersion, versionFor } from '../studio/enquiry-version.ts';
import { tempSpool, type FileSpool } from './file-spool.ts';
import { inspectFiles } from './inspect-files.ts';
import type { PlainFields } from './page/plain-fields.ts';
import { unseenTimes } from './page/unseen-times.ts';
import {
  readMultipartSubmission,
  type ReadSoFar,
  type ReceivedSubmission,
} from './read-multipart.ts';
import { storeChecked, type IntakeContext, type StoreCheckedDeps } from './store-checked.ts';
import { takeUploads } from './uploads/take-uploads.ts';
import { DEFAULT_UPLOAD_EXPIRY_HOURS } from './uploads/upload-deps.ts';
import { dropUnticked, keepForRedraw } from './page/held-files.ts';
import { rateLimitKey } from '../http/client-ip.ts';
import { Refusal } from '../http/refusal.ts';

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
  /** How long a file kept for the page without JavaScript lives (`UPLOAD_EXPIRY_HOURS`). */
  uploadExpiryMs?: number | undefined;
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
    const body = { contentType: c.req.header('content-type'), body: c.get('upload').body };
    const received = await readMultipartSubmission(body, deps.form.files(), spool, soFar).catch(
      (error: unknown) => {
        // Refused as it arrived (a file over the limit): a plain post keeps the fields before
        // it, an enquiry part read before it names the answer's language.
        if (soFar.enquiryText !== undefined)
          noteLanguage(c, saidIn(enquiryJson(soFar.enquiryText)));
        else if (soFar.fields.size > 0) notePlainFields(c, soFar.fields);
        throw refusalIfFull(error);
      },
    );
    try {
      // The page's files left unticked go before anything else is read of the post.
      if (received.plain && deps.uploads)
        await dropUnticked(deps.uploads, received.plain, deps.now());
      return await checkAndStore(c, key, received);
    } catch (error) {
      if (received.plain && error instanceof Refusal && error.redraw)
        await keepForThePage(c, received.plain, received, error);
      throw error;
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
    const json = received.plain ? undefined : enquiryJson(received.enquiryText);
    const said = received.plain ? plainSaid(received.plain) : saidIn(json);
    if (received.plain) notePlainFields(c, received.plain, true);
    else noteLanguage(c, said);
    const receivedAt = deps.now();
    const form = await versionFor(deps.form, askedVersion(deps.bots.tokens, said), receivedAt);
    // A post of the page drawn before its team was known, with no time ticked, chooses one first.
    const unseen = received.plain && (await unseenTimes(deps.slots, form, received.plain));
    const checked = checkSubmission(received, form, receivedAt, json, unseen || undefined);
    const files = deps.converter
      ? await inspectFiles(checked.files, deps.converter, deps.log, {
          lang: checked.visitor.lang ?? 'en',
          words: checked.visitor.words,
        })
      : checked.files;
    // Only a request with a key is compared with one seen before (a hash of its whole part).
    const idempotency = key
      ? { key, fingerprint: fingerprintOf(checked.part, contentOf(received)) }
      : undefined;
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

  /**
   * A plain post refused and drawn again: its files are kept for the page (`page/held-files.ts`),
   * as a browser without script cannot bring them again. Keeping them failing leaves the page as
   * it would be without them: the refusal is still the answer.
   */
  async function keepForThePage(
    c: IntakeContext,
    fields: PlainFields,
    received: ReceivedSubmission,
    refusal: Refusal,
  ) {
    const store = deps.uploads;
    if (!store) return;
    try {
      const held = await keepForRedraw(
        {
          ...deps,
          store,
          uploadExpiryMs: deps.uploadExpiryMs ?? DEFAULT_UPLOAD_EXPIRY_HOURS * 3_600_000,
        },
        {
          fields,
          files: received.files,
          refusal,
          client: rateLimitKey(deps.clientIp(c)),
          lang: fields.get('lang')?.[0],
          now: deps.now(),
        },
      );
      const enquiry = c.get('enquiry');
      if (enquiry) c.set('enquiry', { ...enquiry, held });
    } catch (error) {
      deps.log.warn({ err: error }, 'the files of a post drawn again could not be kept for it');
    }
  }

  return receive;
}

/** Each file as it arrived, by name and hash: what identifies an enquiry's files for its key. */
const contentOf = (received: ReceivedSubmission) =>
  received.files.map((file) => ({ name: file.name, sha256: file.content.sha256 }));

/** What an enquiry says before it is checked: its language, form token and version. */
interface Said {
  lang?: unknown;
  form_token?: unknown;
  form_version?: unknown;
}

/** The enquiry part's JSON as far as `Said` goes; nothing when it is not JSON. */
function saidIn(json: { value: unknown } | undefined): Said {
  const part = json?.value;
  return typeof part === 'object' && part !== null ? part : {};
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
