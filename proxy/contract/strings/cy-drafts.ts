/**
 * "Save and continue later" in Welsh: the widget's words (`DRAFT_STRINGS`) and the proxy's
 * (`DRAFT_WORDS`), key for key, in the register and with the words of `cy.ts` ("cadw" to save,
 * "dolen" a link, "cod" a code, "dyfais" a device). A number written in figures takes the
 * singular noun ("10 munud", "6 digid"). No native speaker has reviewed these yet
 * (`docs/languages.md`).
 */
import type { DRAFT_STRINGS } from '../draft-strings.ts';
import type { DRAFT_WORDS } from './draft-words.ts';

type DraftKey = keyof typeof DRAFT_STRINGS | keyof typeof DRAFT_WORDS;

/** A code's life, as both the widget and the email say it. */
const CODE_LIFE = 'Mae’n gweithio am 10 munud, unwaith.';

/** The Welsh of saved enquiries. */
export const WELSH_DRAFTS = Object.freeze({
  draftSave: 'Cadw a pharhau yn nes ymlaen',
  draftSaveIntro:
    'Byddwn ni’n anfon dolen i’r ffurflen hon atoch drwy e-bost, gyda’ch atebion a’ch ffeiliau hyd yma. Agorwch hi ar unrhyw ddyfais i barhau, tan {date}.',
  draftEmail: 'Anfon y ddolen i',
  draftEmailHint:
    'I agor y ddolen, bydd angen cod arnoch y byddwn ni’n ei anfon i’r cyfeiriad hwn, fel mai dim ond chi all agor eich atebion.',
  draftSaveButton: 'Cadw ac anfon y ddolen ataf',
  draftCancel: 'Canslo',
  draftSaved: 'Wedi’i gadw. Rydym wedi anfon dolen i {email}. Mae’n gweithio tan {date}.',
  draftNotKept:
    'Heb ei chadw, gan ei bod yn dal i lwytho i fyny: {name}. Dewiswch hi eto pan fyddwch chi’n dod yn ôl.',
  draftSaveFailed:
    'Nid oedd modd cadw eich atebion ar hyn o bryd. Rhowch gynnig arall arni ymhen ennyd: nid oes dim a deipiwyd gennych wedi’i golli.',
  draftResumeHeading: 'Parhau â’ch ymholiad sydd wedi’i gadw',
  draftResumeEmail: 'Y cyfeiriad e-bost y gwnaethoch chi gadw gydag ef',
  draftResumeIntro:
    'I gadw eich atebion yn breifat, rydym yn gwirio mai chi sydd yma. Rhowch y cyfeiriad e-bost y gwnaethoch chi eu cadw gydag ef a byddwn ni’n anfon cod atoch.',
  draftSendCode: 'Anfon cod ataf',
  draftCodeSent: `Os mai {email} yw’r cyfeiriad y cafodd yr atebion hyn eu cadw gydag ef, rydym wedi anfon cod 6 digid ato. ${CODE_LIFE}`,
  draftCode: 'Cod',
  draftCodeHint: 'Y 6 digid yn yr e-bost a anfonwyd atoch',
  draftCodeRequired: 'Rhowch y cod 6 digid o’r e-bost',
  draftOpen: 'Parhau',
  draftCodeWrong: `Ni weithiodd y cod hwnnw. Gwiriwch ef, neu anfonwch un newydd: ${CODE_LIFE.toLowerCase()}`,
  draftLocked: 'Gormod o ymdrechion. Arhoswch {minutes} munud, yna anfonwch god newydd.',
  draftNewCode: 'Anfon cod newydd',
  draftStartNew: 'Dechrau ymholiad newydd yn lle hynny',
  draftBroken:
    'Nid oes modd agor y ddolen hon: efallai mai dim ond rhan ohoni a gopïwyd, neu ei bod wedi dod i ben. Dechreuwch ymholiad newydd, neu agorwch y ddolen o’r e-bost eto.',
  draftRestored: 'Mae eich atebion a gadwyd yn ôl.',
  draftChanged: 'Mae’r ffurflen hon wedi newid ers i chi ei dechrau.',
  draftRemoved:
    'Nid yw rhai o’r cwestiynau a atebwyd gennych yn cael eu gofyn mwyach, felly mae’r atebion hynny wedi’u tynnu allan.',
  draftGiveAgain: 'Atebwch y rhain eto:',

  'draft.linkSubject': 'Eich ymholiad sydd wedi’i gadw',
  'draft.linkIntro':
    'Fe wnaethoch chi gadw eich ymholiad er mwyn ei orffen yn nes ymlaen. I barhau, agorwch y ddolen hon ar unrhyw ddyfais:',
  'draft.linkUntil': 'Mae’r ddolen yn gweithio tan {date}.',
  'draft.linkCode':
    'Pan fyddwch chi’n ei hagor, byddwn ni’n gofyn am y cyfeiriad e-bost hwn ac yn anfon cod ato: nid yw’r ddolen ar ei phen ei hun yn agor dim, felly mae’n ddiogel os bydd rhywun arall yn darllen yr e-bost hwn, ond peidiwch â’i anfon ymlaen.',
  'draft.linkIgnore':
    'Os na wnaethoch chi gadw ymholiad, gallwch anwybyddu’r e-bost hwn: ni all neb agor yr atebion heb god a anfonir i’r cyfeiriad hwn.',
  'draft.codeSubject': 'Eich cod i barhau â’ch ymholiad',
  'draft.codeIntro': 'Eich cod yw:',
  'draft.codeUntil': `${CODE_LIFE} Teipiwch ef lle gofynnoch chi amdano.`,
  'draft.codeIgnore':
    'Os na wnaethoch chi ofyn am god, gallwch anwybyddu’r e-bost hwn: ni all neb agor eich atebion hebddo.',
  'draft.pageSave': 'Cadw a pharhau yn nes ymlaen',
  'draft.pageSavedTitle': 'Mae eich atebion wedi’u cadw',
  'draft.pageSaved':
    'Rydym wedi anfon dolen i {email}. Agorwch hi i barhau, ar y ddyfais hon neu un arall, tan {date}. Bydd angen cod arnoch y byddwn ni’n ei anfon i’r un cyfeiriad.',
  'draft.pageFilesNotKept':
    'Nid yw’r ffeiliau a ddewisoch chi’n cael eu cadw gyda’ch atebion: dewiswch nhw eto pan fyddwch chi’n dod yn ôl.',
  'refusal.draftGone':
    'Nid yw’r atebion hyn sydd wedi’u cadw ar ein gweinydd mwyach: efallai eu bod wedi dod i ben. Cadwch eto i gael dolen newydd.',
  'refusal.draftUploadsGone':
    'Nid yw rhai ffeiliau ar ein gweinydd mwyach ({names}): tynnwch nhw, yna cadwch eto.',
  'refusal.draftOverLimit':
    'Mae gormod o negeseuon e-bost wedi’u hanfon i’r cyfeiriad hwn neu o’ch cysylltiad. Rhowch gynnig arall arni yn nes ymlaen, neu anfonwch eich ymholiad nawr.',
  'refusal.draftCode': `Ni weithiodd y cod hwnnw. Gwiriwch ef, neu gofynnwch am un newydd: ${CODE_LIFE.toLowerCase()}`,
  'refusal.draftPage': 'Dim ond i dudalen ar {origin} y mae ymholiad sydd wedi’i gadw yn arwain.',
} satisfies Record<DraftKey, string>);
