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
  'call.linkFollows': 'Ar-lein: bydd y ddolen i ymuno â’r alwad yn dilyn drwy e-bost.',
  'call.locationOnline': 'Cyfarfod ar-lein (dolen i ddilyn)',
  'call.meetingSubject': 'Y ddolen i’ch galwad ({reference})',
  'call.meetingReady':
    'Mae’r ddolen i ymuno â’ch galwad yn barod. Mae’r gwahoddiad sydd ynghlwm yn ei hychwanegu at eich calendr.',
  'call.meetingNoneSubject': 'Bydd eich galwad dros y ffôn ({reference})',
  'call.meetingNone':
    'Nid oedd modd gwneud y cyfarfod ar-lein, felly bydd eich galwad dros y ffôn: bydd y cwmni’n eich ffonio.',
  'call.reminderSubject': 'Nodyn atgoffa: eich galwad ({reference})',
  'call.reminderIntro': 'Nodyn i’ch atgoffa am eich galwad gyda’r cwmni:',
  'call.reminderWhen': '{when}, gyda {host}.',
} satisfies Record<keyof typeof AFTER_CALL_WORDS, string>);
