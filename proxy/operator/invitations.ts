/**
 * Inviting a person, as the CLI (`people invite`) and the console's people page both do it: a
 * random token for the link, kept in the outbox only as its hash, for `INVITATION_MS`. Whoever
 * opens the link registers a passkey for that address and role; the link works once.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { People } from '../outbox/store.ts';
import type { Role } from '../outbox/roles.ts';

/** How long an invitation link works: a week. */
const INVITATION_MS = 7 * 24 * 3_600_000;

/** An invitation's token as the outbox keeps it (never the token itself). */
export const invitationHash = (token: string) =>
  createHash('sha256').update(`invitation.${token}`).digest('base64url');

/**
 * An address as people are kept by: trimmed, lower case; undefined when it is not one address
 * (a second `@`, a space or a control character anywhere, no dot in its domain). The console's
 * invitations and the identity provider's claims (`console/oidc-claims.ts`) are read by it.
 */
export function personEmail(text: string): string | undefined {
  const email = text.trim().toLowerCase();
  return /^[^@\s<>"\p{Cc}]+@[^@\s<>"\p{Cc}]+\.[^@\s<>"\p{Cc}]+$/u.test(email) && email.length <= 254
    ? email
    : undefined;
}

/**
 * Invites `email` as `role`; returns the link's path (`/admin/invitation/<token>`), to be put
 * after the console's origin.
 *
 * @example const path = await invite(store, 'ann@firm.example', 'staff', Date.now());
 */
export async function invite(
  store: Pick<People, 'invitePerson'>,
  email: string,
  role: Role,
  now: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await store.invitePerson({
    email,
    role,
    tokenSha256: invitationHash(token),
    at: now,
    expiresAt: now + INVITATION_MS,
  });
  return `/admin/invitation/${token}`;
}
