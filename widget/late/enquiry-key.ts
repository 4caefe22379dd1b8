/**
 * The idempotency key of the enquiry being sent. The same content keeps its key across retries
 * and reloads (it is kept with the draft), so the proxy answers a retry of an enquiry it already
 * has with that enquiry; any change to the content makes a new key. Late: only sending needs it.
 */
import type { SessionController } from '../session.ts';

/** The key of the enquiry whose content has this fingerprint. */
export function keyFor(session: SessionController, fingerprint: string): string {
  const kept = session.submission;
  if (kept?.fingerprint === fingerprint) return kept.key;
  return renewKey(session, fingerprint);
}

/** A new key for this content (after the proxy refused the old one). */
export function renewKey(session: SessionController, fingerprint: string): string {
  const key = newUuid();
  session.submission = { key, fingerprint };
  return key;
}

/**
 * A random UUID v4. `crypto.randomUUID` exists only in secure contexts; a landing page served
 * over plain http still has `getRandomValues`.
 */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
