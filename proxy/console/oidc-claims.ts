/**
 * Who the identity provider says someone is, read from its claims (issue 55). The ID token of the
 * authorization code flow may carry the address, name and groups, or only `sub`: the OpenID
 * Connect core spec (5.4) puts the claims a scope asks for at the userinfo endpoint, as Okta's
 * default ("thin") ID token and `oidc-provider`'s default do. So what the ID token lacks is asked
 * of userinfo (`openid-client` checks that its `sub` is the ID token's), and the address is
 * believed only as the provider states it: `email_verified` present and anything but `true`
 * (some write `"true"`, and so `"false"`) names nobody, and a claim that is not one address
 * (a second `@`, a control character, a space) names nobody and is refused as such, by the
 * rules the console's invitations use (`operator/invitations.ts`).
 */
import { personEmail } from '../operator/invitations.ts';
import type { OidcRoles } from './oidc-settings.ts';

/** The claims the console reads, from the ID token or userinfo. */
export interface ProviderClaims {
  [claim: string]: unknown;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  groups?: unknown;
}

/**
 * Whether the ID token lacks what the console reads, so userinfo must be asked: the address, or
 * the groups when `OIDC_ROLES` names any.
 */
export function lacksClaims(claims: ProviderClaims, roles: OidcRoles): boolean {
  const namesGroups = Object.values(roles).some((entries) =>
    entries.some((entry) => entry.startsWith('group:')),
  );
  return claims.email === undefined || (namesGroups && claims.groups === undefined);
}

/**
 * The ID token's claims, with what it lacks taken from userinfo: the address and whether it is
 * verified always together, from the one that states the address.
 */
export function withUserinfo(id: ProviderClaims, userinfo: ProviderClaims): ProviderClaims {
  const stating = id.email !== undefined ? id : userinfo;
  return {
    email: stating.email,
    email_verified: stating.email_verified,
    name: id.name ?? userinfo.name,
    groups: id.groups ?? userinfo.groups,
  };
}

/** Someone the claims name, or an address claim that is not one address. */
export type Claimed =
  | {
      kind: 'named';
      /** Their address, when the provider states one and has not said it is unverified. */
      email: string | undefined;
      /** `email_verified` as the provider stated it; undefined when it did not. */
      emailVerified: boolean | undefined;
      groups: string[];
      name: string;
    }
  | { kind: 'not one address'; claim: string };

/**
 * What `claims` say of someone.
 *
 * @example claimed({ email: 'ann@firm.example', email_verified: 'false' }) // { kind: 'named', email: undefined, emailVerified: false, … }
 */
export function claimed(claims: ProviderClaims): Claimed {
  const stated = claims.email_verified;
  const emailVerified = stated === undefined ? undefined : stated === true || stated === 'true';
  const claim = typeof claims.email === 'string' ? claims.email : undefined;
  // As the provider wrote it: trimming or cutting at the last `@` would make another address.
  const email = claim === undefined ? undefined : personEmail(claim);
  if (claim !== undefined && email !== claim.toLowerCase())
    return { kind: 'not one address', claim };
  return {
    kind: 'named',
    email: emailVerified === false ? undefined : email,
    emailVerified,
    groups: Array.isArray(claims.groups)
      ? claims.groups.filter((group): group is string => typeof group === 'string')
      : [],
    name: typeof claims.name === 'string' ? claims.name.slice(0, 200) : '',
  };
}
