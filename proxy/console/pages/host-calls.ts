/**
 * A host's own calls in the console (`/admin/calls`, `docs/console.md`): the calls booked with
 * the person signed in, from now on, earliest first, each when (in its zone, named), with whom
 * and the lead it belongs to; the calls that ended without a mark of whether they took place,
 * with the presses that mark them (those a day past their end first said to wait); and the
 * address of their private feed, for Outlook, Google Calendar or Apple Calendar to subscribe to
 * (`booking/host-feeds.ts`), with the press that replaces it (`../feed-route.ts`).
 */
import { html } from 'hono/html';
import { overdueMark } from '../../booking/call-marks.ts';
import { callTime } from '../../booking/call-words.ts';
import type { StoredBooking } from '../../outbox/booking.ts';
import { markForm } from './call-mark.ts';
import { ownCalendarSection, type OwnCalendarData } from './own-calendar.ts';
import { csrfField, doneNotice } from './layout.ts';

/** What the page shows. */
export interface HostCallsData {
  /** The person signed in, or null for the admin token (no one's calls). */
  host: string | null;
  calls: readonly StoredBooking[];
  /** Their calls that ended and wait for a mark, the latest first. */
  toMark: readonly StoredBooking[];
  /** Their feed's address, when they are one of the form's hosts. */
  feed: string | undefined;
  csrf: string;
  now: number;
  /** What the last press did, in words. */
  done: string | undefined;
  /** Their own calendar and the sign-ins the firm offers (`own-calendar.ts`). */
  ownCalendar?: OwnCalendarData | undefined;
}

/** A call's day and times in its zone. */
const whenOf = (call: StoredBooking) => callTime(call, call.timeZone, 'en');

/** The calls from now on, as a table. */
function comingCalls(data: HostCallsData & { host: string }) {
  if (data.calls.length === 0)
    return html`<p>No calls are booked with ${data.host} from now on.</p>`;
  return html`<table>
    <thead>
      <tr>
        <th scope="col">When</th>
        <th scope="col">Call</th>
        <th scope="col">Lead</th>
      </tr>
    </thead>
    <tbody>
      ${data.calls.map(
        (call) =>
          html`<tr>
            <td>${whenOf(call)}</td>
            <td>${call.summary}</td>
            <td><a href="/admin/leads/${call.reference}">${call.reference}</a></td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

/** The calls that ended without a mark, each with its presses; the overdue said first. */
function callsToMark(data: HostCallsData) {
  if (data.toMark.length === 0) return '';
  const overdue = data.toMark.filter((call) => overdueMark(call, data.now)).length;
  const late = `${String(overdue)} ${overdue === 1 ? 'call' : 'calls'} ended more than a day ago without a mark.`;
  return html`<h2 id="to-mark">Did these calls take place?</h2>
    <p>
      Mark each call you had: the firm's funnel counts the calls that took place for each
      campaign.${overdue > 0 ? html` <strong>${late}</strong>` : ''}
    </p>
    <ul class="calls-to-mark">
      ${data.toMark.map(
        (call) =>
          html`<li>
            <p>
              ${whenOf(call)}: ${call.summary},
              <a href="/admin/leads/${call.reference}">${call.reference}</a>
            </p>
            ${markForm(call, {
              reference: call.reference,
              csrf: data.csrf,
              now: data.now,
              back: 'calls',
              label: `${call.summary}, ${call.reference}`,
            })}
          </li>`,
      )}
    </ul>`;
}

/** The page's body. */
export function hostCallsBody(data: HostCallsData) {
  const { host } = data;
  if (host === null)
    return html`<h1>Your calls</h1>
      <p>Signed in with the admin token: sign in as a person to see the calls booked with you.</p>`;
  return html`<h1>Your calls</h1>
    ${doneNotice(data.done)} ${callsToMark(data)}
    <h2>From now on</h2>
    <p>The calls booked with ${host}, from now on.</p>
    ${comingCalls({ ...data, host })} ${ownCalendarSection(data.ownCalendar, data.csrf)}
    ${
      data.feed
        ? html`<h2 id="feed">In your own calendar</h2>
            <p>
              Subscribe to this address from Outlook ("Add calendar, From internet"), Google
              Calendar ("Other calendars, From URL") or Apple Calendar ("New Calendar
              Subscription"). It is private: anyone with it sees your calls.
            </p>
            <p><code class="link">${data.feed}</code></p>
            <form method="post" action="/admin/calls/feed">
              ${csrfField(data.csrf)}
              <p>
                If the address reached anyone it should not have, replace it: the old one stops
                working at once, and you subscribe to the new one.
              </p>
              <button type="submit">Replace this address</button>
            </form>`
        : ''
    }`;
}
