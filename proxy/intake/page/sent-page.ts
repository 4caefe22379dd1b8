/**
 * The confirmation page of the form without JavaScript (`GET /form/sent`, `form-route.ts`), as a
 * pass says it (`sent-pass.ts`); the studio's preview draws it too.
 */
import { html } from 'hono/html';
import { visitorCallTime } from '../../booking/call-words.ts';
import { formatIn } from '../../contract/plurals.ts';
import type { BookedCall } from '../../contract/wire.ts';
import type { PageLanguage } from './form-fields.ts';
import type { TakenPost } from './page-addresses.ts';
import { page } from './page-frame.ts';

/**
 * The page after a plain post was taken: its reference and receipt code, whether it reached the
 * firm yet, the call it booked (or the call asked for and not held), and the way back to the site.
 */
export function confirmationPage(
  { reference, status, receipt, call }: TakenPost,
  back: string | undefined,
  language: PageLanguage,
) {
  const { words, lang } = language;
  const delivered = status === 'delivered';
  const title = delivered ? words.deliveredTitle : words.queuedTitle;
  const backLink = back && formatIn(lang, words['page.backTo'], { host: new URL(back).host });
  return page(
    title,
    html`<h1>${title}</h1>
      <p>${delivered ? words.deliveredBody : words.queuedBody}</p>
      ${call?.status === 'not_held' ? html`<p class="not-held">${call.message}</p>` : ''}
      <p>${words.reference} <span class="reference">${reference}</span></p>
      ${
        receipt
          ? html`<p>${words.receipt} <span class="receipt">${receipt}</span></p>
              <p>${words.receiptHint}</p>`
          : ''
      }
      ${call?.status === 'booked' ? bookedCallSection(call, language) : ''}
      ${back ? html`<p><a href="${back}">${backLink}</a></p>` : ''}`,
    language,
  );
}

/**
 * The call the enquiry booked, as the widget's sent panel says it: when (on the visitor's clock
 * where their widget said it; the firm's otherwise), its file for a calendar and its page to
 * move or cancel it, whether or not an email goes.
 */
function bookedCallSection(call: BookedCall, { words, lang }: PageLanguage) {
  const span = { start: Date.parse(call.start), end: Date.parse(call.end) };
  return html`<h2>${words['call.emailWhen']}</h2>
    <p><strong>${visitorCallTime(span, call, lang)}</strong></p>
    <p>${words[call.emailed ? 'call.sentEmailed' : 'call.sentNotEmailed']}</p>
    <ul>
      <li><a href="${call.calendar}" download="call.ics">${words['call.addToCalendar']}</a></li>
      <li><a href="${call.page}">${words['call.pageLink']}</a></li>
    </ul>`;
}
