/**
 * Whether a call took place, as staff mark it (`booking/call-marks.ts`): the two presses, "Took
 * place" and "Did not come", drawn on the lead's page and in "Your calls" once the call has
 * begun, and the mark in words where one was given (by whom, when). Each press posts to
 * `console/call-mark-route.ts` with the console's CSRF token.
 */
import { html } from 'hono/html';
import { MARK_WORDS, markable } from '../../booking/call-marks.ts';
import type { CallOutcome, StoredBooking } from '../../outbox/booking.ts';
import { csrfField, when } from './layout.ts';

/** Where a press returns to: the lead's page, or the host's calls. */
export type MarkBack = 'lead' | 'calls';

/** The mark a call was given, in words: "Took place (marked by …, when)"; '' when none. */
export const markedInWords = (booking: StoredBooking) =>
  booking.outcome
    ? html`${MARK_WORDS[booking.outcome]} (marked by ${booking.markedBy ?? 'someone'},
      ${when(booking.markedAt)})`
    : '';

/**
 * The two presses that mark `booking` (of the lead `reference`), once it has begun at `now`;
 * nothing before. `label` names the call for a screen reader where several are listed.
 */
export function markForm(
  booking: StoredBooking,
  options: { reference: string; csrf: string; now: number; back: MarkBack; label?: string },
) {
  if (!markable(booking, options.now)) return '';
  const press = (outcome: CallOutcome) =>
    html`<button type="submit" name="outcome" value="${outcome}">${MARK_WORDS[outcome]}</button>`;
  const group = options.label
    ? `Did the call take place: ${options.label}?`
    : 'Did the call take place?';
  return html`<form method="post" action="/admin/leads/${options.reference}/call/mark">
    ${csrfField(options.csrf)}<input type="hidden" name="back" value="${options.back}" />
    <fieldset class="actions">
      <legend>${group}</legend>
      ${press('attended')} ${press('no_show')}
    </fieldset>
  </form>`;
}
