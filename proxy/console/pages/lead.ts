/**
 * One lead: who it is from, its team (`lead-team.ts`), what they answered and agreed to, where
 * they came from, its files, each delivery step with its outcome and time, who was told about it,
 * what was done to it here, and the actions (retry, leave a refused file out, export, erase).
 */
import { html } from 'hono/html';
import { hasExtensionOf } from '../../contract/file-kinds.ts';
import { ACCEPTED_KINDS, isPlatformKind, type AcceptedKind } from '../../contract/limits.ts';
import { formatBytes } from '../../contract/messages.ts';
import type { QueuedNotification } from '../../outbox/notification.ts';
import type { AuditEntry } from '../../outbox/store.ts';
import type { StoredFile, Submission } from '../../outbox/submission.ts';
import type { WebhookDelivery } from '../../outbox/webhook.ts';
import { deliverySteps, whyNow } from '../../operator/lead-report.ts';
import { auditTable } from './audit-table.ts';
import { callInWords, callSection, type LeadCall } from './lead-call.ts';
import { teamSection, type TeamData } from './lead-team.ts';
import {
  csrfField,
  dataTable,
  doneNotice,
  emailAddress,
  STATE_WORDS,
  when,
  type Html,
} from './layout.ts';
import { nextAttempt, type Holds } from './waiting.ts';

/** What the lead's page shows, each read once. */
export interface LeadData {
  lead: Submission;
  notifications: QueuedNotification[];
  /** What each webhook endpoint was sent about it (`WEBHOOK_ENDPOINTS`). */
  webhooks: WebhookDelivery[];
  audit: AuditEntry[];
  /** The ids of consent statements (their records are in `meta` beside the answers). */
  consentIds: ReadonlySet<string>;
  /** The case type's label, if the configuration still has it. */
  caseTypeLabel: string | undefined;
  /** What the last action did, in words (after a redirect). */
  done: string | undefined;
  csrf: string;
  /** Its team, who it was given to and why, and the leads linked to it as repeats. */
  team: TeamData;
  now: number;
  /** What holds every lead back, if anything: its next attempt waits for that. */
  holds: Holds;
  /** The calls it booked, each with the times it may move to. */
  calls?: readonly LeadCall[];
}

const pairs = (rows: readonly (readonly [string, string | Html])[]) =>
  html`<dl>
    ${rows
      .filter(([, value]) => value !== '')
      .map(
        ([label, value]) =>
          html`<dt>${label}</dt>
            <dd>${value}</dd>`,
      )}
  </dl>`;

function fileDelivery(file: StoredFile): string {
  if (file.attachmentId !== null) return `Delivered (attachment ${String(file.attachmentId)})`;
  if (file.skipped) return 'Left out';
  if (file.failure !== null) return `Refused: ${file.failure}`;
  return 'Not yet';
}

const kindLabel = (kind: AcceptedKind) => ACCEPTED_KINDS[kind].label;

/**
 * The conversion made, in words: from the visitor's kind to the platform's and the name it is
 * sent under ("HEIC to JPEG, sent as IMG_0001.jpg"), made as it arrived (its original name
 * kept, ending in its kind's extension) or to be made as it is sent (kept as it came).
 */
function conversionOf(file: StoredFile): string {
  const { kind, originalName } = file;
  if (kind && originalName !== null) {
    const from = (Object.keys(ACCEPTED_KINDS) as AcceptedKind[]).find((k) =>
      hasExtensionOf(originalName, k),
    );
    const what = from ? `${kindLabel(from)} to ${kindLabel(kind)}` : `To ${kindLabel(kind)}`;
    return `${what}, sent as ${file.postname}`;
  }
  if (kind && !isPlatformKind(kind))
    return `${kindLabel(kind)} to ${kindLabel(ACCEPTED_KINDS[kind].becomes)}, as it is sent`;
  return file.postname === file.name ? 'None' : `Sent as ${file.postname}`;
}

function filesTable(lead: Submission, csrf: string) {
  if (lead.files.length === 0) return html`<p>No files.</p>`;
  const base = `/admin/leads/${lead.reference}`;
  const refused = (file: StoredFile) =>
    file.failure !== null && !file.skipped && file.attachmentId === null;
  return dataTable({
    columns: ['Name', 'Kind', 'Size', 'Conversion', 'Delivered', 'Download'],
    rows: lead.files.map((file) => [
      file.originalName ?? file.name,
      file.mime,
      formatBytes(file.size),
      conversionOf(file),
      html`${fileDelivery(file)}
      ${
        refused(file)
          ? html`<form method="post" action="${base}/skip">
              ${csrfField(csrf)}<input type="hidden" name="file" value="${file.index}" />
              <button type="submit">Leave ${file.name} out</button>
            </form>`
          : ''
      }`,
      file.attachmentId === null
        ? html`<a href="${base}/files/${file.index}" download>Download ${file.name}</a>`
        : html`<span class="muted">On the platform</span>`,
    ]),
  });
}

function notificationsTable(notifications: readonly QueuedNotification[]) {
  if (notifications.length === 0) return html`<p>Nobody was notified about this lead.</p>`;
  return dataTable({
    columns: ['Channel', 'Event', 'State', 'Queued', 'Sent'],
    rows: notifications.map((n) => [
      n.channel,
      n.kind,
      n.lastError && n.state !== 'sent' ? `${n.state} (${n.lastError})` : n.state,
      when(n.at),
      when(n.sentAt),
    ]),
  });
}

