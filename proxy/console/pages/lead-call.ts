/**
 * A lead's booked call on its page (`docs/booking.md`, "Cancel or move"): when it is, in the
 * firm's zone, with whom, and whether it is still booked, moved or cancelled; for staff, the
 * presses that cancel it or move it to another free time of its hosts (`../call-routes.ts`, the
 * same machinery as the visitor's page) until it begins, and from then the presses that mark
 * whether it took place (`call-mark.ts`).
 */
import { html } from 'hono/html';
import type { OpenedCall } from '../../booking/call-changes.ts';
import { callTime, isoStart, visitorCallTime } from '../../booking/call-words.ts';
import { MEETING_PROVIDER_NAMES } from '../../booking/meeting-providers.ts';
import type { OfferedSlot } from '../../booking/slot-finder.ts';
import { markedInWords, markForm } from './call-mark.ts';
import { csrfField, emailAddress } from './layout.ts';

/** A call as the page shows it, with the times it may move to. */
export interface LeadCall {
  call: OpenedCall;
  times: readonly OfferedSlot[];
}

/**
 * An appointment's meta entry as a person reads it: the call in words, without the ISO start
 * the platform's programs read first (`booking/call-words.ts`' `callValue`).
 *
 * @example callInWords('2027-03-29T08:00:00Z (Monday, 29 March 2027, 09:00–09:30 Europe/London, with ann@firm.example)')
 *   // 'Monday, 29 March 2027, 09:00–09:30 Europe/London, with ann@firm.example'
 */
export const callInWords = (value: string): string =>
  /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \((.*)\)$/s.exec(value)?.[1] ?? value;

/** The call's state in words: booked, moved (how often), or cancelled (when). */
function stateOf({ booking }: OpenedCall): string {
  if (booking.state === 'cancelled')
    return `Cancelled ${new Date(booking.cancelledAt ?? booking.createdAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return booking.sequence > 0
    ? `Booked (moved ${String(booking.sequence)} time${booking.sequence === 1 ? '' : 's'})`
    : 'Booked';
}

/** One call's details and, while booked, its presses. */
function callRows({ call, times }: LeadCall, action: string, csrf: string, now: number) {
  const { booking } = call;
  const when = (span: { start: number; end: number }) => callTime(span, booking.timeZone, 'en');
  const fields = html`${csrfField(csrf)}<input
      type="hidden"
      name="uid"
      value="${booking.uid}"
    /><input type="hidden" name="sequence" value="${String(booking.sequence)}" />`;
  const presses =
    booking.state === 'booked'
      ? html`<form method="post" action="${action}/move">
            ${fields}
            <label for="move-${String(booking.id)}">Move to</label>
            <select id="move-${String(booking.id)}" name="start">
              ${times.map((slot) => html`<option value="${isoStart(slot.start)}">${when(slot)}</option>`)}
            </select>
            <button type="submit" ${times.length === 0 ? 'disabled' : ''}>Move the call</button>
          </form>
          <form method="post" action="${action}/cancel">
            ${fields}<button type="submit">Cancel the call</button>
          </form>`
      : '';
  return html`<dl>
      <dt>When</dt>
      <dd>${when(booking)}</dd>
      ${
        booking.visitorZone && booking.visitorZone !== booking.timeZone
          ? html`<dt>Their time</dt>
              <dd>${visitorCallTime(booking, booking, 'en')}</dd>`
          : ''
      }
      <dt>With</dt>
      <dd>${emailAddress(booking.host)}</dd>
      <dt>Where</dt>
      <dd class="address">
        ${
          booking.meetingUrl
            ? html`<a href="${booking.meetingUrl}">${booking.meetingUrl}</a>`
            : booking.meetingProvider
              ? `Online (${MEETING_PROVIDER_NAMES[booking.meetingProvider]}): the link follows once the host’s calendar makes it`
              : 'By telephone'
        }
      </dd>
      <dt>State</dt>
      <dd>${stateOf(call)}</dd>
      ${
        booking.outcome
          ? html`<dt>Took place?</dt>
              <dd>${markedInWords(booking)}</dd>`
          : ''
      }
    </dl>
    ${markForm(booking, { reference: booking.reference, csrf, now, back: 'lead' })} ${presses}`;
}

/** The section of the lead `reference`'s calls; nothing when it booked none. */
export function callSection(
  calls: readonly LeadCall[],
  reference: string,
  csrf: string,
  now: number,
) {
  if (calls.length === 0) return '';
  const action = `/admin/leads/${reference}/call`;
  return html`<h2>Call booked</h2>
    ${calls.map((each) => callRows(each, action, csrf, now))}`;
}
