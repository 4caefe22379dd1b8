/**
 * The console's roles and what each may do. A `marketer` reads the funnel, the overview's counts
 * and the form (its versions and their history), and no lead; `staff` read and act on leads too
 * (retry, skip, export, erase); an `editor` edits and publishes the form, and nothing else beyond
 * what a marketer sees; an `operator` does everything, people and the settings on the overview
 * included. Kept with the outbox because people's rows hold them.
 */

/** Every role: the least trusted first, an editor and staff each trusted with their own work. */
export const ROLES = ['marketer', 'editor', 'staff', 'operator'] as const;

/** A person's role in the console. */
export type Role = (typeof ROLES)[number];

/** What a role may do, as a route asks for it (`console/access.ts`: `needsTo`). */
export type Power =
  'read the funnel' | 'read the form' | 'edit the form' | 'read leads' | 'manage people';

/** Each role's powers: a route that needs a power is refused to a role without it. */
const POWERS: Readonly<Record<Role, readonly Power[]>> = {
  marketer: ['read the funnel', 'read the form'],
  editor: ['read the funnel', 'read the form', 'edit the form'],
  staff: ['read the funnel', 'read the form', 'read leads'],
  operator: ['read the funnel', 'read the form', 'edit the form', 'read leads', 'manage people'],
};

/** True when `value` names a role. */
export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/**
 * True when `role` has `power`.
 *
 * @example may('editor', 'edit the form') // true; may('staff', 'edit the form') // false
 */
export const may = (role: Role, power: Power): boolean => POWERS[role].includes(power);

/**
 * True when `role` may do all that `needs` may: every power of `needs` is one of `role`'s.
 *
 * @example allows('staff', 'marketer') // true; allows('editor', 'staff') // false
 */
export const allows = (role: Role, needs: Role): boolean =>
  POWERS[needs].every((power) => may(role, power));

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
