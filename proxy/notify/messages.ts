/**
 * Notification emails in words: a lead written out field by field (so the firm can act on it
 * from the email alone), and alerts that say what happened and what to do.
 */
import { isLeadEvent, type AlertEvent, type LeadEvent, type NotifyEvent } from './events.ts';

/** An email's subject and plain-text body. */
export interface MessageText {
  subject: string;
  text: string;
}

const line = (label: string, value: string | undefined) =>
  value === undefined || value === '' ? [] : [`${label}: ${value}`];

function leadText(event: LeadEvent, notAttached: string[]): MessageText {
  const { enquiry } = event;
  const who = `${enquiry.forename} ${enquiry.surname}`.trim();
  const subject =
    event.event === 'lead.dead'
      ? `Enquiry ${event.reference} from ${who} could not be delivered`
      : `Enquiry ${event.reference} from ${who}: files could not be delivered`;
  const opening =
    event.event === 'lead.dead'
      ? `This enquiry did not reach your platform, and will not without help. Everything the visitor sent is below${event.files.length > 0 ? ', with the files attached' : ''}.`
      : `This enquiry reached your platform (id ${String(event.enquiryId)}), but some of its files did not. They are attached.`;
  const text = [
    opening,
    '',
    `Why: ${event.reason}`,
    '',
    ...line('Reference', event.reference),
    ...line('Name', who),
    ...line('Email', enquiry.email),
    ...line('Telephone', enquiry.telephone_mobile),
    ...line('Case type', enquiry.case_type),
    ...enquiry.meta.flatMap((entry) => line(entry.label, entry.value)),
    ...line('Referer', enquiry.marketing_lead_referer),
    ...line('Campaign', enquiry.marketing_campaign),
    ...line('Keywords', enquiry.marketing_keywords),
    ...line('Detail', enquiry.marketing_detail),
    ...(event.files.length > 0
      ? [
          '',
          'Files:',
          ...event.files.map(
            (file) =>
              `- ${file.name} (${file.mime}, ${file.size} bytes)${file.delivered ? ', delivered' : ''}${file.refused ? `, refused: ${file.refused}` : ''}`,
          ),
        ]
      : []),
    ...(notAttached.length > 0
      ? [
          '',
          `Not attached (too large for one email; kept by the proxy: npm run outbox -- show ${event.reference}): ${notAttached.join(', ')}`,
        ]
      : []),
    '',
    `Received at ${event.at}. Once handled: npm run outbox -- retry ${event.reference} sends it again.`,
  ];
  return { subject, text: text.join('\n') };
}

const ALERT_SUBJECTS: Record<AlertEvent['event'], string> = {
  'alert.paused': 'Enquiry delivery is paused',
  'alert.stuck': 'Enquiries are waiting to be delivered',
  'alert.recovered': 'Enquiry delivery has recovered',
  'alert.digest': 'Enquiry delivery: alerts of the last hour',
};

function alertText(event: AlertEvent): MessageText {
  const text = [
    event.message,
    ...(event.hint ? ['', `What to do: ${event.hint}`] : []),
    ...(event.entries ?? []).map((entry) => `- ${entry.at}: ${entry.message}`),
    '',
    `At ${event.at}. Nothing is lost: enquiries wait in the proxy's outbox.`,
  ];
  return { subject: ALERT_SUBJECTS[event.event], text: text.join('\n') };
}

/**
 * @example messageText(leadEvent(submission, now), []).subject
 *   // 'Enquiry EQ-7K2M-9QXD from Ada Lovelace could not be delivered'
 */
export function messageText(event: NotifyEvent, notAttached: string[] = []): MessageText {
  return isLeadEvent(event) ? leadText(event, notAttached) : alertText(event);
}
