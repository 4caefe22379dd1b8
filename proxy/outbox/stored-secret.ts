/** Secrets the proxy makes itself and keeps in the outbox's settings. */
import { randomBytes } from 'node:crypto';
import type { Settings } from './store.ts';

/**
 * A secret generated once and kept in the outbox's settings under `name`, so restarts (and every
 * instance sharing the outbox) keep it: the form tokens' (open forms stay valid), the receipts',
 * the console's sessions' (mixed with `ADMIN_TOKEN`), the saved enquiries' keyed hashes.
 */
export async function storedSecret(
  store: Settings,
  name: 'form_token_secret' | 'receipt_secret' | 'console_session_secret' | 'draft_secret',
) {
  const existing = await store.getSetting(name);
  if (existing) return existing;
  const secret = newSecret();
  await store.setSetting(name, secret);
  return secret;
}

/** A new secret: 32 random bytes, as text (base64url). */
export const newSecret = (): string => randomBytes(32).toString('base64url');
