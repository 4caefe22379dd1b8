/**
 * Every string of the widget and of the proxy in Welsh (Cymraeg), key for key with `ENGLISH`
 * (`english.ts`), each `{placeholder}` kept. Written in the formal register (chi), with the
 * words GOV.UK and the Welsh Government use for the same things (`docs/languages.md` has the
 * glossary and how these were checked). A number written in figures takes the singular noun
 * ("hyd at 5 ffeil", "255 nod"), so only a wording that mutates after a count carries plural
 * forms (`refusal.problems`).
 */
import { WELSH_BOOKING } from './cy-booking.ts';
import { WELSH_CALL } from './cy-call.ts';
import { WELSH_AFTER_CALL } from './cy-after-call.ts';
import { WELSH_DRAFTS } from './cy-drafts.ts';
import { WELSH_UNFINISHED } from './cy-unfinished.ts';
import type { Strings } from './english.ts';

/** Tried again after a failure: GOV.UK's "Rhowch gynnig arall arni". */
const TRY_AGAIN = 'Rhowch gynnig arall arni';
/** What a failure tells a visitor stays on the page. */
const STILL_HERE = 'Mae popeth a roesoch chi yma o hyd.';
/** What a refusal at a busy moment tells them they have not lost. */
const NOTHING_LOST = 'nid oes dim a deipiwyd gennych wedi’i golli.';
const RECEIPT_HINT =
  'Cadwch y cod derbynneb: os bydd angen i chi ddangos rywbryd eich bod wedi anfon yr ymholiad hwn, dyfynnwch ef a gallwn ni ei wirio.';

