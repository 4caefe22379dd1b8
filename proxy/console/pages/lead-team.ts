/**
 * A lead's team on its page (`docs/routing.md`): which team it went to and why (the rule that
 * matched, in the words kept when it was routed), who it was given to (the person whose turn it
 * was, or everyone its notice went to), and the leads it is linked to as a repeat: the earlier
 * one from the same person, and any later ones. Nothing was merged: each is its own lead.
 */
import { html } from 'hono/html';
import type { NoticeEvent } from '../../notify/events.ts';
import type { QueuedNotification } from '../../outbox/notification.ts';
import type { Submission } from '../../outbox/submission.ts';
import { emailAddress } from './layout.ts';

/** What the section shows besides the lead. */
export interface TeamData {
  /** The team's label as the lead was routed (else today's, if the configuration has the team). */
  label: string | undefined;
  /** Whether the earlier lead it repeats is still kept (retention or erasure may have removed it). */
  earlierKept: boolean;
  /** The later leads that repeat this one, oldest first. */
  repeatedBy: string[];
}

/** A lead's reference as a link to its page. */
const leadLink = (reference: string) => html`<a href="/admin/leads/${reference}">${reference}</a>`;

/** Addresses, each breakable before its "@", separated by commas. */
const addresses = (list: readonly string[]) =>
  list.map((address, i) => html`${i > 0 ? ', ' : ''}${emailAddress(address)}`);

/** Who it was given to: the person in turn, else whom its notice went to, else the team. */
function givenTo(lead: Submission, notifications: readonly QueuedNotification[]) {
  const assigned = lead.routing?.assignedTo;
  if (assigned) return html`${emailAddress(assigned)}, whose turn it was`;
  const notice = notifications.find((n) => n.kind === 'notice')?.payload as NoticeEvent | undefined;
  if (notice) return html`Everyone in the team: ${addresses(notice.to)}`;
  return 'The team (no email was sent: the proxy has no mail server)';
}

/** The section, or a line saying the lead was not routed. */
export function teamSection(
  lead: Submission,
  team: TeamData,
  notifications: readonly QueuedNotification[],
) {
  const routing = lead.routing;
  if (!routing)
    return html`<h2>Team</h2>
      <p>Not routed: the form had no teams when it arrived.</p>`;
  const repeatOf = routing.repeatOf;
  const rows = [
    ['Team', team.label ? `${team.label} (${routing.team})` : routing.team],
    ['Why', routing.reason],
    ['Given to', givenTo(lead, notifications)],
    ...(repeatOf
      ? [
          [
            'Repeats',
            team.earlierKept
              ? html`${leadLink(repeatOf)}, from the same person shortly before`
              : html`${repeatOf}, from the same person shortly before (no longer kept here)`,
          ],
        ]
      : []),
    ...(team.repeatedBy.length > 0
      ? [
          [
            'Repeated by',
            html`${team.repeatedBy.map((reference, i) => html`${i > 0 ? ', ' : ''}${leadLink(reference)}`)}`,
          ],
        ]
      : []),
  ] as const;
  return html`<h2>Team</h2>
    <dl>
      ${rows.map(
        ([label, value]) =>
          html`<dt>${label}</dt>
            <dd>${value}</dd>`,
      )}
    </dl>`;
}
