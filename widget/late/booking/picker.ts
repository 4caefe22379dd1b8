/**
 * The appointment question's body, inside the fieldset the entry draws for it (its legend, hint
 * and error): the days with free times as one group of radios, the chosen day's times as
 * another, each a tile a finger can take and a keyboard reaches with Tab and the arrows; then
 * what was chosen, in words. Where no time can be offered (none free, the calendars unreadable,
 * the times not loaded) or none suits the visitor, a text area for the times that would.
 */
import type { Translator } from '../../i18n.ts';
import { html, nothing } from '../lit-tags.ts';
import type { SlotsState } from './slots.ts';
import { Clock } from './clock.ts';
import { isSlotStart, type Slot } from '#contract';
import { clocksDiffer, daysOf, type Day } from './times.ts';

/** What the picker shows. */
export interface PickerView {
  t: Translator;
  /** The question's control id (`answers.<id>`), which names its answer too. */
  id: string;
  required: boolean;
  errors: readonly string[];
  status: SlotsState;
  /** The answer now: a slot's start, the times that would suit, or nothing. */
  answer: string;
  /** The visitor's clock. */
  clock: Clock;
  /** The day shown, by its key (`Day`); the first when it has none. */
  day: string | undefined;
  /** The visitor said none of the times suit them. */
  other: boolean;
  /** A start chosen earlier that is no longer free. */
  gone: string | undefined;
}

/** What the picker's controls do. */
export interface PickerActions {
  day: (key: string) => void;
  chose: (start: string) => void;
  noneSuit: () => void;
  showTimes: () => void;
  retry: () => void;
}

const note = (text: string, kind = '') => html`<p class="booking__note ${kind}">${text}</p>`;

/** The picker, by where the free times stand. */
export function picker(view: PickerView, on: PickerActions) {
  const { t, status, clock } = view;
  if (status.kind === 'loading') return note(t.text('bookingLoading'));
  const served = status.kind === 'answered' ? status.answer : undefined;
  const days = daysOf(served?.slots ?? [], clock.timeZone);
  const isSlot = isSlotStart(view.answer);
  const gone = view.gone
    ? note(t.text('bookingGone', { time: clock.start(view.gone, false) }), 'booking__note--gone')
    : nothing;
  // The firm's clock is named where it reads differently from the visitor's at these times.
  const instants = [
    ...days.flatMap((day) => day.slots.map((slot) => slot.start)),
    ...(isSlot ? [view.answer] : []),
  ];
  const zones =
    served && instants[0] && clocksDiffer(clock.timeZone, served.timeZone, instants)
      ? note(
          t.text('bookingZones', {
            yours: clock.zoneName(instants[0]),
            theirs: new Clock(t, served.timeZone).zoneName(instants[0]),
          }),
        )
      : nothing;
  const shown = days.find((day) => day.key === view.day) ?? days[0];
  if (shown && !view.other) {
    return html`${gone}${zones}${dayChoice(view, days, shown, on)}${timeChoice(view, shown, on)}
    ${chosen(view, served?.slots ?? [])} ${button(t.text('bookingNoneSuit'), on.noneSuit)}`;
  }
  const why =
    status.kind === 'failed'
      ? note(t.text('bookingFailed'))
      : days.length === 0
        ? note(t.text(served?.status === 'unavailable' ? 'bookingUnavailable' : 'bookingFull'))
        : nothing;
  const retry = status.kind === 'failed' ? button(t.text('retry'), on.retry) : nothing;
  // A slot chosen before the times could be read again stands: the proxy judges it at Send.
  if (isSlot) return html`${zones}${why}${retry}${chosen(view, [])}`;
  return html`${gone}${why}${retry}${preferred(view)}
  ${days.length > 0 ? button(t.text('bookingShowTimes'), on.showTimes) : nothing}`;
}

/** A quieter button of the picker: none suit, the times again, try again. */
const button = (label: string, press: () => void) =>
  html`<button class="button button--secondary booking__switch" type="button" @click=${press}>
    ${label}
  </button>`;

