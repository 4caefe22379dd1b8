/** The audit log as a table: when, who (and in which role), from where, what, on which lead. */
import { html } from 'hono/html';
import type { AuditEntry } from '../../outbox/store.ts';
import { dataTable, when } from './layout.ts';

/** The entries, newest first; `withLead` adds the lead each names. */
export function auditTable(entries: readonly AuditEntry[], withLead: boolean) {
  if (entries.length === 0) return html`<p>No actions recorded yet.</p>`;
  return dataTable({
    columns: ['When', 'Who', 'Client', 'Action', ...(withLead ? ['Lead'] : [])],
    rows: entries.map((entry) => [
      when(entry.at),
      entry.person ? `${entry.person} (${entry.role ?? 'no role'})` : '',
      entry.client,
      entry.detail ? `${entry.action} (${entry.detail})` : entry.action,
      ...(withLead
        ? [
            entry.reference
              ? html`<a href="/admin/leads/${entry.reference}">${entry.reference}</a>`
              : '',
          ]
        : []),
    ]),
  });
}
