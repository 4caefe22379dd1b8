/**
 * What the funnel page's address asks for, as typed: the filters (`from`, `to`, `case-type`,
 * `campaign`, `variant`, `team`, the names `GET /admin/funnel` takes from machines too) and the two
 * variants compared (`compare`, `with`). The page's two GET forms each send their own fields
 * and carry the other's as hidden ones, so the address always holds the whole view.
 */
import { html } from 'hono/html';

/** The parameters in the order the forms send them. */
const NAMES = [
  'from',
  'to',
  'case-type',
  'campaign',
  'variant',
  'team',
  'compare',
  'with',
] as const;

/**
 * The page's parameters, each as typed, undefined when absent: an empty `compare` names the
 * visitors without a variant, an absent one lets the page choose.
 */
export type FunnelAsked = Partial<Record<(typeof NAMES)[number], string>>;

/** The parameters of a request's address. */
export const askedOf = (query: (name: string) => string | undefined): FunnelAsked =>
  Object.fromEntries(NAMES.map((name) => [name, query(name)]));

/** Hidden fields carrying the parameters a form does not show itself (the absent ones left out). */
export const carried = (asked: FunnelAsked, shown: readonly (keyof FunnelAsked)[]) =>
  NAMES.filter((name) => !shown.includes(name) && asked[name] !== undefined).map(
    (name) => html`<input type="hidden" name="${name}" value="${asked[name] ?? ''}" />`,
  );