/** A tile of a group of radios: the radio itself is the tile's whole area, out of sight. */
function tile(
  input: { id: string; name: string; value: string; checked: boolean; invalid?: boolean },
  label: unknown,
  change: () => void,
) {
  return html`<div class="booking__option">
    <input
      class="booking__input"
      type="radio"
      id=${input.id}
      name=${input.name}
      value=${input.value}
      aria-invalid=${input.invalid ? 'true' : nothing}
      .checked=${input.checked}
      @change=${change}
    />
    <label class="booking__label" for=${input.id}>${label}</label>
  </div>`;
}

/**
 * The days, one radio each: the day shown carries the question's own id, so the error summary's
 * link lands on the group. Its name is no answer's: the form keeps only the time chosen.
 */
function dayChoice(view: PickerView, days: readonly Day[], shown: Day, on: PickerActions) {
  const { id, clock, t } = view;
  return html`<p class="booking__caption" id="${id}-days">${t.text('bookingDay')}</p>
    <div
      class="booking__options booking__options--days"
      role="radiogroup"
      aria-labelledby="${id}-days"
    >
      ${days.map((day) => {
        const [weekday, date] = clock.dayButton(day.slots[0]?.start ?? '');
        return tile(
          {
            id: day === shown ? id : `${id}-day-${day.key}`,
            name: `${id}-day`,
            value: day.key,
            checked: day === shown,
          },
          html`<span class="booking__weekday">${weekday}</span> <span>${date}</span>`,
          () => {
            on.day(day.key);
          },
        );
      })}
    </div>`;
}

/** The times of the day shown: each radio's value is the slot's start, exactly as served. */
function timeChoice(view: PickerView, shown: Day, on: PickerActions) {
  const { id, clock, t, errors } = view;
  return html`<p class="booking__caption" id="${id}-times">
      ${t.text('bookingTimesOn', { day: clock.day(shown.slots[0]?.start ?? '') })}
    </p>
    <div
      class="booking__options booking__options--times"
      role="radiogroup"
      aria-labelledby="${id}-times"
    >
      ${shown.slots.map((slot, i) =>
        tile(
          {
            id: `${id}-time-${i}`,
            name: id,
            value: slot.start,
            checked: slot.start === view.answer,
            invalid: errors.length > 0,
          },
          clock.time(slot.start),
          () => {
            on.chose(slot.start);
          },
        ),
      )}
    </div>`;
}

/**
 * What was chosen, in words ("You have chosen Tuesday 1 December, 10:00–10:30."): the day, and
 * the time to its end where the slot is among those served.
 */
export function chosenWords(t: Translator, clock: Clock, start: string, slots: readonly Slot[]) {
  const slot = slots.find((each) => each.start === start);
  return t.text('bookingChosen', { time: slot ? clock.slot(slot) : clock.start(start, false) });
}

/** What was chosen, shown under the times. */
function chosen(view: PickerView, slots: readonly Slot[]) {
  if (!isSlotStart(view.answer)) return nothing;
  return html`<p class="booking__chosen">
    ${chosenWords(view.t, view.clock, view.answer, slots)}
  </p>`;
}

/** The times that would suit, in the visitor's words: required when the question is. */
function preferred({ id, t, required, errors, answer }: PickerView) {
  const hint = `${id}-preferred-hint`;
  return html`<div class="booking__preferred">
    <label class="label" for=${id}>${t.text('bookingPreferred')}</label>
    <div class="hint" id=${hint}>${t.text('bookingPreferredHint')}</div>
    <textarea
      class="input textarea ${errors.length > 0 ? 'input--error' : ''}"
      id=${id}
      name=${id}
      rows="3"
      dir="auto"
      ?required=${required}
      aria-describedby=${errors.length > 0 ? `${hint} ${id}-error` : hint}
      aria-invalid=${errors.length > 0 ? 'true' : nothing}
      part="input"
      .value=${answer}
    ></textarea>
  </div>`;
}
