/**
 * The proxy's own words about a booked call, as the visitor reads them, in English: the lines of
 * the confirmation email that give the call and its link, the invitation's title, and the page
 * that link opens to cancel or move it (`intake/page/call-page.ts`). Every language lists them
 * (`cy-call.ts`); a strings file without them says them in English (`schemas/strings-file.ts`).
 */
export const VISITOR_CALL_WORDS = Object.freeze({
  'call.emailWhen': 'Your call',
  'call.emailChange': 'To cancel the call or choose another time, open this link:',
  'call.invitationTitle': 'Call about your enquiry {reference}',
  'call.pageTitle': 'Your call',
  'call.when': 'When',
  'call.with': 'With',
  'call.zone': 'Times are in {zone}.',
  'call.cancelHeading': 'Cancel the call',
  'call.cancelButton': 'Cancel the call',
  'call.moveHeading': 'Choose another time',
  'call.moveButton': 'Move the call to this time',
  'call.noTimes': 'No other time is free just now. You can cancel, and the firm will contact you.',
  'call.cancelled': 'Your call is cancelled, and the firm has been told.',
  'call.moved': 'Your call is now {when}. The firm has been told.',
  'call.taken': 'That time was just taken. Choose another time.',
  'call.gone': 'This call was cancelled, or it has passed: there is nothing to change.',
  'call.stale': 'The call changed since this page was opened: here it is as it is now.',
  'call.unknown': 'This link does not open a call. Check that you copied all of it from the email.',
});
