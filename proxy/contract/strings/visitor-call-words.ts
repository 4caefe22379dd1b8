/**
 * The proxy's own words about a booked call, as the visitor reads them, in English: the lines of
 * the confirmation email that give the call and its link, the invitation's title, the page
 * that link opens to cancel or move it (`intake/page/call-page.ts`), the emails of a call
 * cancelled or moved since (`booking/visitor-call-notice.ts`), and what the form without
 * JavaScript says of the times it offers once the answers are sent
 * (`intake/page/appointment-field.ts`). Every language lists them
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
  'call.addToCalendar': 'Add the call to your calendar (.ics file)',
  'call.notEmailed':
    'We cannot email you about this call: add it to your calendar from here, and come back to this page to change it.',
  'call.cancelledNotEmailed':
    'We cannot email you about this: take the call out of your calendar with this update.',
  'call.calendarUpdate': 'Calendar update (.ics file)',
  'call.chooseTime': 'Choose a time to move the call to.',
  'call.movesUsed':
    'This call has been moved as often as it can be here. We will gladly help you change it by telephone or email.',
  'call.tooSoon':
    'This call starts too soon to be moved here. We will gladly help you change it by telephone or email.',
  'call.telephone': 'Telephone',
  'call.email': 'Email',
  'call.stillCancel': 'You can still cancel the call.',
  'call.pageLink': 'Move or cancel the call',
  'call.sentEmailed':
    'The email we are sending you says the same, with an invitation for your calendar.',
  'call.sentNotEmailed':
    'We cannot email you about this call: keep these links to add it to your calendar, move it or cancel it.',
  'call.cancelledSubject': 'Your call is cancelled ({reference})',
  'call.cancelledByVisitor': 'Your call is cancelled, as you asked.',
  'call.cancelledByFirm': 'We are sorry: the firm has had to cancel your call.',
  'call.cancelledWhen': 'It was {when}, with {host}.',
  'call.bookAgain':
    'The firm will contact you. To choose another time yourself, send the enquiry form on the firm’s website again.',
  'call.cancelledCalendar': 'The attached update takes the call out of your calendar.',
  'call.movedSubject': 'Your call is moved ({reference})',
  'call.movedByVisitor': 'Your call is moved to the time you chose.',
  'call.movedByFirm': 'The firm has moved your call to another time.',
  'call.movedNow': 'Now: {when}, with {host}.',
  'call.movedWas': 'It was {when}.',
  'call.movedCalendar': 'The attached invitation moves the call in your calendar.',
  'call.timesOnSend':
    'Our free times depend on your answers: send the form to see them, or tell us below which days and times suit you.',
});
