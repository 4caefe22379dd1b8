/**
 * What follows a booked call in Welsh, key for key with `AFTER_CALL_WORDS`, in the register and
 * with the words of `cy-call.ts` ("galwad" a call, "dolen" a link). No native speaker has
 * reviewed these yet (`docs/languages.md`).
 */
import type { AFTER_CALL_WORDS } from './after-call-words.ts';

/** The Welsh of what follows a booked call. */
export const WELSH_AFTER_CALL = Object.freeze({
  'call.where': 'Ble',
  'call.joinAt': 'Ymunwch â’r alwad drwy’r ddolen hon:',
  'call.byTelephone': 'Dros y ffôn: byddwn yn eich ffonio ar {telephone}.',
  'call.byTelephoneNoNumber': 'Dros y ffôn: bydd y cwmni’n cysylltu â chi i gael rhif i’w ffonio.',
  'call.locationTelephone': 'Dros y ffôn',
  'call.reminderSubject': 'Nodyn atgoffa: eich galwad ({reference})',
  'call.reminderIntro': 'Nodyn i’ch atgoffa am eich galwad gyda’r cwmni:',
  'call.reminderWhen': '{when}, gyda {host}.',
} satisfies Record<keyof typeof AFTER_CALL_WORDS, string>);
