/**
 * A host's own calls in the console (`/admin/calls`, `docs/console.md`): the calls booked with
 * the person signed in, from now on, earliest first, each when (in its zone, named), with whom
 * and the lead it belongs to; and the address of their private feed, for Outlook, Google
 * Calendar or Apple Calendar to subscribe to (`booking/host-feeds.ts`).
 */
import { html } from 'hono/html';
import { callTime } from '../../booking/call-words.ts';
import type { StoredBooking } from '../../outbox/booking.ts';

/** What the page shows. */
export interface HostCallsData {
  /** The person signed in, or null for the admin token (no one's calls). */
  host: string | null;
  calls: readonly StoredBooking[];
  /** Their feed's address, when they are one of the form's hosts. */
  feed: string | undefined;
}

/** The page's body. */
export function hostCallsBody(data: HostCallsData) {
  if (data.host === null)
    return html`<h1>Your calls</h1>
      <p>Signed in with the admin token: sign in as a person to see the calls booked with you.</p>`;
  const list =
    data.calls.length === 0
      ? html`<p>No calls are booked with ${data.host} from now on.</p>`
      : html`<table>
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
                  <td>${callTime(call, call.timeZone, 'en')}</td>
                  <td>${call.summary}</td>
                  <td><a href="/admin/leads/${call.reference}">${call.reference}</a></td>
                </tr>`,
            )}
          </tbody>
        </table>`;
  return html`<h1>Your calls</h1>
    <p>The calls booked with ${data.host}, from now on.</p>
    ${list}
    ${
      data.feed
        ? html`<h2>In your own calendar</h2>
            <p>
              Subscribe to this address from Outlook ("Add calendar, From internet"), Google
              Calendar ("Other calendars, From URL") or Apple Calendar ("New Calendar
              Subscription"). It is private: anyone with it sees your calls.
            </p>
            <p><code>${data.feed}</code></p>`
        : ''
    }`;
}
