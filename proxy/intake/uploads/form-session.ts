/**
 * The form session an upload belongs to: the SHA-256 of the form token it was made with. Only
 * an enquiry carrying that same token may name the upload; the token itself is never stored.
 */
import { createHash } from 'node:crypto';
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

/** The session a form token stands for. */
export const sessionOf = (token: string) => createHash('sha256').update(token).digest('hex');
