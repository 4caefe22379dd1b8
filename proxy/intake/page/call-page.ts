/**
 * The page of a visitor's booked call (`call-page-route.ts`), in their language, without
 * JavaScript: when it is (on their clock where their widget said it, the firm's beside it) and
 * with whom (by name where the console knows the host), where (its meeting's link, or by
 * telephone), the file for their calendar (said to be
 * the only news they get where no email reaches them), a button that cancels it, then the other
 * free times of its hosts, each day folded, with a button that moves it there; or, once the
 * visitor may not move it themselves (`booking.visitorMoves`, `moveNoticeHours`), the firm's
 * telephone and email. Each form carries the press check of the call as shown
 * (`booking/booking-link.ts`); a result or a refusal is said in a box above, and the page is
 * drawn again as the call is now.
 */
import { html } from 'hono/html';
import type { VisitorMove } from '../../booking/call-changes.ts';
import { visitorCallTime } from '../../booking/call-words.ts';
import type { OfferedSlot } from '../../booking/slot-finder.ts';
import type { FormConfig } from '../../contract/schemas/form-config.ts';
import type { StoredBooking } from '../../outbox/booking.ts';
import type { PageLanguage } from './form-fields.ts';
import { page } from './page-frame.ts';
import { slotRadios } from './slot-radios.ts';

/** What the page shows. */
export interface CallPageView {
  booking: StoredBooking;
  /** The times it may move to; empty when none is free (or it is no longer booked). */
  times: readonly OfferedSlot[];
  /** Whether the visitor may move it themselves now, and if not, why. */
  move: VisitorMove;
  /** The press check of the call as shown. */
  check: string;
  /** The host's name, where the console knows it. */
  hostName?: string | undefined;
  /** True when emails about the call reach the visitor; else the page says the file is theirs. */
  emailed: boolean;
  /** The address of the call's file for a calendar (`calendar.ics` under the page's). */
  calendarFile: string;
  /** The firm's name, telephone and email, in the visitor's language. */
  firm?: FormConfig['firm'];
  /** What the last press came to, in the visitor's words. */
  notice?: { text: string; kind: 'done' | 'problem' } | undefined;
}

/** The page of `view.booking` in `language`, its forms posting to `action`. */
export function callPage(view: CallPageView, language: PageLanguage, action: string) {
  const { booking, notice } = view;
  const { words, lang } = language;
  const box = notice
    ? notice.kind === 'problem'
      ? html`<div class="summary" role="alert"><p>${notice.text}</p></div>`
      : html`<div role="status">
          <p><strong>${notice.text}</strong></p>
        </div>`
    : '';
  const title = html`<h1>${words['call.pageTitle']}</h1>
    ${box}`;
  if (booking.state !== 'booked')
    return page(
      words['call.pageTitle'],
      html`${title}
        <p>${words['call.gone']}</p>
        ${
          view.emailed
            ? ''
            : html`<p>${words['call.cancelledNotEmailed']}</p>
                <p>
                  <a href="${view.calendarFile}" download="call.ics"
                    >${words['call.calendarUpdate']}</a
                  >
                </p>`
        }`,
      language,
    );
  const host = view.hostName ? `${view.hostName} (${booking.host})` : booking.host;
  const details = html`<dl>
      <dt>${words['call.when']}</dt>
      <dd>${visitorCallTime(booking, booking, lang)}</dd>
      <dt>${words['call.with']}</dt>
      <dd>${host}</dd>
      <dt>${words['call.where']}</dt>
      <dd>
        ${
          booking.meetingUrl
            ? html`<a href="${booking.meetingUrl}">${booking.meetingUrl}</a>`
            : words[booking.meetingProvider ? 'call.locationOnline' : 'call.locationTelephone']
        }
      </dd>
      <dt>${words['confirmation.reference']}</dt>
      <dd>${booking.reference}</dd>
    </dl>
    ${view.emailed ? '' : html`<p>${words['call.notEmailed']}</p>`}
    <p><a href="${view.calendarFile}" download="call.ics">${words['call.addToCalendar']}</a></p>`;
  // Cancelling beside the call, before the times: the press a visitor looks for first.
  const cancel = html`<h2>${words['call.cancelHeading']}</h2>
    <form method="post" action="${action}">
      <input type="hidden" name="action" value="cancel" />
      <input type="hidden" name="check" value="${view.check}" />
      <button type="submit" class="secondary">${words['call.cancelButton']}</button>
    </form>`;
  return page(
    words['call.pageTitle'],
    html`${title}${details}${cancel}${moving(view, language, action)}`,
    language,
  );
}

/** The other times to move to, folded by day; or why the visitor cannot, and who will help. */
function moving(view: CallPageView, language: PageLanguage, action: string) {
  const { booking, times, move, firm } = view;
  const { words } = language;
  const heading = html`<h2>${words['call.moveHeading']}</h2>`;
  if (move !== 'yes')
    return html`${heading}
      <p>${words[move === 'moves_used' ? 'call.movesUsed' : 'call.tooSoon']}</p>
      ${
        firm?.phone || firm?.email
          ? html`<dl>
              ${
                firm.phone
                  ? html`<dt>${words['call.telephone']}</dt>
                      <dd><a href="tel:${firm.phone.replace(/[^\d+]/g, '')}">${firm.phone}</a></dd>`
                  : ''
              }
              ${
                firm.email
                  ? html`<dt>${words['call.email']}</dt>
                      <dd><a href="mailto:${firm.email}">${firm.email}</a></dd>`
                  : ''
              }
            </dl>`
          : ''
      }
      <p>${words['call.stillCancel']}</p>`;
  if (times.length === 0)
    return html`${heading}
      <p>${words['call.noTimes']}</p>`;
  // Nothing is ticked: a press without a time chosen is told to choose one.
  return html`<form method="post" action="${action}">
    <input type="hidden" name="action" value="move" />
    <input type="hidden" name="check" value="${view.check}" />
    <fieldset class="field">
      <legend>${heading}</legend>
      ${slotRadios(
        {
          name: 'start',
          slots: times,
          timeZone: booking.visitorZone ?? booking.timeZone,
          folded: true,
        },
        language,
      )}
    </fieldset>
    <button type="submit">${words['call.moveButton']}</button>
  </form>`;
}
