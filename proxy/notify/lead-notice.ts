/**
 * The email a team gets for each new lead routed to it (`docs/routing.md`): its reference, its
 * case type, why it came to this team, who it was given to, whether the same person enquired
 * shortly before, and a link to it in the console. What the visitor typed (their details and
 * answers) only when the firm turned that on (`"includeAnswers": true`): the team opens the lead
 * in the console, behind its sign-in, rather than read it in a mailbox.
 */
import type { NoticeEvent } from './events.ts';
import type { MessageText } from './messages.ts';

/**
 * The notice's subject and plain-text body.
 *
 * @example noticeText(event).subject // 'New lead EQ-7K2M-9QX4 for Residential property'
 */
export function noticeText(event: NoticeEvent): MessageText {
  const repeat = event.repeatOf ? ` (repeat of ${event.repeatOf})` : '';
  const given = event.assignedTo
    ? `Given to: ${event.assignedTo}, whose turn it was.`
    : `Told to: everyone in ${event.team.label} (${event.to.join(', ')}).`;
  const lines = [
    `A new lead has arrived for ${event.team.label}.`,
    '',
    `Reference: ${event.reference}`,
    `Received: ${event.receivedAt.replace('T', ' ').slice(0, 16)} UTC`,
    `Case type: ${event.caseType}`,
    `Why ${event.team.label}: ${event.rule}`,
    given,
    ...(event.repeatOf
      ? [
          `Repeat: the same person (by email address or telephone number) sent ${event.repeatOf} shortly before. Both are kept; neither was merged or refused.`,
        ]
      : []),
    '',
    event.link
      ? `Open it in the console: ${event.link}`
      : `Find it in the console under Leads by its reference, ${event.reference}.`,
    ...(event.answers ? ['', 'What they sent:', ...event.answers] : []),
  ];
  return {
    subject: `New lead ${event.reference} for ${event.team.label}${repeat}`,
    text: `${lines.join('\n')}\n`,
  };
}
