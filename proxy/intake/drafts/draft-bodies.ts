/**
 * What each draft route's body must be: checked whole before anything is done with it. The
 * shapes are the contract's (`contract/drafts.ts`); the lengths are what the widget makes.
 */
import { z } from 'zod';
import { base64urlOf, DRAFT_CODE, DRAFT_ID } from '../../contract/draft-formats.ts';

/** A save's body at most: the ciphertext of a long form in steps, and the rest. */
export const DRAFT_BODY_MAX_BYTES = 256 * 1024;

const id = z.string().regex(DRAFT_ID, 'a draft id (32 hex digits)');
/** The owner's secret: 128 random bits. */
const write = z.string().regex(base64urlOf(16), '128 bits in base64url');
const lang = z.string().max(100).optional();
const email = z.string().max(320);

/** `POST /api/drafts`. */
export const saveSchema = z.strictObject({
  id: id.optional(),
  write,
  key: z.string().regex(base64urlOf(32), 'a 256-bit key in base64url'),
  // `<iv>.<ciphertext>`: a 96-bit IV, then at least the 128-bit tag.
  ciphertext: z
    .string()
    .max(DRAFT_BODY_MAX_BYTES - 4096)
    .regex(/^[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22,}$/, '<iv>.<ciphertext> in base64url'),
  email,
  page: z.string().max(2000),
  lang,
  uploads: z.array(z.strictObject({ id: z.string().max(100), key: z.string().max(100) })).max(100),
  form_token: z.string().max(1000),
});

/** `POST /api/drafts/code`. */
export const codeSchema = z.strictObject({ id, email, lang });

/** `POST /api/drafts/open`. */
export const openSchema = z.strictObject({
  id,
  code: z.string().regex(DRAFT_CODE, 'six digits'),
  lang,
});

/** `POST /api/drafts/discard`. */
export const discardSchema = z.strictObject({ id, write, lang });
