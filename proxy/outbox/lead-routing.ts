/**
 * A lead's team as the outbox keeps it (`docs/routing.md`): chosen at intake, stored in the
 * transaction that stores the lead, with the person it was given to (a round robin's turn, taken
 * in the database so instances share one rotation), the earlier lead it repeats (the most recent
 * from the same mailbox or telephone number within the window, found by indexes: a keyed hash of
 * the mailbox, the number's last digits, so no other copy of either is kept), and the notice to
 * the team. Upstream, the platform and the
 * webhooks read the team and the earlier lead's reference as two meta entries of the enquiry.
 */
import type { UpstreamEnquiry } from '../client/schemas.ts';
import { ROUTING_META_IDS } from '../contract/schemas/routing.ts';
import type { NewNotification } from './notification.ts';

/** What intake decided and asks the outbox to keep with a new lead. */
export interface NewRouting {
  /** The team's id. */
  team: string;
  /** The team's label in the configuration the enquiry was checked against. */
  label: string;
  /** Why, in the firm's words: the rule that matched, or the default. */
  reason: string;
  /**
   * What a later lead is matched by, and how far back an earlier one is looked for (leads
   * received from `since` on); absent for a lead never matched (spam). `mailbox` is the keyed
   * hash of the sender's mailbox (`mailbox.ts`), which the lead itself is stored with, as every
   * lead is (`Aftercare.mailboxKey`); `telephone` their number as stored, read
   * in `country` when it has no country code (`machine/telephone.ts`).
   */
  match?: {
    since: number;
    mailbox?: string | undefined;
    telephone?: string | undefined;
    country?: string | undefined;
  };
  /** The team's people in their order, to give the lead to the next one in turn. */
  roundRobin?: readonly string[];
  /**
   * The notice to queue, its payload without whom it goes to: the plan adds `to` (the person
   * whose turn it was, or every one of `people`), `assignedTo` and `repeatOf`.
   */
  notice?: { notification: NewNotification; people: readonly string[] };
}

/** A lead's team as kept with it. */
export interface LeadRouting {
  team: string;
  /**
   * The team's label when the lead was routed (a later version may rename the team); null for a
   * lead routed before labels were kept.
   */
  label: string | null;
  reason: string;
  /** The person whose turn it was (round robin), or null when the whole team was told. */
  assignedTo: string | null;
  /** The reference of the earlier lead it repeats, or null. */
  repeatOf: string | null;
}

/** What the outbox decided in the lead's transaction. */
export type RoutedLead = Pick<LeadRouting, 'assignedTo' | 'repeatOf'>;

/** The meta entries the platform reads a lead's routing by, which no question may take. */
const [ROUTED_TO, REPEAT_OF] = [
  { id: ROUTING_META_IDS[0], label: 'Routed to' },
  { id: ROUTING_META_IDS[1], label: 'Repeat of' },
];

/**
 * The enquiry as the platform receives it and the webhooks describe it: as stored, with its
 * team (`routed_to`, the team's id) and the earlier lead it repeats (`repeat_of`) after the
 * answers. A link an erasure removed is no longer sent.
 *
 * @example enquiryAsSent(lead).meta.at(-1) // { id: 'routed_to', label: 'Routed to', value: 'family' }
 */
export function enquiryAsSent(submission: {
  upstream: UpstreamEnquiry;
  routing: LeadRouting | null;
}): UpstreamEnquiry {
  const { upstream, routing } = submission;
  if (!routing) return upstream;
  return {
    ...upstream,
    meta: [
      ...upstream.meta,
      { ...ROUTED_TO, value: routing.team },
      ...(routing.repeatOf ? [{ ...REPEAT_OF, value: routing.repeatOf }] : []),
    ],
  };
}
