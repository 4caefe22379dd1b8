/**
 * The proxy's own words, in English: what the page without JavaScript and `/form/sent` say
 * beyond the widget's strings, the refusals' messages, and the confirmation email's labels. The
 * widget never shows these (it has its own words for each outcome), so `GET /api/form` does not
 * send them; a strings file for another language lists them all the same (`catalogue.ts`).
 */
import { OUTCOME_STRINGS } from '../strings.ts';

/** The page without JavaScript, its confirmation at `/form/sent`, and refusals as pages. */
const PAGE_STRINGS = Object.freeze({
  'page.title': 'Send an enquiry',
  'page.errorTitle': 'Error: {title}',
  'page.continue': 'Continue',
  'page.onlyIf': 'Only if your answer to “{label}” is {answers}.',
  'page.backTo': 'Back to {host}',
  'page.heldFiles': 'Files attached',
  'page.heldHint':
    'These files arrived with the enquiry you sent and will be sent with it. Untick any you do not want to send.',
  'page.fileNotKept': '“{name}” could not be kept: choose it again.',
  'page.noConfirmationTitle': 'No enquiry to confirm',
  'page.noConfirmation':
    'This page shows an enquiry’s reference for a few minutes after it is sent, and only then. If you sent one, its reference and receipt code were shown at the time, and are in the copy by email if you asked for one.',
});

/**
 * A refusal's message (`http/refusal.ts`), in the visitor's language where a visitor can meet
 * it: an API client reads the same JSON with the message in the enquiry's `lang`.
 */
const REFUSAL_STRINGS = Object.freeze({
  'refusal.problems': 'There are {count} problems with the enquiry.',
  'refusal.origin':
    'Enquiries from {origin} are not accepted: add it to ALLOWED_ORIGINS on the proxy.',
  'refusal.noOrigin': 'Send an Origin header naming one of the ALLOWED_ORIGINS of the proxy.',
  'refusal.idle':
    'Nothing arrived for {seconds, plural, one {# second} other {# seconds}}: send the enquiry again.',
  'refusal.rateLimited':
    'Too many enquiries have been sent. Try again in {seconds, plural, one {# second} other {# seconds}}.',
  'refusal.tooLarge': 'The enquiry and its files are larger than this form accepts.',
  'refusal.tooManyAtOnce':
    'Too many enquiries are being sent from your connection at once. Try again in a moment.',
  'refusal.busy':
    'Many enquiries are arriving at once. Try again in a few seconds: nothing you typed is lost.',
  'refusal.storageFull':
    'We cannot take enquiries for a moment. Try again in a minute: nothing you typed is lost.',
  'refusal.storageUnavailable':
    'We cannot take enquiries for a moment. Try again shortly: nothing you typed is lost.',
  'refusal.internal': 'Something went wrong on our side. Try again in a moment.',
  'refusal.challengeUnavailable':
    'We could not check the security challenge just now. Try again in a moment.',
  // Met before the enquiry part is read (`intake/read-multipart.ts`, `intake/idempotency.ts`):
  // said in the language the request asks for, as its `lang` is not known yet.
  'refusal.notMultipart':
    'Send multipart/form-data with a part named "enquiry" and parts named "files".',
  'refusal.enquiryPartTooLarge': 'The enquiry part is too large.',
  'refusal.unreadableBody': 'The multipart body could not be read.',
  'refusal.idempotencyKey':
    'Idempotency-Key must be 1 to 255 visible ASCII characters; a UUID is best.',
});

/**
 * The refusals of the files sent ahead (`intake/uploads/upload-refusals.ts`), in the upload's
 * language: the widget never meets most of them, a tus client in the visitor's hands may.
 */
const UPLOAD_REFUSAL_STRINGS = Object.freeze({
  'upload.notFound': 'This file is not on the server any more: choose it again.',
  'upload.version': 'Uploads speak tus {version} only.',
  'upload.noLength': 'Say how large the file is in Upload-Length.',
  'upload.noFilename': 'Name the file in Upload-Metadata (filename, filetype, form_token).',
  'upload.noOffset': 'Say where the bytes go in Upload-Offset.',
  'upload.notOctetStream': 'Send the bytes of an upload as application/offset+octet-stream.',
  'upload.offsetMismatch':
    'The upload is not at that offset: ask where it is (HEAD) and go on from there.',
  'upload.tooLarge': 'A file may be at most {max}.',
  'upload.pastLength': 'More bytes were sent than the upload said it would have.',
  'upload.tooMuchHeld':
    'Too many files are waiting to be sent from your connection. Send your enquiry, or try again later.',
  'upload.noRoom':
    'There is no room to keep files sent ahead just now: send the file with your enquiry instead.',
});

/**
 * The confirmation email's own words (`notify/confirmation-email.ts`); the configuration's
 * `confirmation.strings` overrides any of them, without the `confirmation.` of these keys.
 */
export const EMAIL_STRINGS = Object.freeze({
  'confirmation.reference': 'Your reference',
  'confirmation.receivedAt': 'Received',
  'confirmation.receipt': 'Receipt code',
  // The same words as under the code on the confirmation panel and page.
  'confirmation.receiptHint': OUTCOME_STRINGS.receiptHint,
  'confirmation.answers': 'Your answers',
  'confirmation.files': 'Files you sent',
  'confirmation.notReply': 'This is a copy for your records; the firm will contact you.',
});

/**
 * The file kinds named by a word rather than a format's name (`contract/limits.ts`, `kindName`):
 * in the picker's list, the file checks and their verdicts.
 */
const KIND_STRINGS = Object.freeze({
  'kind.txt': 'text',
});

/**
 * Why a file cannot be converted, as a visitor reading another language than English is told it
 * (`intake/inspect-files.ts`): one honest phrase for each kind of reason the converters give.
 * English keeps the converter's own, more exact words ("it unpacks to 300 MB, ...").
 */
const CONVERT_STRINGS = Object.freeze({
  'convert.too_large': 'it is too large or too complex to convert safely',
  'convert.timed_out': 'converting it took too long',
  'convert.transient': 'it could not be converted just now',
});

/**
 * A booked call in the firm's language (`booking/call-words.ts`): the enquiry's meta entry
 * upstream, and the event in the host's calendar. A call the booking limits did not hold
 * (`intake/call-booking.ts`): its time as the firm's preferred times, and what the visitor is
 * told in theirs (the answer, the page without JavaScript, the confirmation email).
 */
const BOOKING_STRINGS = Object.freeze({
  'booking.with': 'with {host}',
  'booking.preferred': 'Preferred times: {text}',
  'booking.eventTitle': 'Call with {name}',
  'booking.eventText': '{caseType}, enquiry {reference}',
  'booking.notHeldValue':
    '{time}, chosen from the times offered, but not held: calls were being booked faster than people book',
  'booking.notHeld':
    'We could not hold a call at the time you chose ({when}): many calls were booked in a short time. We have your enquiry, with that time as the one you prefer, and will contact you to agree a time.',
});

/** Every word of the proxy's own. */
export const PROXY_STRINGS = Object.freeze({
  ...PAGE_STRINGS,
  ...KIND_STRINGS,
  ...CONVERT_STRINGS,
  ...REFUSAL_STRINGS,
  ...UPLOAD_REFUSAL_STRINGS,
  ...EMAIL_STRINGS,
  ...BOOKING_STRINGS,
});