function webhooksTable(deliveries: readonly WebhookDelivery[]) {
  if (deliveries.length === 0) return html`<p>No webhook was sent about this lead.</p>`;
  return dataTable({
    columns: ['Endpoint', 'Event', 'State', 'Tries', 'Last answer', 'Delivered'],
    rows: deliveries.map((d) => [
      d.endpoint,
      d.event,
      d.state === 'pending' ? html`pending (next ${when(d.nextAttemptAt)})` : d.state,
      String(d.attempts),
      d.lastStatus === null ? (d.lastError ?? '') : `HTTP ${String(d.lastStatus)}`,
      when(d.deliveredAt),
    ]),
  });
}

/** The lead's content. */
export function leadBody(data: LeadData) {
  const { lead, csrf } = data;
  const up = lead.upstream;
  const base = `/admin/leads/${lead.reference}`;
  const why = whyNow(lead);
  // A call's answer in words: the meta entry's ISO start (for the platform's programs) left out.
  const calls = new Set(data.calls?.map(({ call }) => call.booking.question));
  const answers = up.meta
    .filter((entry) => !data.consentIds.has(entry.id))
    .map((entry) => (calls.has(entry.id) ? { ...entry, value: callInWords(entry.value) } : entry));
  const consent = up.meta.filter((entry) => data.consentIds.has(entry.id));
  return html`<h1>Lead ${lead.reference}</h1>
    ${doneNotice(data.done)}
    <p><strong class="state">${STATE_WORDS[lead.state]}</strong>${why ? html`: ${why}` : ''}</p>
    <div class="actions">
      ${
        lead.state === 'delivered'
          ? ''
          : html`<form method="post" action="${base}/retry">
              ${csrfField(csrf)}<button type="submit" class="primary">Retry now</button>
            </form>`
      }
      <form method="post" action="${base}/export">
        ${csrfField(csrf)}<button type="submit">Export as ZIP</button>
      </form>
    </div>
    <h2>Contact</h2>
    ${pairs([
      ['Name', `${up.forename} ${up.surname}`.trim()],
      ['Email address', emailAddress(up.email)],
      ['Telephone', up.telephone_mobile],
      ['Case type', data.caseTypeLabel ? `${data.caseTypeLabel} (${up.case_type})` : up.case_type],
      ['Received', when(lead.receivedAt)],
    ])}
    ${teamSection(data.lead, data.team, data.notifications)}
    ${callSection(data.calls ?? [], lead.reference, csrf, data.now)}
    <h2>Answers</h2>
    ${answers.length === 0 ? html`<p>No answers.</p>` : pairs(answers.map((a) => [a.label, a.value]))}
    <h2>Where they came from</h2>
    ${pairs([
      ['Referring page', up.marketing_lead_referer],
      ['Campaign', up.marketing_campaign],
      ['Keywords', up.marketing_keywords],
      ['Detail', up.marketing_detail],
    ])}
    ${
      [
        up.marketing_lead_referer,
        up.marketing_campaign,
        up.marketing_keywords,
        up.marketing_detail,
      ].every((v) => v === '')
        ? html`<p>Nothing recorded.</p>`
        : ''
    }
    <h2>Consent</h2>
    ${
      consent.length === 0
        ? html`<p>No consent statements.</p>`
        : html`<ul>
            ${consent.map((c) => html`<li>${c.value}</li>`)}
          </ul>`
    }
    <h2>Files</h2>
    ${filesTable(lead, csrf)}
    <h2>Delivery</h2>
    ${pairs([
      ['Attempts', String(lead.attempts)],
      ['Enquiry on the platform', lead.enquiryId === null ? '' : String(lead.enquiryId)],
      ['Delivered', when(lead.deliveredAt)],
      ['Next attempt', nextAttempt(lead, data.now, data.holds)],
      ['Last error', lead.lastError ?? ''],
    ])}
    ${dataTable({
      columns: ['Step', 'Outcome', 'When', 'Upstream id or reason'],
      rows: deliverySteps(lead).map((step) => [
        step.step,
        step.outcome,
        when(step.at, 'second'),
        step.detail ?? '',
      ]),
    })}
    <h2>Notifications</h2>
    ${notificationsTable(data.notifications)}
    <h2>Webhooks</h2>
    ${webhooksTable(data.webhooks)}
    <h2>Erase this lead</h2>
    <p>
      When a person asks for their data to be erased: the lead's details, its files, its
      notifications and webhook messages are removed from the proxy; the audit log keeps only a
      salted hash of the email address. What the platform received stays there.
    </p>
    <form method="post" action="${base}/erase">
      ${csrfField(csrf)}
      ${
        lead.state === 'delivered' || lead.state === 'spam'
          ? ''
          : html`<p>
              <label
                ><input type="checkbox" name="force" value="yes" /> The platform does not have this
                lead yet: erase it anyway, knowing the firm may never receive it</label
              >
            </p>`
      }
      <p>
        <label
          ><input type="checkbox" name="confirm" value="yes" required /> Yes, erase
          ${lead.reference}: this cannot be undone</label
        >
      </p>
      <button type="submit" class="danger">Erase this lead</button>
    </form>
    <h2>Actions on this lead</h2>
    ${auditTable(data.audit, false)}`;
}
