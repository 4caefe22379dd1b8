/**
 * The time picker in Welsh (`BOOKING_STRINGS`), key for key, in the register and with the words
 * of `cy.ts`: "amseroedd sydd ar gael" for free times, as GOV.UK Cymraeg offers appointments,
 * "cylchfa amser" a time zone, "cyfleus" what suits. A date the browser writes ("Dydd Mawrth,
 * 1 Rhagfyr") follows a colon, never a preposition that would mutate it ("ar ddydd Mawrth").
 * The names of days and months are CLDR's Welsh, for browsers that have none of their own.
 * No native speaker has reviewed these yet (`docs/languages.md`).
 */
import type { BOOKING_STRINGS } from '../booking-strings.ts';

/** The Welsh of the time picker. */
export const WELSH_BOOKING = Object.freeze({
  bookingLoading: 'Wrthi’n chwilio am amseroedd sydd ar gael…',
  bookingZones:
    'Mae’r amseroedd yn ôl eich cylchfa amser chi ({yours}). Ein cylchfa amser ni yw {theirs}.',
  bookingDay: 'Diwrnod',
  bookingTimesOn: 'Amseroedd sydd ar gael: {day}',
  bookingChosen: 'Rydych chi wedi dewis {time}.',
  bookingNoneSuit: 'Nid yw’r un o’r amseroedd hyn yn gyfleus i mi',
  bookingShowTimes: 'Dewis un o’r amseroedd sydd ar gael yn lle hynny',
  bookingPreferred: 'Pa ddyddiau ac amseroedd sy’n gyfleus i chi?',
  bookingPreferredHint:
    'Er enghraifft, boreau yn ystod yr wythnos neu brynhawn dydd Gwener. Byddwn ni’n trefnu amser gyda chi.',
  bookingFull: 'Nid oes amseroedd ar gael i’w trefnu ar hyn o bryd.',
  bookingUnavailable: 'Ni allwn ni ddangos yr amseroedd sydd ar gael ar hyn o bryd.',
  bookingFailed:
    'Nid oedd modd llwytho’r amseroedd sydd ar gael. Gwiriwch eich cysylltiad, yna rhowch gynnig arall arni.',
  bookingGone: 'Nid yw’r amser a ddewisoch chi, {time}, ar gael mwyach. Dewiswch amser arall.',
  bookingYourCall: 'Eich galwad',
  bookingOurTime: 'Ein hamser ni: {time}',
  bookingCallNotEmailed: 'Ni allwn anfon e-bost atoch am yr alwad hon: cadwch y dolenni hyn.',
  bookingAddToCalendar: 'Ei hychwanegu at eich calendr',
  bookingMoveOrCancel: 'Symud neu ganslo’r alwad',
  bookingWeekdays: 'Dydd Sul,Dydd Llun,Dydd Mawrth,Dydd Mercher,Dydd Iau,Dydd Gwener,Dydd Sadwrn',
  bookingWeekdaysShort: 'Sul,Llun,Maw,Mer,Iau,Gwen,Sad',
  bookingMonths:
    'Ionawr,Chwefror,Mawrth,Ebrill,Mai,Mehefin,Gorffennaf,Awst,Medi,Hydref,Tachwedd,Rhagfyr',
  bookingMonthsShort: 'Ion,Chwef,Maw,Ebr,Mai,Meh,Gorff,Awst,Medi,Hyd,Tach,Rhag',
} satisfies Record<keyof typeof BOOKING_STRINGS, string>);
