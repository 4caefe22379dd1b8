/**
 * Where a version may send a visitor's details on an editor's word alone (issue 84, finding 4;
 * `docs/routing.md`, "Who a team's people may be"). A team's people (and the form's hosts) are
 * emailed each lead, and a call's details: an editor, whose role sees nothing of leads, may add
 * only people of the console who read leads themselves (staff, operators) or addresses at the
 * firm's own domains. The firm's own domains are those such people's addresses, `NOTIFY_EMAIL`'s
 * and the `@domain`s `OIDC_ROLES` gives staff or operators are at: nothing an editor can change.
 * Adding anyone else, or turning on "The team's email quotes what the visitor typed", needs an
 * operator: the studio refuses an editor's publish in words, each problem beside its field.
 */
import { isRole, may, type Role } from '../outbox/roles.ts';
import type { FormActor, StudioIssue } from './form-studio.ts';

/** The firm as it stands: who reads leads, and the domains that are the firm's own. */
export interface FirmCircle {
  /** The console's people who read leads, lower case. */
  people: ReadonlySet<string>;
  /** The firm's own domains, lower case, without the `@`. */
  domains: ReadonlySet<string>;
}

/** What the firm's circle is made from: the console's people now, and the environment's. */
export interface FirmSources {
  people: () => Promise<readonly { email: string; role: Role }[]>;
  /** `NOTIFY_EMAIL`'s addresses. */
  notifyEmail?: readonly string[] | undefined;
  /** `OIDC_ROLES`: its staff's and operators' `@domain` entries count. */
  oidcRoles?: Partial<Record<Role, readonly string[]>> | undefined;
}

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

/** The firm's circle now, from `sources`. */
export async function firmCircle(sources: FirmSources): Promise<FirmCircle> {
  const readers = (await sources.people())
    .filter((person) => may(person.role, 'read leads'))
    .map((person) => person.email.toLowerCase());
  const oidc = (['staff', 'operator'] as const)
    .flatMap((role) => sources.oidcRoles?.[role] ?? [])
    .filter((entry) => entry.startsWith('@'));
  return {
    people: new Set(readers),
    domains: new Set(
      [...readers, ...(sources.notifyEmail ?? []), ...oidc].map(domainOf).filter(Boolean),
    ),
  };
}

/** True when `by` is someone signed in who is no operator (the CLI and a file at start are). */
export const needsOperator = (by: FormActor): boolean =>
  typeof by.role === 'string' && !(isRole(by.role) && may(by.role, 'manage people'));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const at = (value: unknown, key: string): unknown => (isRecord(value) ? value[key] : undefined);
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((each): each is string => typeof each === 'string') : [];

/** Each address a configuration sends leads or calls to, with its JSON path. */
function recipients(config: unknown): { address: string; path: (string | number)[] }[] {
  const teams = at(at(config, 'routing'), 'teams');
  const listed = isRecord(teams)
    ? Object.entries(teams).flatMap(([id, team]) =>
        strings(at(team, 'people')).map((address, i) => ({
          address,
          path: ['routing', 'teams', id, 'people', i],
        })),
      )
    : [];
  const hosts = strings(at(at(config, 'booking'), 'people')).map((address, i) => ({
    address,
    path: ['booking', 'people', i],
  }));
  return [...listed, ...hosts];
}

/**
 * What publishing `next` over `live` would change that only an operator may: each address added
 * that is neither one of `circle`'s people nor at its domains, and quoting answers turned on.
 */
export function operatorOnly(live: unknown, next: unknown, circle: FirmCircle): StudioIssue[] {
  const before = new Set(recipients(live).map(({ address }) => address.toLowerCase()));
  const issues: StudioIssue[] = recipients(next)
    .filter(({ address }) => {
      const lower = address.toLowerCase();
      return (
        !before.has(lower) && !circle.people.has(lower) && !circle.domains.has(domainOf(lower))
      );
    })
    .map(({ address, path }) => ({
      path,
      rule: 'operator',
      message: `${address} is not a person of the console who reads leads, nor at one of the firm’s own domains: only an operator can make leads go to them.`,
    }));
  const quoting = (config: unknown) => at(at(config, 'routing'), 'includeAnswers') === true;
  if (quoting(next) && !quoting(live))
    issues.push({
      path: ['routing', 'includeAnswers'],
      rule: 'operator',
      message:
        '“The team’s email quotes what the visitor typed” sends every visitor’s details and answers by email: only an operator can turn it on.',
    });
  return issues;
}
