/**
 * The `enquiry` part of `POST /api/enquiries` as a zod schema (proxy only).
 *
 * The schema checks shape and types (unknown keys are refused); the field rules in
 * `../rules.ts` check the meaning against the form configuration. The widget sees only the
 * types, through `#contract`.
 */
import { z } from 'zod';
import { FILE_LIMIT_CEILINGS, MAX_ANSWERS } from '../limits.ts';
import { isTimeZone } from './booking.ts';

const answerSchema = z.union([z.string(), z.array(z.string()).max(100)]);

/** How an IANA zone is named (`Europe/London`, `America/Argentina/Buenos_Aires`, `UTC`). */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/** The marketing attribution block; every field optional. */
const marketingSchema = z.strictObject({
  lead_referer: z.string().optional(),
  campaign: z.string().optional(),
  keywords: z.string().optional(),
  detail: z.string().optional(),
});

/** The whole enquiry part, as the proxy parses it. */
export const enquiryPartSchema = z.strictObject({
  forename: z.string(),
  surname: z.string().optional(),
  email: z.string().optional(),
  telephone_mobile: z.string().optional(),
  case_type: z.string(),
  /** Question id → answer. An array only for a `checkbox` question with options. */
  answers: z
    .record(z.string(), answerSchema)
    .refine(
      (answers) => Object.keys(answers).length <= MAX_ANSWERS,
      `at most ${MAX_ANSWERS} answers`,
    )
    .default({}),
  marketing: marketingSchema.default({}),
  /** Consent statement id → ticked. An unticked statement may be false or left out. */
  consent: z
    .record(z.string(), z.boolean())
    .refine((consent) => Object.keys(consent).length <= 20, 'at most 20 statements')
    .default({}),
  /**
   * The language the visitor read the form in: one of the form's `languages` (`cy-GB` reads
   * `cy`; any other reads as the first). Left out, or for a form in one language, the first.
   */
  lang: z.string().max(35).optional(),
  /**
   * The version of the form the visitor's form was drawn from (`"version"` of `GET /api/form`):
   * the enquiry is checked against it, and delivered with its labels, while a form drawn from it
   * may still be sent. The form token's signed version wins over it, unless this names a later
   * one (`studio/enquiry-version.ts`).
   */
  form_version: z.number().int().min(1).max(999_999_999).optional(),
  /**
   * The visitor's own IANA time zone (`America/New_York`), as their browser knows it: sent with
   * an enquiry that books a call, which is kept with it and written in it wherever the visitor
   * reads the call's time (`docs/booking.md`, "The visitor's time"). An offset or a name this
   * runtime does not know is refused: a zone only a widget could have sent.
   */
  time_zone: z
    .string()
    .refine(
      (zone) => zone.length <= 64 && IANA_NAME.test(zone) && isTimeZone(zone),
      'an IANA time zone, like Europe/London',
    )
    .optional(),
  /** "Send me a copy" ticked, when the configuration's confirmation asks (`optIn`). */
  send_copy: z.boolean().optional(),
  /** The signed start time from `GET /api/form-token` (bot check). */
  form_token: z.string().max(200).optional(),
  /** The honeypot: people never see this field, so it is always empty when they send. */
  website: z.string().max(1000).optional(),
  /** A Cloudflare Turnstile token, when the proxy asks for one. */
  turnstile_token: z.string().max(4096).optional(),
  /** Files sent ahead (`/api/uploads`), by the id at the end of each one's `Location`. */
  uploads: z
    .array(z.string().regex(/^[\w-]{1,64}$/))
    .max(FILE_LIMIT_CEILINGS.maxFiles)
    .optional(),
  /**
   * Each upload's key (`Upload-Key` of its creation), in the order of `uploads`: it names the
   * upload for the form session that made it whatever form token the enquiry carries (the
   * token of the upload's creation may have expired and been renewed since). An empty one: no
   * key (an upload kept from before keys).
   */
  upload_keys: z
    .array(z.string().regex(/^[\w-]{0,64}$/))
    .max(FILE_LIMIT_CEILINGS.maxFiles)
    .optional(),
});

/** An enquiry part after parsing (defaults filled in). */
export type EnquiryPart = z.output<typeof enquiryPartSchema>;
/** What a client sends: optional blocks may be left out. */
export type EnquiryPartInput = z.input<typeof enquiryPartSchema>;
/** One answer: a string, or the ticked options of a checkbox question. */
export type Answer = z.output<typeof answerSchema>;
/** The marketing attribution block. */
export type Marketing = z.output<typeof marketingSchema>;
