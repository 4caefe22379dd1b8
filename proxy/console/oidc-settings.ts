/**
 * The firm's identity provider as the console uses it: `OIDC_ISSUER`, `OIDC_CLIENT_ID`,
 * `OIDC_CLIENT_SECRET` and `OIDC_ROLES` (who may sign in, with which role), checked at start by
 * `env.ts`. A plain-http issuer is taken on loopback only, as the platform's address is.
 */
import { z } from 'zod';
import { secureUrl } from '../env-values.ts';
import { ROLES, type Role } from '../outbox/roles.ts';

/** One entry of `OIDC_ROLES`: an address, `@domain`, or `group:NAME`. */
const ENTRY = /^(?:[^@\s]+@[^@\s]+\.[^@\s]+|@[^@\s]+\.[^@\s]+|group:\S.*)$/;

/** `OIDC_ROLES`: `{"marketer"|"editor"|"staff"|"operator": ["ann@firm.example", "@firm.example", "group:Marketing"]}`. */
const oidcRolesSchema = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON, e.g. {"staff": ["@firm.example"]}' });
      return z.NEVER;
    }
  })
  .pipe(
    z.partialRecord(
      z.enum(ROLES, { error: `roles are ${ROLES.join(', ')}` }),
      z.array(
        z.string().regex(ENTRY, {
          error: 'each entry is an address, @domain or group:NAME',
        }),
      ),
    ),
  );

/** The identity provider's variables, as `env.ts` adds them to the proxy's schema. */
export const oidcEnvShape = {
  OIDC_ISSUER: secureUrl(
    'must be the issuer URL, e.g. https://login.microsoftonline.com/<tenant>/v2.0',
  )
    .optional()
    .describe(
      "The firm's OpenID Connect issuer (Microsoft 365, Google Workspace, …): people sign in to the console with their work account. Needs `OIDC_CLIENT_ID`, `OIDC_CLIENT_SECRET` and `OIDC_ROLES`; the callback is `<PUBLIC_URL>/admin/oidc/callback`.",
    ),
  OIDC_CLIENT_ID: z.string().min(1).optional().describe("The console's client id at the issuer."),
  OIDC_CLIENT_SECRET: z
    .string()
    .min(1)
    .optional()
    .describe("The console's client secret at the issuer (or `OIDC_CLIENT_SECRET_FILE`)."),
  OIDC_ROLES: oidcRolesSchema
    .optional()
    .describe(
      'Who may sign in through the issuer, and with which role (`marketer`, `editor`, `staff`, `operator`): JSON, `{"marketer": ["@firm.example"], "editor": ["group:Web"], "staff": ["group:Leads"], "operator": ["ann@firm.example"]}` (an address wins over its domain or group; else the most trusted role matched). Anyone else is refused.',
    ),
};

const OIDC_NAMES = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_ROLES'] as const;

/** One line for each identity-provider variable missing while another is set. */
export function oidcEnvProblems(values: Record<string, string | undefined>): string[] {
  if (!OIDC_NAMES.some((name) => values[name])) return [];
  return OIDC_NAMES.filter((name) => !values[name]).map(
    (name) => `${name}: required with ${OIDC_NAMES.filter((other) => values[other]).join(', ')}`,
  );
}

/** Who may sign in through the identity provider, and with which role. */
export type OidcRoles = Partial<Record<Role, string[]>>;

/** The identity provider's settings, as the console's routes take them. */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  roles: OidcRoles;
}

/** What the identity provider said of someone: their address (if verified) and groups. */
export interface Claimed {
  email: string | undefined;
  emailVerified: boolean | undefined;
  groups: readonly string[];
}

/**
 * The role `OIDC_ROLES` gives someone, or undefined (refused): an entry naming their address
 * wins (so one person can be given less than their domain or group), else the most trusted
 * role whose `@domain` or `group:NAME` they match. An address the provider says it has not
 * verified matches nothing.
 *
 * @example roleOf({ staff: ['@firm.example'] }, { email: 'ann@firm.example', emailVerified: true, groups: [] }) // 'staff'
 */
export function roleOf(roles: OidcRoles, who: Claimed): Role | undefined {
  const email = who.emailVerified === false ? undefined : who.email?.trim().toLowerCase();
  const entries = (role: Role) => (roles[role] ?? []).map((entry) => entry.toLowerCase());
  const byAddress = ROLES.find((role) => email !== undefined && entries(role).includes(email));
  if (byAddress) return byAddress;
  const domain = email?.slice(email.lastIndexOf('@'));
  const groups = new Set(who.groups.map((group) => `group:${group.toLowerCase()}`));
  return [...ROLES]
    .reverse()
    .find((role) => entries(role).some((entry) => entry === domain || groups.has(entry)));
}
