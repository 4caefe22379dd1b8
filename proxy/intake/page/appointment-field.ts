/**
 * An appointment question on the form without JavaScript (`docs/booking.md`, "Without
 * JavaScript"): its free times as radios by day (`slot-radios.ts`), named as the answer, then a
 * text area for the times that would suit (`preferredName`): a time ticked wins over it
 * (`plain-fields.ts`). With no time to offer, the text area alone, required when the question is.
 * Drawn before the answers that choose its hosts are sent (`page-times.ts`), it says the times
 * come once the form is sent, requires nothing yet, and marks the post (`TIMES_UNSEEN_FIELD`): one
 * that ticked no time is drawn again with the times (`unseen-times.ts`).
 */
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { isSlotStart } from '../../contract/booking.ts';
import type { TypedControl } from '../../contract/controls.ts';
import type { Question } from '../../contract/schemas/form-config.ts';
import {
  fieldId,
  fieldset,
  labelled,
  questionFrame,
  typedControl,
  type FieldFrame,
  type FieldState,
} from './form-fields.ts';
import type { PageTimes } from './page-times.ts';
import { preferredName, TIMES_UNSEEN_FIELD } from './plain-fields.ts';
import { slotRadios } from './slot-radios.ts';

/** What an appointment question offers on the page: the free times, and the times typed. */
export interface AppointmentOffer {
  /** Undefined when there are none to show (no hosts, or not known yet: `later`). */
  times: PageTimes | undefined;
  /** The hosts depend on answers not sent yet: the times are offered once they are. */
  later: boolean;
  /** The "times that would suit" last sent. */
  preferred: string;
  lang: string;
}

/** The times that would suit: words, as the contract draws the question (`questionControl`). */
const PREFERRED_CONTROL: TypedControl = { control: 'textarea', spellcheck: true };

/** The "times that would suit" sent: the text area's, or an answer in words sent as the answer. */
export function preferredOf(values: ReadonlyMap<string, readonly string[]>, id: string): string {
  const answer = values.get(`answers.${id}`)?.[0] ?? '';
  return values.get(preferredName(`answers.${id}`))?.[0] ?? (isSlotStart(answer) ? '' : answer);
}

/** What the page says when it offers no time: none is free, the calendars cannot be read, or later. */
function noTimesWords({ times, later }: AppointmentOffer, words: FieldState['words']) {
  if (later) return words['call.timesOnSend'];
  if (times?.status === 'full') return words.bookingFull;
  if (times?.status === 'unavailable') return words.bookingUnavailable;
  return undefined;
}

/** The appointment `question`, as `offer` says, with its condition in its hint. */
export function appointmentField(
  question: Question,
  state: FieldState,
  condition: string | undefined,
  offer: AppointmentOffer,
): HtmlEscapedString | Promise<HtmlEscapedString> {
  const frame = questionFrame(question, state, condition);
  const { words } = state;
  const { times } = offer;
  const open = times !== undefined && times.slots.length > 0;
  const preferred: FieldFrame = {
    id: open ? fieldId(preferredName(frame.name)) : frame.id,
    name: preferredName(frame.name),
    label: words.bookingPreferred,
    // Drawn before the times are known, nothing is asked yet: they come once the form is sent.
    required: frame.required && !open && !offer.later,
    markOptional: false,
    hint: words.bookingPreferredHint,
    // Without times the text area stands for the question: the error is its own, beside it.
    state: { values: [offer.preferred], words, error: open ? undefined : state.error },
  };
  // ...and the group's hint and error take ids of their own, so each id names one element.
  const group: FieldFrame = open
    ? frame
    : { ...frame, id: `${frame.id}-times`, state: { ...frame.state, error: undefined } };
  const none = noTimesWords(offer, words);
  const radios = open
    ? slotRadios(
        {
          name: frame.name,
          slots: times.slots,
          timeZone: times.timeZone,
          chosen: state.values[0],
          id: frame.id,
          invalid: Boolean(state.error),
        },
        { lang: offer.lang, words },
      )
    : '';
  const mark = offer.later
    ? html`<input type="hidden" name="${TIMES_UNSEEN_FIELD}" value="${question.id}" />`
    : '';
  return fieldset(
    group,
    html`${none ? html`<p>${none}</p>` : ''} ${radios}
    ${labelled(preferred, typedControl(preferred, PREFERRED_CONTROL))}${mark}`,
  );
}
