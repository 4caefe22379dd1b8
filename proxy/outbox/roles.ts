/**
 * The console's roles, from the least to the most trusted, and what each may do beyond the one
 * below it: a `marketer` reads the funnel and the overview's counts, and no lead; `staff` read
 * and act on leads (retry, skip, export, erase); an `operator` does everything, people and the
 * settings on the overview included. Kept with the outbox because people's rows hold them.
 */

/** Every role, least trusted first. */
export const ROLES = ['marketer', 'staff', 'operator'] as const;

/** A person's role in the console. */
export type Role = (typeof ROLES)[number];

/** True when `value` names a role. */
export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/**
 * True when `role` may do what `needs` may: each role may do everything the ones below it may.
 *
 * @example allows('staff', 'marketer') // true; allows('marketer', 'staff') // false
 */
export const allows = (role: Role, needs: Role): boolean =>
  ROLES.indexOf(role) >= ROLES.indexOf(needs);

/** Who is signed in: a person, or whoever typed the admin token (an operator). */
export interface SignedIn {
  /** The person's row, or null for the admin token. */
  personId: number | null;
  /** The person's email address, or `admin token`. */
  email: string;
  /** The name their identity provider gave, or ''. */
  name: string;
  role: Role;
}