/** The Welsh strings. */
export const WELSH = Object.freeze({
  'forename.required': 'Rhowch eich enw cyntaf',
  'forename.too_long': 'Rhaid i’r enw cyntaf fod yn {max} nod neu lai',
  'forename.invalid_characters': 'Rhaid i’r enw cyntaf beidio â chynnwys nodau rheoli',
  'surname.required': 'Rhowch eich cyfenw',
  'surname.too_long': 'Rhaid i’r cyfenw fod yn {max} nod neu lai',
  'surname.invalid_characters': 'Rhaid i’r cyfenw beidio â chynnwys nodau rheoli',
  'email.required': 'Rhowch eich cyfeiriad e-bost',
  'email.too_long': 'Rhaid i’r cyfeiriad e-bost fod yn {max} nod neu lai',
  'email.invalid_email': 'Rhowch gyfeiriad e-bost yn y fformat cywir, fel enw@enghraifft.com',
  'telephone_mobile.required': 'Rhowch eich rhif ffôn',
  'telephone_mobile.too_long': 'Rhaid i’r rhif ffôn fod yn {max} nod neu lai',
  'telephone_mobile.invalid_phone': 'Rhowch rif ffôn, fel 020 7946 0018 neu +44 808 157 0192',
  'case_type.required': 'Dewiswch beth yw pwnc eich ymholiad',
  'case_type.too_long': 'Dewiswch bwnc eich ymholiad o’r rhestr',
  'case_type.unknown_case_type': 'Dewiswch bwnc eich ymholiad o’r rhestr',
  'marketing.too_long': 'Rhaid i’r maes marchnata {name} fod yn {max} nod neu lai',
  'marketing.invalid_characters': 'Rhaid i’r maes marchnata {name} beidio â chynnwys nodau rheoli',
  'question.required': 'Rhowch eich ateb i “{label}”',
  'question.required_choice': 'Dewiswch eich ateb i “{label}”',
  'question.required_checkbox': 'Ticiwch y blwch ar gyfer “{label}”',
  'question.too_long': 'Rhaid i’ch ateb i “{label}” fod yn {max} nod neu lai',
  'question.invalid_characters': 'Rhaid i’ch ateb i “{label}” beidio â chynnwys nodau rheoli',
  'question.not_an_option': 'Dewiswch un o’r atebion a restrir ar gyfer “{label}”',
  'question.invalid_type': 'Rhowch un ateb i “{label}”',
  'question.not_a_number': 'Rhowch rif ar gyfer “{label}”, fel 12 neu 12.5',
  'question.below_min': 'Rhowch rif sy’n {min} neu’n fwy ar gyfer “{label}”',
  'question.above_max': 'Rhowch rif sy’n {max} neu’n llai ar gyfer “{label}”',
  'question.invalid_date': 'Rhowch ddyddiad go iawn ar gyfer “{label}”, fel 2027-03-27',
  'question.invalid_email':
    'Rhowch gyfeiriad e-bost yn y fformat cywir ar gyfer “{label}”, fel enw@enghraifft.com',
  'question.invalid_phone': 'Rhowch rif ffôn ar gyfer “{label}”, fel 020 7946 0018',
  'question.unknown_question': 'Nid yw’r ffurflen hon yn gofyn cwestiwn â’r dynodydd “{name}”',
  'question.slot_taken':
    'Mae’r amser hwnnw newydd gael ei gymryd. Dewiswch amser arall ar gyfer “{label}”',
  'question.slot_unavailable':
    'Ni ellir trefnu’r amser hwnnw. Dewiswch un o’r amseroedd a gynigir ar gyfer “{label}”',
  'question.times_unseen':
    'Dewiswch amser isod ar gyfer “{label}”, neu dywedwch wrthym pa ddyddiau ac amseroedd sy’n gyfleus i chi',
  'file.file_kind': 'Nid yw “{name}” yn ffeil {kinds}. Dewiswch ffeil o un o’r mathau hynny',
  'file.file_audio_video':
    'Mae “{name}” yn ffeil sain neu fideo, ac ni ellir ei hanfon. Troswch hi i PDF lle bo modd, neu dewiswch ffeil {kinds}',
  'file.file_empty': 'Mae “{name}” yn wag. Dewiswch ffeil sydd â rhywbeth ynddi',
  'file.file_too_big': 'Mae “{name}” yn fwy na {max}. Dewiswch ffeil lai',
  'file.file_unreadable':
    'Nid oedd modd darllen “{name}” fel ffeil {kind}: efallai ei bod wedi’i difrodi. Dewiswch ffeil arall',
  'file.file_too_large_to_convert': 'Nid oes modd trosi “{name}”: {reason}. Dewiswch ffeil lai',
  'files.too_many_files': 'Gallwch anfon hyd at {max} ffeil. Tynnwch ffeil cyn ychwanegu un arall',
  'consent.required': 'Ticiwch y blwch i gytuno i “{label}”',
  'turnstile_token.required': 'Cwblhewch y gwiriad diogelwch',
  'turnstile_token.challenge_failed': 'Ni lwyddodd y gwiriad diogelwch. Rhowch gynnig arall arno',
  'form_token.required': 'Anfonwch y tocyn o GET /api/form-token fel "form_token"',
  'form_token.form_expired':
    'Mae’r ffurflen hon wedi dyddio. Cymerwch docyn newydd o GET /api/form-token ac anfonwch yr ymholiad eto',
  'form_token.already_used':
    'Mae’r tocyn ffurflen hwn eisoes wedi’i ddefnyddio ar gyfer ymholiad. Cymerwch un newydd o GET /api/form-token ac anfonwch eto',
  'file.name_not_utf8': 'Nid yw enw ffeil yn destun UTF-8 dilys. Ailenwch y ffeil a’i dewis eto',
  'enquiry.required': 'Anfonwch yr ymholiad mewn rhan o’r enw "enquiry"',
  'enquiry.not_json': 'Rhaid i’r rhan enquiry fod yn JSON UTF-8',
  'enquiry.repeated': 'Anfonwch un rhan o’r enw "enquiry"',
  'enquiry.too_long': 'Mae “{field}” yn rhy hir: {detail}',
  'enquiry.invalid_type': '“{field}”: {detail}',
  'enquiry.unrecognized_key': 'Nid yw “{field}” yn un o feysydd ymholiad',
  'enquiry.unexpected_part': 'Nid oes disgwyl y rhan “{name}”: anfonwch "enquiry" a "files"',
  'slots.no_appointment':
    'Nid yw’r math o achos “{name}” yn gofyn am apwyntiad: gofynnwch i GET /api/slots am un sy’n gwneud hynny',

  loading: 'Wrthi’n llwytho’r ffurflen…',
  loadFailed: `Mae’n ddrwg gennym, nid oedd modd llwytho’r ffurflen. Gwiriwch eich cysylltiad, yna ${TRY_AGAIN.toLowerCase()}.`,
  notAvailable: 'Nid yw’r ffurflen hon ar gael ar y dudalen hon.',
  reload: TRY_AGAIN,
  forename: 'Enw cyntaf',
  surname: 'Cyfenw',
  email: 'Cyfeiriad e-bost',
  telephone_mobile: 'Rhif ffôn',
  case_type: 'Beth yw pwnc eich ymholiad?',
  chooseOption: 'Dewiswch opsiwn',
  optional: '(dewisol)',
  files: 'Atodi ffeiliau',
  filesHint: 'Ffeiliau {kinds}, pob un hyd at {max}. Gallwch atodi hyd at {count} ffeil.',
  filesConverted: 'Caiff lluniau a dogfennau eu trosi i JPEG neu PDF.',
  photosConverted: 'Caiff lluniau eu trosi i JPEG.',
  documentsConverted: 'Caiff dogfennau eu trosi i PDF.',
  chooseFiles: 'Dewis ffeiliau',
  dropFiles: 'neu ollwng ffeiliau yma',
  noFiles: 'Dim ffeiliau wedi’u dewis',
  filesLost:
    'Nid yw ffeiliau’n cael eu cadw pan fydd y dudalen yn ail-lwytho. Dewiswch {names} eto.',
  honeypot: 'Gadewch y maes hwn yn wag',
  sendCopy: 'Anfonwch gopi ataf drwy e-bost',
  submit: 'Anfon ymholiad',
  'failed.network': `Collwyd y cysylltiad. Gwiriwch eich bod ar-lein, yna ${TRY_AGAIN.toLowerCase()}. ${STILL_HERE}`,
  retry: TRY_AGAIN,

  stepOf: 'Cam {number} o {count}',
  'step.contact': 'Eich manylion',
  'step.q': 'Eich ymholiad',
  'step.files': 'Ffeiliau',
  'step.consent': 'Eich caniatâd',
  'step.check': 'Gwirio eich atebion',
  continue: 'Parhau',
  back: 'Yn ôl',

  failedTitle: 'Nid yw eich ymholiad wedi’i anfon eto',
  reference: 'Eich cyfeirnod yw',
  receipt: 'Eich cod derbynneb yw',
  receiptHint: RECEIPT_HINT,
  firmContact: 'Gallwch chi hefyd gysylltu â {name}:',
  challengeFailed: `Nid oedd modd llwytho’r gwiriad diogelwch. Gwiriwch eich cysylltiad neu diffoddwch unrhyw atalydd cynnwys ar gyfer y wefan hon, yna ${TRY_AGAIN.toLowerCase()}.`,
  challengeRetry: TRY_AGAIN,
  removeFile: 'Tynnu',
  fileNotAttached: 'Heb ei atodi:',
  fileAdded: 'Ychwanegwyd {name}',
  emailSuggestion: 'Oeddech chi’n golygu {address}?',
  emailSuggestionApplied: 'Newidiwyd y cyfeiriad e-bost i {address}',
  fileRemoved: 'Tynnwyd {name}',
  sending: 'Wrthi’n anfon eich ymholiad…',
  sendingOffline:
    'Rydych chi all-lein. Bydd eich ymholiad yn cael ei anfon pan fydd y cysylltiad yn ôl: cadwch y dudalen hon ar agor.',
  uploaded: 'Wedi anfon {percent}',
  waiting: 'Yn aros i system ein tîm gadarnhau…',
  errorSummaryTitle: 'Mae problem wedi codi',
  errorPrefix: 'Gwall:',
  'failed.unreachable': `Nid oedd modd cyrraedd ein system. ${TRY_AGAIN} ymhen ychydig funudau, neu cysylltwch â ni mewn ffordd arall. ${STILL_HERE}`,
  'failed.server': `Mae’n ddrwg gennym, mae problem gyda’n system. ${TRY_AGAIN} ymhen ychydig funudau. ${STILL_HERE}`,
  'failed.rate-limited': `Mae gormod o ymholiadau wedi’u hanfon o’ch cysylltiad. ${TRY_AGAIN} {when}. ${STILL_HERE}`,
  'failed.too-large': `Mae eich ffeiliau’n rhy fawr i’w hanfon gyda’i gilydd. Tynnwch ffeil neu dewiswch rai llai, yna ${TRY_AGAIN.toLowerCase()}.`,
  'failed.forbidden':
    'Nid yw’r wefan hon wedi’i gosod i anfon ymholiadau eto. Cysylltwch â ni mewn ffordd arall, dros y ffôn neu drwy e-bost.',
  'failed.rejected':
    'Nid oedd modd i’n system dderbyn eich ymholiad, felly nid yw wedi cyrraedd ein tîm. Cysylltwch â ni mewn ffordd arall a dyfynnwch eich cyfeirnod.',
  retryLater: 'yn nes ymlaen',
  change: 'Newid',
  notGiven: 'Heb ei roi',
  yes: 'Ie',
  no: 'Na',
  deliveredTitle: 'Ymholiad wedi’i anfon',
  deliveredBody: 'Mae ein tîm wedi cael eich ymholiad.',
  queuedTitle: 'Ymholiad wedi dod i law',
  queuedBody: 'Mae eich ymholiad wedi dod i law yn ddiogel. Bydd yn cyrraedd ein tîm cyn bo hir.',

  uploading: 'Wrthi’n llwytho i fyny: {percent}',
  uploadPaused: 'Wedi oedi nes y byddwch chi ar-lein eto',
  uploadChecked: 'Wedi’i llwytho i fyny a’i gwirio',
  uploadConverted: 'Wedi’i llwytho i fyny: caiff ei hanfon fel {kind}',
  uploadConvertedNow: 'Wedi’i throsi i {kind}',
  uploadWithEnquiry: 'Caiff ei hanfon gyda’ch ymholiad',

  'page.title': 'Anfon ymholiad',
  'page.errorTitle': 'Gwall: {title}',
  'page.continue': 'Parhau',
  'page.onlyIf': 'Dim ond os mai {answers} yw eich ateb i “{label}”.',
  'page.backTo': 'Yn ôl i {host}',
  'page.heldFiles': 'Ffeiliau wedi’u hatodi',
  'page.heldHint':
    'Cyrhaeddodd y ffeiliau hyn gyda’r ymholiad a anfonoch chi a byddant yn cael eu hanfon gydag ef. Dad-diciwch unrhyw rai nad ydych am eu hanfon.',
  'page.fileNotKept': 'Nid oedd modd cadw “{name}”: dewiswch y ffeil eto.',
  'page.noConfirmationTitle': 'Dim ymholiad i’w gadarnhau',
  'page.noConfirmation':
    'Mae’r dudalen hon yn dangos cyfeirnod ymholiad am ychydig funudau ar ôl iddo gael ei anfon, a dim ond bryd hynny. Os anfonoch chi un, dangoswyd ei gyfeirnod a’i god derbynneb ar y pryd, ac maen nhw yn y copi drwy e-bost os gofynnoch chi am un.',

  // "ffeil destun", not "testun": it often follows "neu", which would mutate it ("neu destun").
  'kind.txt': 'ffeil destun',

  // A file is feminine: "i’w throsi", "ei throsi" (aspirate), as in uploadConvertedNow.
  'convert.too_large': 'mae’n rhy fawr neu’n rhy gymhleth i’w throsi’n ddiogel',
  'convert.timed_out': 'cymerodd ormod o amser i’w throsi',
  'convert.transient': 'nid oedd modd ei throsi ar hyn o bryd',

  'refusal.problems':
    '{count, plural, zero {Nid oes problem gyda’r ymholiad.} one {Mae # broblem gyda’r ymholiad.} two {Mae # broblem gyda’r ymholiad.} few {Mae # problem gyda’r ymholiad.} many {Mae # phroblem gyda’r ymholiad.} other {Mae # o broblemau gyda’r ymholiad.}}',
  'refusal.origin':
    'Nid yw ymholiadau o {origin} yn cael eu derbyn: ychwanegwch y tarddiad at ALLOWED_ORIGINS ar y dirprwy.',
  'refusal.noOrigin': 'Anfonwch bennyn Origin sy’n enwi un o ALLOWED_ORIGINS y dirprwy.',
  'refusal.idle': 'Ni chyrhaeddodd dim am {seconds} eiliad: anfonwch yr ymholiad eto.',
  'refusal.rateLimited': `Mae gormod o ymholiadau wedi’u hanfon. ${TRY_AGAIN} ymhen {seconds} eiliad.`,
  'refusal.tooLarge': 'Mae’r ymholiad a’i ffeiliau’n fwy nag y mae’r ffurflen hon yn ei dderbyn.',
  'refusal.tooManyAtOnce': `Mae gormod o ymholiadau’n cael eu hanfon o’ch cysylltiad ar yr un pryd. ${TRY_AGAIN} ymhen ennyd.`,
  'refusal.busy': `Mae llawer o ymholiadau’n cyrraedd ar yr un pryd. ${TRY_AGAIN} ymhen ychydig eiliadau: ${NOTHING_LOST}`,
  'refusal.storageFull': `Ni allwn ni dderbyn ymholiadau am ennyd. ${TRY_AGAIN} ymhen munud: ${NOTHING_LOST}`,
  'refusal.storageUnavailable': `Ni allwn ni dderbyn ymholiadau am ennyd. ${TRY_AGAIN} cyn bo hir: ${NOTHING_LOST}`,
  'refusal.internal': `Aeth rhywbeth o’i le ar ein hochr ni. ${TRY_AGAIN} ymhen ennyd.`,
  'refusal.challengeUnavailable': `Nid oedd modd i ni wirio’r her ddiogelwch ar hyn o bryd. ${TRY_AGAIN} ymhen ennyd.`,
  // "rhan o’r enw", "y rhan enquiry" as the enquiry.* words say them; "255 nod" (a figure takes
  // the singular); "fod" soft after "Rhaid i …", "orau" soft after "sydd".
  'refusal.notMultipart':
    'Anfonwch multipart/form-data gyda rhan o’r enw "enquiry" a rhannau o’r enw "files".',
  'refusal.enquiryPartTooLarge': 'Mae’r rhan enquiry yn rhy fawr.',
  'refusal.unreadableBody': 'Nid oedd modd darllen corff multipart y cais.',
  'refusal.idempotencyKey':
    'Rhaid i Idempotency-Key fod rhwng 1 a 255 nod ASCII gweladwy; UUID sydd orau.',

  // "llwytho i fyny" as the widget says it; "beitiau" soft after "o" and a verb ("mwy o feitiau").
  'upload.notFound': 'Nid yw’r ffeil hon ar y gweinydd mwyach: dewiswch hi eto.',
  'upload.version': 'Dim ond tus {version} a ddefnyddir i lwytho ffeiliau i fyny.',
  'upload.noLength': 'Nodwch faint y ffeil yn Upload-Length.',
  'upload.noFilename': 'Enwch y ffeil yn Upload-Metadata (filename, filetype, form_token).',
  'upload.noOffset': 'Nodwch ble mae’r beitiau’n mynd yn Upload-Offset.',
  'upload.notOctetStream': 'Anfonwch feitiau’r ffeil fel application/offset+octet-stream.',
  'upload.offsetMismatch':
    'Nid yw’r ffeil ar y safle hwnnw: gofynnwch ble mae hi (HEAD) ac ewch ymlaen o’r fan honno.',
  'upload.tooLarge': 'Ni chaiff ffeil fod yn fwy na {max}.',
  'upload.pastLength': 'Anfonwyd mwy o feitiau nag y dywedodd y ffeil y byddai ganddi.',
  'upload.tooMuchHeld':
    'Mae gormod o ffeiliau’n aros i gael eu hanfon o’ch cysylltiad. Anfonwch eich ymholiad, neu rowch gynnig arall arni yn nes ymlaen.',
  'upload.noRoom':
    'Does dim lle i gadw ffeiliau a anfonir ymlaen llaw ar hyn o bryd: anfonwch y ffeil gyda’ch ymholiad yn lle hynny.',

  'confirmation.reference': 'Eich cyfeirnod',
  'confirmation.receivedAt': 'Wedi dod i law',
  'confirmation.receipt': 'Cod derbynneb',
  'confirmation.receiptHint': RECEIPT_HINT,
  'confirmation.answers': 'Eich atebion',
  'confirmation.files': 'Ffeiliau a anfonwyd gennych',
  'confirmation.notReply': 'Copi i’ch cofnodion chi yw hwn; bydd y cwmni’n cysylltu â chi.',
  'booking.with': 'gyda {host}',
  'booking.preferred': 'Amseroedd a ffefrir: {text}',
  'booking.eventTitle': 'Galwad gyda {name}',
  'booking.eventText': '{caseType}, ymholiad {reference}',
  'booking.notHeldValue':
    '{time}, wedi’i ddewis o’r amseroedd a gynigiwyd, ond heb ei gadw: roedd galwadau’n cael eu trefnu’n gynt nag y mae pobl yn eu trefnu',
  'booking.notHeld':
    'Ni allem gadw galwad ar yr amser a ddewisoch ({when}): trefnwyd llawer o alwadau mewn amser byr. Mae eich ymholiad gyda ni, gyda’r amser hwnnw fel yr un sydd orau gennych, a byddwn yn cysylltu â chi i gytuno ar amser.',

  ...WELSH_DRAFTS,
  ...WELSH_UNFINISHED,
  ...WELSH_CALL,
  ...WELSH_AFTER_CALL,
  ...WELSH_BOOKING,
} satisfies Strings);
