/** What every draft route checks of what it is given: the address, the page, the allowances. */
import { isValidEmail } from '../../contract/text-rules.ts';
import { Refusal } from '../../http/refusal.ts';
import type { Limiter } from '../../limiter/token-buckets.ts';
import type { DraftAllowance, DraftStore } from '../../outbox/draft-store.ts';

/** An address a code or a link may go to, or the contract's refusal of it. */
export function checkedEmail(email: string): string {
  const to = email.trim();
  if (to === '') throw Refusal.field('email', 'required', 'email.required');
  if (!isValidEmail(to) || to.length > 254)
    throw Refusal.field('email', 'invalid_email', 'email.invalid_email');
  return to;
}

/**
 * `page` without its fragment, when it is a page of an allowed origin (and of `origin`, when the
 * saving page names it): where a saved enquiry's link may lead, never another site.
 */
export function draftPageOn(
  allowedOrigins: readonly string[],
  page: string | undefined,
  origin?: string,
): string | undefined {
  const url = URL.parse(page ?? '');
  if (!url || !allowedOrigins.includes(url.origin)) return undefined;
  if (origin !== undefined && url.origin !== origin) return undefined;
  url.hash = '';
  return url.href;
}

/** A token from `limiter` for `key`, or a 429 saying when to try again. */
export async function take(limiter: Limiter, key: string): Promise<void> {
  const verdict = await limiter.take(key);
  if (!verdict.allowed) throw Refusal.rateLimited(limiter.name, verdict.waitMs);
}

/** One of a draft id's own `allowance`, as the outbox counts it, or a 429 saying when. */
export async function takeFromDraft(
  store: Pick<DraftStore, 'takeDraftAllowance'>,
  id: string,
  allowance: DraftAllowance,
  now: number,
): Promise<void> {
  const verdict = await store.takeDraftAllowance(id, allowance, now);
  if (!verdict.allowed) throw Refusal.rateLimited(`draft-${allowance.kind}`, verdict.waitMs);
}
