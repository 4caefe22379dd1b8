/**
 * The form session an upload belongs to: the SHA-256 of the form token it was made with, or the
 * key its creation answered. An enquiry carrying that same token may name the upload, and so
 * may one naming it with its key: a form open past its token's age sends a fresh token, and its
 * uploads must not be lost for it. Neither the token nor the key is stored, only their hashes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { FORM_TOKEN_MAX_AGE_MS, type BotCheckOptions } from '../../http/bots/bot-check.ts';
import { Refusal } from '../../http/refusal.ts';

/** The form session of `token`, when it is one of ours and not out of date; a 400 otherwise. */
export function formSession(
  token: string | undefined,
  bots: Pick<BotCheckOptions, 'tokens'>,
  now: number,
): string {
  if (!token) throw Refusal.field('form_token', 'required', 'form_token.required');
  const verdict = bots.tokens.verify(token);
  if (!verdict.valid || now - verdict.issuedAt > FORM_TOKEN_MAX_AGE_MS)
    throw Refusal.field('form_token', 'form_expired', 'form_token.form_expired');
  return sessionOf(token);
}

/** The hex SHA-256 of `text`: what is kept of a token or a key. */
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The session a form token stands for. */
export const sessionOf = sha256;

/** What is kept of an upload's key: its SHA-256. */
export const keyHashOf = sha256;

/** A new upload's key (192 random bits, told once, in `Upload-Key`) and what is kept of it. */
export function newUploadKey() {
  const key = randomBytes(24).toString('base64url');
  return { key, hash: keyHashOf(key) };
}
