/**
 * Unfinished enquiries in Welsh: the box's words (`UNFINISHED_STRINGS`) and the proxy's
 * (`UNFINISHED_WORDS`), key for key, in the register and with the words of `cy.ts` and
 * `cy-drafts.ts` ("cadw" to keep, "dileu" to erase, "dolen" a link, "cod" a code). `{days}` and
 * `{after}` are lengths of time written by `Intl` in Welsh ("7 diwrnod", "24 awr"). No native
 * speaker has reviewed these yet (`docs/languages.md`).
 */
import type { UNFINISHED_STRINGS } from '../unfinished-strings.ts';
import type { UNFINISHED_WORDS } from './unfinished-words.ts';

type UnfinishedKey = keyof typeof UNFINISHED_STRINGS | keyof typeof UNFINISHED_WORDS;

/** The Welsh of unfinished enquiries. */
export const WELSH_UNFINISHED = Object.freeze({
  unfinishedKeep: 'Cadw’r hyn rwyf wedi’i deipio fel y gall y cwmni helpu os na fyddaf yn gorffen',
  unfinishedKeepHint:
    'Dim ond y cwmni fydd yn ei weld. Caiff ei ddileu {days} ar ôl eich newid olaf, neu ar unwaith os byddwch yn dad-dicio’r blwch hwn. Nes i chi ei dicio, nid oes dim a deipiwch yn gadael y dudalen hon. Nid yw ffeiliau’n cael eu cadw.',
  unfinishedRemind: 'Anfon un nodyn atgoffa ataf drwy e-bost gyda dolen yn ôl i’r ffurflen hon',
  unfinishedRemindHint:
    'Unwaith, {after} ar ôl eich newid olaf, oni bai eich bod yn anfon eich ymholiad yn gyntaf. Dim ond gyda chod a anfonwn i’ch cyfeiriad e-bost y mae’r ddolen yn agor.',
  unfinishedKept: 'Mae’r hyn rydych wedi’i deipio wedi’i gadw.',
  unfinishedErased: 'Mae’r hyn roeddech wedi’i deipio wedi’i ddileu.',

  'unfinished.reminderSubject': 'Eich ymholiad heb ei orffen',
  'unfinished.reminderIntro':
    'Gofynnoch i ni eich atgoffa unwaith am yr ymholiad a ddechreuoch chi. I barhau o’r man lle gwnaethoch chi adael, agorwch y ddolen hon ar unrhyw ddyfais:',
  'unfinished.reminderUntil':
    'Caiff yr hyn a deipiwyd gennych ei gadw tan {date}, yna ei ddileu. I’w ddileu yn gynt, agorwch y ddolen a dad-diciwch “Cadw’r hyn rwyf wedi’i deipio”.',
  'unfinished.reminderIgnore':
    'Os na wnaethoch chi ddechrau ymholiad, gallwch anwybyddu’r e-bost hwn: ni all neb agor yr hyn a deipiwyd heb god a anfonir i’r cyfeiriad hwn, a chaiff ei ddileu ar {date}.',
  'unfinished.pageNeedsContact':
    'Ni chadwyd dim: teipiwch eich cyfeiriad e-bost neu eich rhif ffôn i gadw’r hyn rydych wedi’i deipio.',
  'unfinished.pageKeep': 'Cadw’r hyn rwyf wedi’i deipio',
  'unfinished.pageErase': 'Dileu’r hyn a gadwyd',
  'unfinished.pageKept':
    'Mae’r hyn rydych wedi’i deipio wedi’i gadw tan {date}. Dim ond y cwmni fydd yn ei weld. I’w dynnu’n ôl, pwyswch “Dileu’r hyn a gadwyd”: caiff ei ddileu ar unwaith. Mae anfon eich ymholiad yn cymryd ei le.',
  'unfinished.pageNotTicked':
    'Ni chadwyd dim: ticiwch y blwch “Cadw’r hyn rwyf wedi’i deipio fel y gall y cwmni helpu os na fyddaf yn gorffen” yn gyntaf.',
} satisfies Record<UnfinishedKey, string>);
