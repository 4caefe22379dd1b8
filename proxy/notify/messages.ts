/**
 * Notification emails in words: a lead written out field by field (so the firm can act on it
 * from the email alone), and alerts that say what happened and what to do.
 */
import { isLeadEvent, type AlertEvent, type FirmEvent, type LeadEvent } from './events.ts';
import { labelled } from './typed-lines.ts';

/** An email's subject and plain-text body. */
export interface MessageText {
  subject: string;
  text: string;
}

/** A case type's label from the form configuration, by id (undefined when not known). */
export type CaseTypeLabel = (id: string) => string | undefined;

/**
 * What the visitor sent, one `Label: value` line each (empty values left out; a value of several
 * lines indented under its label, `typed-lines.ts`): the alert's body, a team's notice and
 * `npm run outbox -- show`.
 */
export function enquiryLines(
  enquiry: LeadEvent['enquiry'],
  caseTypeLabel: CaseTypeLabel = () => undefined,
): string[] {
  const label = caseTypeLabel(enquiry.case_type);
  return [
    ...labelled('Name', `${enquiry.forename} ${enquiry.surname}`.trim()),
    ...labelled('Email', enquiry.email),
    ...labelled('Telephone', enquiry.telephone_mobile),
    ...labelled('Case type', label ? `${label} (${enquiry.case_type})` : enquiry.case_type),
    ...enquiry.meta.flatMap((entry) => labelled(entry.label, entry.value)),
    ...labelled('Referer', enquiry.marketing_lead_referer),
    ...labelled('Campaign', enquiry.marketing_campaign),
    ...labelled('Keywords', enquiry.marketing_keywords),
    ...labelled('Detail', enquiry.marketing_detail),
  ];
}

/**
 * The paused alert in words: what is wrong and what to change. The alert email and the
 * console's overview say the same.
 */
export const pausedAlert = (pause: { reason: string; hint?: string | undefined }) => ({
  message: `Delivery to the platform is paused: ${pause.reason}.`,
  ...(pause.hint ? { hint: pause.hint } : {}),
});

/** What `retry` does for this lead, and when not to use it. */
function whatToDo(event: LeadEvent): string[] {
  const retry = `npm run outbox -- retry ${event.reference}`;
  if (event.event === 'lead.partial')
    return [
      'What to do:',
      `- Once the cause is fixed (for instance, the platform takes the file type): ${retry} uploads the refused files again to enquiry ${String(event.enquiryId)}. It does not create the enquiry again.`,
      `- If you attached them by hand instead: npm run outbox -- skip ${event.reference} --file N leaves file N out (numbers as npm run outbox -- show ${event.reference} lists them).`,
    ];
  const sends =
    event.enquiryId === null
      ? 'creates the enquiry on your platform, once, with its files'
      : `uploads the files still missing to enquiry ${String(event.enquiryId)}`;
  return [
    'What to do:',
    `- If your platform already has this enquiry (someone entered it by hand, or it arrived another way): do not retry, that would create it a second time. Nothing else is needed; npm run outbox -- purge-dead removes it from the proxy later.`,
    `- If it does not: fix the cause above, then ${retry} ${sends}, on a fresh retry schedule.`,
  ];
}

function leadText(
  event: LeadEvent,
  notAttached: string[],
  caseTypeLabel: CaseTypeLabel | undefined,
): MessageText {
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
    ...labelled('Reference', event.reference),
    // Older queued events have no receivedAt: then the line is left out, never wrong.
    ...labelled('Received at', event.receivedAt),
    ...enquiryLines(enquiry, caseTypeLabel),
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
    ...whatToDo(event),
  ];
  return { subject, text: text.join('\n') };
}

const ALERT_SUBJECTS: Record<AlertEvent['event'], string> = {
  'alert.paused': 'Enquiry delivery is paused',
  'alert.stuck': 'Enquiries are waiting to be delivered',
  'alert.webhooks': 'Webhooks to your other tools were given up',
  'alert.confirmations': 'Confirmation emails stopped for this hour',
  'alert.calendars': 'Calls could not be written to a host’s calendar',
  'alert.calendarReads': 'A host’s calendar cannot be read: their times are not offered',
  'alert.calls': 'Calls are being booked faster than people book',
  'alert.disk': 'The proxy’s disk is short of room for leads waiting out an outage',
  'alert.recovered': 'Enquiry delivery has recovered',
  'alert.digest': 'Enquiry delivery: alerts of the last hour',
  'alert.platform-down': 'Your platform is not answering: enquiries wait for it',
  'alert.platform-still-down': 'Your platform is still not answering: enquiries wait for it',
  'alert.platform-back': 'Your platform answers again: the enquiries that waited are delivered',
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
export function messageText(
  event: FirmEvent,
  notAttached: string[] = [],
  caseTypeLabel?: CaseTypeLabel,
): MessageText {
  return isLeadEvent(event) ? leadText(event, notAttached, caseTypeLabel) : alertText(event);
}
