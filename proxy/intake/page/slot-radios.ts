/**
 * Free times as radios a page without JavaScript offers, grouped by day, in one zone (the zone
 * named above them: the firm's on the form, the visitor's own on their call's page, where each
 * day is folded), each written as the page's language writes it (`booking/call-words.ts`).
 * The form's appointment question (`form-fields.ts`) and the page of a booked call
 * (`call-page.ts`) draw them alike; each radio's value is the slot's start as `GET /api/slots`
 * writes it.
 */
import { html, raw } from 'hono/html';
import { callDay, callHours, isoStart } from '../../booking/call-words.ts';
import type { Span } from '../../booking/slot-grid.ts';
import { formatMessage } from '../../contract/messages.ts';
import type { Strings } from '../../contract/strings/english.ts';

/** What the radios are drawn from. */
export interface SlotRadioOptions {
  /** The name the radios post their start under. */
  name: string;
  slots: readonly Span[];
  timeZone: string;
  /** The start ticked, if any. */
  chosen?: string | undefined;
  /** The first radio's id (the error summary's link), the others' ids follow from it. */
  id?: string | undefined;
  /** The radios say they are invalid (an error shown beside them). */
  invalid?: boolean;
  /**
   * Each day folded under its name (`<details>`, which needs no script), so that a fortnight of
   * times is a list of days to open: the page of a booked call. The form's question shows them.
   */
  folded?: boolean;
}

/** "Times are in Europe/London.", then each day's times as a group of radios. */
export function slotRadios(
  options: SlotRadioOptions,
  // The page's language (form-fields.ts's PageLanguage, which draws these radios in a form).
  { lang, words }: { lang: string; words: Strings },
) {
  const { name, timeZone, chosen, id } = options;
  const days = new Map<string, { span: Span; index: number }[]>();
  options.slots.forEach((span, index) => {
    const day = callDay(span.start, timeZone, lang);
    days.set(day, [...(days.get(day) ?? []), { span, index }]);
  });
  const group = (day: string, radios: unknown) =>
    options.folded
      ? html`<details class="day">
          <summary>${day}</summary>
          <fieldset>
            <legend class="visually-hidden">${day}</legend>
            ${radios}
          </fieldset>
        </details>`
      : html`<fieldset class="day">
          <legend>${day}</legend>
          ${radios}
        </fieldset>`;
  return html`<p class="hint">${formatMessage(words['call.zone'], { zone: timeZone })}</p>
    ${[...days].map(([day, times]) =>
      group(
        day,
        times.map(({ span, index }) => {
          const start = isoStart(span.start);
          const radioId = id === undefined ? '' : index === 0 ? id : `${id}-${index}`;
          return html`<label class="choice"
            ><input
              ${radioId ? html`id="${radioId}" ` : ''}type="radio"
              name="${name}"
              value="${start}"
              ${chosen === start ? raw(' checked') : ''}${options.invalid ? raw(' aria-invalid="true"') : ''}
            />
            ${callHours(span, timeZone, lang)}</label
          >`;
        }),
      ),
    )}`;
}
