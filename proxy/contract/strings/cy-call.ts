/**
 * A booked call in Welsh, key for key with `VISITOR_CALL_WORDS`, in the register and with the
 * words of `cy.ts` ("galwad" a call, "dolen" a link, "canslo" to cancel). No native speaker has
 * reviewed these yet (`docs/languages.md`).
 */
import type { VISITOR_CALL_WORDS } from './visitor-call-words.ts';

/** The Welsh of a booked call. */
export const WELSH_CALL = Object.freeze({
  'call.emailWhen': 'Eich galwad',
  'call.emailChange': 'I ganslo’r alwad neu ddewis amser arall, agorwch y ddolen hon:',
  'call.invitationTitle': 'Galwad am eich ymholiad {reference}',
  'call.pageTitle': 'Eich galwad',
  'call.when': 'Pryd',
  'call.with': 'Gyda',
  'call.zone': 'Mae’r amseroedd yn {zone}.',
  'call.cancelHeading': 'Canslo’r alwad',
  'call.cancelButton': 'Canslo’r alwad',
  'call.moveHeading': 'Dewis amser arall',
  'call.moveButton': 'Symud yr alwad i’r amser hwn',
  'call.noTimes':
    'Does dim amser arall yn rhydd ar hyn o bryd. Gallwch ganslo, a bydd y cwmni’n cysylltu â chi.',
  'call.cancelled': 'Mae eich galwad wedi’i chanslo, ac mae’r cwmni wedi cael gwybod.',
  'call.moved': 'Mae eich galwad bellach {when}. Mae’r cwmni wedi cael gwybod.',
  'call.taken': 'Mae’r amser hwnnw newydd gael ei gymryd. Dewiswch amser arall.',
  'call.gone': 'Cafodd yr alwad hon ei chanslo, neu mae wedi bod: does dim i’w newid.',
  'call.stale': 'Mae’r alwad wedi newid ers agor y dudalen hon: dyma hi fel y mae nawr.',
  'call.unknown':
    'Nid yw’r ddolen hon yn agor galwad. Gwiriwch eich bod wedi copïo’r cyfan ohoni o’r e-bost.',
  'call.addToCalendar': 'Ychwanegu’r alwad at eich calendr (ffeil .ics)',
  'call.notEmailed':
    'Ni allwn anfon e-bost atoch am yr alwad hon: ychwanegwch hi at eich calendr o’r fan hon, a dewch yn ôl i’r dudalen hon i’w newid.',
  'call.cancelledNotEmailed':
    'Ni allwn anfon e-bost atoch am hyn: tynnwch yr alwad o’ch calendr gyda’r diweddariad hwn.',
  'call.calendarUpdate': 'Diweddariad calendr (ffeil .ics)',
  'call.chooseTime': 'Dewiswch amser i symud yr alwad iddo.',
  'call.movesUsed':
    'Mae’r alwad hon wedi’i symud mor aml ag y gellir yma. Byddwn yn falch o’ch helpu i’w newid dros y ffôn neu drwy e-bost.',
  'call.tooSoon':
    'Mae’r alwad hon yn dechrau’n rhy fuan i’w symud yma. Byddwn yn falch o’ch helpu i’w newid dros y ffôn neu drwy e-bost.',
  'call.telephone': 'Ffôn',
  'call.email': 'E-bost',
  'call.stillCancel': 'Gallwch ganslo’r alwad o hyd.',
  'call.pageLink': 'Symud neu ganslo’r alwad',
  'call.sentEmailed':
    'Mae’r e-bost rydyn ni’n ei anfon atoch yn dweud yr un peth, gyda gwahoddiad ar gyfer eich calendr.',
  'call.sentNotEmailed':
    'Ni allwn anfon e-bost atoch am yr alwad hon: cadwch y dolenni hyn i’w hychwanegu at eich calendr, ei symud neu ei chanslo.',
  'call.cancelledSubject': 'Mae eich galwad wedi’i chanslo ({reference})',
  'call.cancelledByVisitor': 'Mae eich galwad wedi’i chanslo, fel y gofynnoch.',
  'call.cancelledByFirm': 'Mae’n ddrwg gennym: mae’r cwmni wedi gorfod canslo eich galwad.',
  'call.cancelledWhen': 'Roedd hi {when}, gyda {host}.',
  'call.bookAgain':
    'Bydd y cwmni’n cysylltu â chi. I ddewis amser arall eich hun, anfonwch y ffurflen ymholiad ar wefan y cwmni eto.',
  'call.cancelledCalendar': 'Mae’r diweddariad sydd ynghlwm yn tynnu’r alwad o’ch calendr.',
  'call.movedSubject': 'Mae eich galwad wedi’i symud ({reference})',
  'call.movedByVisitor': 'Mae eich galwad wedi’i symud i’r amser a ddewisoch.',
  'call.movedByFirm': 'Mae’r cwmni wedi symud eich galwad i amser arall.',
  'call.movedNow': 'Nawr: {when}, gyda {host}.',
  'call.movedWas': 'Roedd hi {when}.',
  'call.movedCalendar': 'Mae’r gwahoddiad sydd ynghlwm yn symud yr alwad yn eich calendr.',
  'call.timesOnSend':
    'Mae’r amseroedd sydd ar gael yn dibynnu ar eich atebion: anfonwch y ffurflen i’w gweld, neu dywedwch wrthym isod pa ddyddiau ac amseroedd sy’n gyfleus i chi.',
} satisfies Record<keyof typeof VISITOR_CALL_WORDS, string>);
