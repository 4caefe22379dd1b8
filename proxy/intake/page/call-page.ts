/**
 * The page of a visitor's booked call (`call-page-route.ts`), in their language, without
 * JavaScript: when it is (in the firm's zone, named), with whom, where (its meeting's link, or by
 * telephone), a button that cancels it, and the other free times of its hosts as a list of radios
 * with a button that moves it there.
 * Each form carries the press check of the call as shown (`booking/booking-link.ts`); a result
 * or a refusal is said in a box above, and the page is drawn again as the call is now.
 */
import { html } from 'hono/html';
import { callTime, isoStart } from '../../booking/call-words.ts';
import type { OfferedSlot } from '../../booking/slot-finder.ts';
import { formatMessage } from '../../contract/messages.ts';
import type { StoredBooking } from '../../outbox/booking.ts';
import type { PageLanguage } from './form-fields.ts';
import { page } from './page-frame.ts';
import { slotRadios } from './slot-radios.ts';

/** What the page shows. */
export interface CallPageView {
  booking: StoredBooking;
  /** The times it may move to; empty when none is free (or it is no longer booked). */
  times: readonly OfferedSlot[];
  /** The press check of the call as shown. */
  check: string;
  /** What the last press came to, in the visitor's words. */
  notice?: { text: string; kind: 'done' | 'problem' } | undefined;
}

/** The day and times of `span` as the visitor's language writes them, in the call's zone. */
const when = (span: { start: number; end: number }, booking: StoredBooking, lang: string) =>
  callTime(span, booking.timeZone, lang);

/** The page of `view.booking` in `language`, its forms posting to `action`. */
export function callPage(view: CallPageView, language: PageLanguage, action: string) {
  const { booking, times, check, notice } = view;
  const { words, lang } = language;
  const booked = booking.state === 'booked';
  const box = notice
    ? notice.kind === 'problem'
      ? html`<div class="summary" role="alert"><p>${notice.text}</p></div>`
      : html`<div role="status">
          <p><strong>${notice.text}</strong></p>
        </div>`
    : '';
  const details = html`<dl>
    <dt>${words['call.when']}</dt>
    <dd>${when(booking, booking, lang)}</dd>
    <dt>${words['call.with']}</dt>
    <dd>${booking.host}</dd>
    <dt>${words['call.where']}</dt>
    <dd>
      ${
        booking.meetingUrl
          ? html`<a href="${booking.meetingUrl}">${booking.meetingUrl}</a>`
          : words['call.locationTelephone']
      }
    </dd>
    <dt>${words['confirmation.reference']}</dt>
    <dd>${booking.reference}</dd>
  </dl>`;
  if (!booked)
    return page(
      words['call.pageTitle'],
      html`<h1>${words['call.pageTitle']}</h1>
        ${box}
        <p>${words['call.gone']}</p>`,
      language,
    );
  const cancel = html`<h2>${words['call.cancelHeading']}</h2>
    <form method="post" action="${action}">
      <input type="hidden" name="action" value="cancel" />
      <input type="hidden" name="check" value="${check}" />
      <button type="submit" class="secondary">${words['call.cancelButton']}</button>
    </form>`;
  const move =
    times.length === 0
      ? html`<h2>${words['call.moveHeading']}</h2>
          <p>${words['call.noTimes']}</p>`
      : html`<form method="post" action="${action}">
          <input type="hidden" name="action" value="move" />
          <input type="hidden" name="check" value="${check}" />
          <fieldset class="field">
            <legend><h2>${words['call.moveHeading']}</h2></legend>
            ${slotRadios(
              {
                name: 'start',
                slots: times,
                timeZone: booking.timeZone,
                chosen: times[0] && isoStart(times[0].start),
              },
              language,
            )}
          </fieldset>
          <button type="submit">${words['call.moveButton']}</button>
        </form>`;
  return page(
    words['call.pageTitle'],
    html`<h1>${words['call.pageTitle']}</h1>
      ${box}${details}
      <p class="hint">${formatMessage(words['call.zone'], { zone: booking.timeZone })}</p>
      ${move}${cancel}`,
    language,
  );
}
