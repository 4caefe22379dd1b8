/**
 * What each route of unfinished enquiries takes: checked whole before anything is done with it.
 * The shapes are the contract's (`contract/unfinished.ts`); lengths here only bound the body,
 * and what the form takes of each value is `kept-values.ts`'s to say.
 */
import { z } from 'zod';
import { base64urlOf, DRAFT_ID } from '../../contract/draft-formats.ts';
import { MARKETING_FIELDS } from '../../contract/fields.ts';
import { FIELD_MAX_LENGTH, MAX_ANSWERS } from '../../contract/limits.ts';

/** A keep's body at most: the answers of a long form, and the rest. */
export const UNFINISHED_BODY_MAX_BYTES = 256 * 1024;

/** An id of 128 bits in hex, as a saved enquiry's is. */
const id = z.string().regex(DRAFT_ID, 'a record id (32 hex digits)');
const secret = z.string().regex(base64urlOf(16), '128 bits in base64url');
/** A page's count: whole, and short of the count the firm's erasure leaves a record at. */
const seq = z
  .number()
  .int()
  .min(1)
  .max(2 ** 50);
const text = (max: number) => z.string().max(max * 2);
const answer = z.union([
  text(FIELD_MAX_LENGTH.longAnswer),
  z.array(text(FIELD_MAX_LENGTH.shortAnswer)).max(100),
]);

/** `POST /api/unfinished`. */
export const keepSchema = z.strictObject({
  id,
  secret,
  seq,
  form_token: z.string().max(1000),
  lang: z.string().max(100).optional(),
  form_version: z.number().int().min(1).optional(),
  values: z.strictObject({
    forename: text(FIELD_MAX_LENGTH.forename),
    surname: text(FIELD_MAX_LENGTH.surname),
    email: text(FIELD_MAX_LENGTH.email),
    telephone_mobile: text(FIELD_MAX_LENGTH.telephone_mobile),
    case_type: text(FIELD_MAX_LENGTH.case_type),
    answers: z
      .record(z.string().max(100), answer)
      .refine((answers) => Object.keys(answers).length <= MAX_ANSWERS, 'too many answers'),
  }),
  marketing: z.strictObject(
    Object.fromEntries(
      MARKETING_FIELDS.map((field) => [field, text(FIELD_MAX_LENGTH[field])]),
    ) as Record<(typeof MARKETING_FIELDS)[number], z.ZodString>,
  ),
  remind: z.boolean(),
  page: z.string().max(2000),
});

/** `POST /api/unfinished/erase`. */
export const eraseSchema = z.strictObject({
  id,
  secret,
  seq,
  lang: z.string().max(100).optional(),
  /** The reference of the enquiry sent from it (`EQ-…`). */
  sent: z.string().max(64).optional(),
});
