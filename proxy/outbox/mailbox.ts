/**
 * The mailbox an email address reaches, for counting confirmations per person rather than per
 * spelling (and for finding a person's earlier enquiry: every lead is stored with its mailbox's
 * key, `mailboxKey`, which `machine/routing.ts` looks a repeat up by): `ada+1@example.com`
 * and `ada+2@example.com` reach the same mailbox as `ada@example.com` (a plus tag is a filter
 * label for most providers), and Gmail ignores dots in the part before the `@` and answers at
 * googlemail.com too. Only for counting and matching: the email is still sent to the address as
 * the visitor typed it. What the outbox keeps to count or match by is a keyed hash of it.
 */
import { createHmac } from 'node:crypto';

/** Providers that ignore dots before the `@`, each with the one domain it stands for. */
const DOTS_IGNORED = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

/**
 * `address` as the mailbox it reaches: in lower case, without a plus tag, and without dots where
 * the provider ignores them.
 *
 * @example mailboxOf('A.Da+quotes@GoogleMail.com') // 'ada@gmail.com'
 */
export function mailboxOf(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  // A domain may be written with the root's dot at its end; it is the same domain.
  const domain = lower.slice(at + 1).replace(/\.$/, '');
  const tagged = lower.slice(0, at);
  const plus = tagged.indexOf('+');
  const local = plus > 0 ? tagged.slice(0, plus) : tagged;
  const provider = DOTS_IGNORED.get(domain);
  return provider ? `${local.replaceAll('.', '')}@${provider}` : `${local}@${domain}`;
}

/**
 * A keyed hash naming a person by `kind` (`address`, `telephone`, `client`) and `value`: what
 * the outbox counts confirmations by and matches a repeat enquiry by, never the value itself,
 * and not reversible without `secret` (the outbox's `receipt_secret`).
 *
 * @example keyedSubject(secret, 'address', mailboxOf(email)) // '3f9c…' (32 hex digits)
 */
export const keyedSubject = (secret: string, kind: string, value: string): string =>
  createHmac('sha256', secret).update(`${kind}:${value}`).digest('hex').slice(0, 32);

/**
 * The key a lead is stored with and a later lead from the same person finds it by: the keyed
 * hash of the mailbox `email` reaches; undefined when no address was given.
 *
 * @example mailboxKey(secret, 'Ada.Lovelace+family@example.com') === mailboxKey(secret, 'ada.lovelace@example.com') // true
 */
export const mailboxKey = (secret: string, email: string): string | undefined =>
  email.trim() === '' ? undefined : keyedSubject(secret, 'address', mailboxOf(email));
