/** The list of leads: newest first, by state or search, a page at a time. */
import { html } from 'hono/html';
import type { LeadFilter } from '../../outbox/machine/leads.ts';
import type { Submission, SubmissionState } from '../../outbox/submission.ts';
import { dataTable, doneNotice, emailAddress, STATE_WORDS, when } from './layout.ts';

/** What the list shows: one page, and where the next one starts. */
export interface LeadsData {
  filter: LeadFilter;
  leads: Submission[];
  /** The id the next (older) page starts below, when there is one. */
  olderThan: number | undefined;
  /** What the last action did, in words (after a redirect: an erasure). */
  done?: string | undefined;
}

const query = (filter: LeadFilter, before?: number) => {
  const params = new URLSearchParams();
  if (filter.state) params.set('state', filter.state);
  if (filter.search) params.set('q', filter.search);
  if (before !== undefined) params.set('before', String(before));
  const text = params.toString();
  return `/admin/leads${text ? `?${text}` : ''}`;
};

function filters(filter: LeadFilter) {
  return html`<form class="filters" method="get" action="/admin/leads" role="search">
    <div>
      <label for="q">Reference, name or email address</label>
      <input id="q" name="q" type="search" value="${filter.search ?? ''}" autocomplete="off" />
    </div>
    <div>
      <label for="state">State</label>
      <select id="state" name="state">
        <option value="">Any</option>
        ${(Object.keys(STATE_WORDS) as SubmissionState[]).map(
          (state) =>
            html`<option value="${state}" ${filter.state === state ? html` selected` : ''}>
              ${STATE_WORDS[state]}
            </option>`,
        )}
      </select>
    </div>
    <button type="submit" class="primary">Show</button>
  </form>`;
}

/** The list's content. */
export function leadsBody(data: LeadsData) {
  const { filter } = data;
  const table =
    data.leads.length === 0
      ? html`<p>No leads match.</p>`
      : dataTable({
          caption: 'Newest first',
          columns: ['Reference', 'Received', 'Name', 'Email address', 'State', 'Files'],
          rows: data.leads.map((lead) => [
            html`<a href="/admin/leads/${lead.reference}">${lead.reference}</a>`,
            when(lead.receivedAt),
            `${lead.upstream.forename} ${lead.upstream.surname}`.trim(),
            emailAddress(lead.upstream.email),
            STATE_WORDS[lead.state],
            `${String(lead.files.length)} ${lead.files.length === 1 ? 'file' : 'files'}`,
          ]),
        });
  return html`<h1>Leads</h1>
    ${doneNotice(data.done)} ${filters(filter)} ${table}
    <nav class="pager" aria-label="Pages">
      ${filter.before !== undefined ? html`<a href="${query(filter)}">Newest leads</a>` : ''}
      ${
        data.olderThan !== undefined
          ? html`<a href="${query(filter, data.olderThan)}">Older leads</a>`
          : ''
      }
    </nav>`;
}
