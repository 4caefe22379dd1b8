/**
 * The call an enquiry booked, as the sent panel says it (issue 85): when, on the visitor's clock
 * with the firm's beside it where the two read differently, whether the email says the same,
 * and the links to add it to a calendar (`.ics`) and to move or cancel it (the call's page), so
 * that a visitor whose email never comes still has their call.
 */
import type { BookedCall } from '#contract';
import type { Translator } from '../../i18n.ts';
import { html, nothing } from '../lit-tags.ts';
import { Clock } from './clock.ts';
import { clocksDiffer, visitorZone } from './times.ts';

/** Links the panel makes: the proxy's own pages, never a script. */
const WEB = /^https?:\/\//;

/** The panel's lines of `call`, in the form's words; none for a call not as the proxy writes it. */
export function sentCall(call: BookedCall, t: Translator) {
  if (![call.page, call.calendar].every((link) => WEB.test(link))) return nothing;
  const zone = visitorZone();
  const yours = new Clock(t, zone);
  const firm = clocksDiffer(zone, call.timeZone, [call.start, call.end])
    ? new Clock(t, call.timeZone)
    : undefined;
  const at = (clock: Clock) => `${clock.slot(call)} (${clock.zoneName(call.start)})`;
  return html`<p class="panel__body">
      ${t.text('bookingYourCall')}<br /><strong>${at(yours)}</strong>
      ${firm ? html`<br />${t.text('bookingOurTime', { time: at(firm) })}` : nothing}
    </p>
    ${call.emailed ? nothing : html`<p class="panel__note">${t.text('bookingCallNotEmailed')}</p>`}
    <p class="panel__note booking__links">
      <a href=${call.calendar} download="call.ics">${t.text('bookingAddToCalendar')}</a>
      <a href=${call.page} target="_blank" rel="noopener">${t.text('bookingMoveOrCancel')}</a>
    </p>`;
}
