/**
 * The console's first page: how many leads came and went each day, where they stand now, what
 * waits longest, whether delivery is held and what to change, the last platform check, the
 * funnel's counts, and the latest actions taken here.
 */
import { html } from 'hono/html';
import type { DailyCount } from '../../outbox/machine/leads.ts';
import type { AuditEntry } from '../../outbox/store.ts';
import { SUBMISSION_STATES, type OutboxCounts } from '../../outbox/submission.ts';
import type { PauseState } from '../../delivery/pause.ts';
import { pausedAlert } from '../../notify/messages.ts';
import type { CheckRecord } from '../../client/check.ts';
import { DEFAULT_FUNNEL_DAYS } from '../../funnel/funnel-query.ts';
import { dailyChart } from './chart.ts';
import { overviewFunnel, type OverviewFunnel } from './overview-funnel.ts';
import { auditTable } from './audit-table.ts';
import { STATE_WORDS, when } from './layout.ts';

/** The platform's state and checks: the settings only an operator sees. */
export interface OverviewSettings {
  pause: PauseState | undefined;
  upstreamDown: { since: number; error: string } | undefined;
  lastCheck: CheckRecord | undefined;
}

/**
 * What the overview shows, each read once, and only what the reader's role reaches: counts for
 * everyone; links to the leads and the audit log for staff; the settings for operators.
 */
export interface OverviewData {
  now: number;
  days: DailyCount[];
  counts: OutboxCounts;
  leadLinks: boolean;
  settings?: OverviewSettings;
  audit?: AuditEntry[];
  /** The funnel's last 30 days summed; undefined when the form's funnel is turned off. */
  funnel: OverviewFunnel | undefined;
}

function minutesSince(now: number, at: number): string {
  const minutes = Math.max(0, Math.round((now - at) / 60_000));
  return minutes < 120 ? `${String(minutes)} minutes` : `${String(Math.round(minutes / 60))} hours`;
}

/** Is delivery running, and if not, why and what to change (the alert email's words). */
function deliveryNotice(data: OverviewSettings) {
  if (data.pause) {
    const alert = pausedAlert(data.pause);
    return html`<div class="notice" role="status">
      <p><strong>${alert.message}</strong></p>
      ${alert.hint ? html`<p>What to do: ${alert.hint}</p>` : ''}
      <p class="muted">
        Since ${when(data.pause.since)}; checked again at ${when(data.pause.nextCheckAt)}. Nothing
        is lost: leads wait in the outbox.
      </p>
    </div>`;
  }
  if (data.upstreamDown)
    return html`<div class="notice" role="status">
      <p><strong>The platform fails to answer:</strong> ${data.upstreamDown.error}</p>
      <p class="muted">Since ${when(data.upstreamDown.since)}. Leads wait and are tried again.</p>
    </div>`;
  return html`<div class="notice good"><p>Delivery is running.</p></div>`;
}

function lastCheck(check: CheckRecord | undefined) {
  if (!check) return html`<p>No platform check has run yet.</p>`;
  return html`<p>
    ${when(check.at)}:
    ${check.ok ? 'passed.' : html`failed: ${check.problem?.message ?? 'no answer'}.`}
    ${check.problem?.hint ? html`What to do: ${check.problem.hint}` : ''}
  </p>`;
}

/** The overview's content. */
export function overviewBody(data: OverviewData) {
  const { counts, settings } = data;
  return html`<h1>Overview</h1>
    ${settings ? deliveryNotice(settings) : ''}
    <h2>Where leads stand now</h2>
    <ul class="cards">
      ${SUBMISSION_STATES.map(
        (state) =>
          html`<li>
            ${
              data.leadLinks
                ? html`<a href="/admin/leads?state=${state}">${STATE_WORDS[state]}</a>`
                : html`<span>${STATE_WORDS[state]}</span>`
            }<strong>${counts[state]} ${counts[state] === 1 ? 'lead' : 'leads'}</strong>
          </li>`,
      )}
    </ul>
    <p>
      ${
        counts.oldestQueuedAt === null
          ? 'Nothing is waiting.'
          : html`The oldest waiting lead arrived ${when(counts.oldestQueuedAt)}
            (${minutesSince(data.now, counts.oldestQueuedAt)} ago).
            ${data.leadLinks ? html`<a href="/admin/leads?state=queued">See what waits</a>.` : ''}`
      }
      ${
        counts.possibleDuplicates > 0
          ? html` ${counts.possibleDuplicates} delivered leads may exist twice on the platform.`
          : ''
      }
    </p>
    <h2>Received and delivered, last ${data.days.length} days</h2>
    ${dailyChart(data.days)}
    ${
      settings
        ? html`<h2>Last platform check</h2>
            ${lastCheck(settings.lastCheck)}`
        : ''
    }
    ${overviewFunnel(DEFAULT_FUNNEL_DAYS, data.funnel)}
    ${
      data.audit
        ? html`<h2>Latest actions</h2>
            ${auditTable(data.audit, true)}`
        : ''
    }`;
}
