/**
 * What the time picker says, in English (a page's `i18n` overrides them as any other). Only the
 * booking chunk says them, and teaches them to the element as it loads: they are not in the
 * bundles every form loads. The contract lists the same words for the proxy
 * (`proxy/contract/booking-strings.ts`), so that every language has them.
 */
export const BOOKING_STRINGS = /* @__PURE__ */ Object.freeze({
  bookingLoading: 'Finding free times…',
  /** Said only where the visitor's clock and the firm's differ at the times offered. */
  bookingZones: 'Times are in your time zone ({yours}). Ours is {theirs}.',
  bookingDay: 'Day',
  bookingTimesOn: 'Times on {day}',
  bookingChosen: 'You have chosen {time}.',
  bookingNoneSuit: 'None of these times suit me',
  bookingShowTimes: 'Choose one of the free times instead',
  bookingPreferred: 'Which days and times suit you?',
  bookingPreferredHint:
    'For example, weekday mornings or Friday afternoon. We will arrange a time with you.',
  bookingFull: 'There are no free times to book at the moment.',
  bookingUnavailable: 'We cannot show our free times just now.',
  bookingFailed: 'The free times could not be loaded. Check your connection and try again.',
  bookingGone: 'The time you chose, {time}, is no longer free. Choose another time.',
  /** The sent panel's call (`widget/late/booking/sent.ts`): on the visitor's clock, the firm's beside it. */
  bookingYourCall: 'Your call',
  bookingOurTime: 'Our time: {time}',
  bookingCallNotEmailed: 'We cannot email you about this call: keep these links.',
  bookingAddToCalendar: 'Add it to your calendar',
  bookingMoveOrCancel: 'Move or cancel the call',
  /**
   * The names of days and months, separated by commas, Sunday and January first: said only
   * where the browser has no words of its own for the form's language (`clock.ts`).
   */
  bookingWeekdays: 'Sunday,Monday,Tuesday,Wednesday,Thursday,Friday,Saturday',
  bookingWeekdaysShort: 'Sun,Mon,Tue,Wed,Thu,Fri,Sat',
  bookingMonths:
    'January,February,March,April,May,June,July,August,September,October,November,December',
  bookingMonthsShort: 'Jan,Feb,Mar,Apr,May,Jun,Jul,Aug,Sep,Oct,Nov,Dec',
});
