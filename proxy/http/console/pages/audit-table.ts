/** The audit log as a table: when, from where, what, on which lead. */
import { html } from 'hono/html';
import type { AuditEntry } from '../../../outbox/store.ts';
import { when } from './layout.ts';

/** The entries, newest first; `withLead` adds the lead each names. */
export function auditTable(entries: readonly AuditEntry[], withLead: boolean) {
  if (entries.length === 0) return html`<p>No actions recorded yet.</p>`;
  return html`<div class="table">
    <table>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Client</th>
          <th scope="col">Action</th>
          ${withLead ? html`<th scope="col">Lead</th>` : ''}
        </tr>
      </thead>
      <tbody>
        ${entries.map(
          (entry) =>
            html`<tr>
              <td>${when(entry.at)}</td>
              <td>${entry.client}</td>
              <td>${entry.action}${entry.detail ? html` (${entry.detail})` : ''}</td>
              ${
                withLead
                  ? html`<td>
                      ${
                        entry.reference
                          ? html`<a href="/admin/leads/${entry.reference}">${entry.reference}</a>`
                          : ''
                      }
                    </td>`
                  : ''
              }
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}
