/**
 * The proxy's words about what follows a booked call, as its visitor reads them, in English
 * (`docs/booking.md`, "Reminders and the meeting link"): where the call happens (its meeting's
 * link, or by telephone), in the confirmation, the invitation, the reminders and the call's
 * page; and the reminder emailed before it (`booking/call-reminders.ts`). Every language lists
 * them (`cy-after-call.ts`); a strings file without them says them in English
 * (`schemas/strings-file.ts`).
 */
export const AFTER_CALL_WORDS = Object.freeze({
  'call.where': 'Where',
  'call.joinAt': 'Join the call at this link:',
  'call.byTelephone': 'By telephone: we will call you on {telephone}.',
  'call.byTelephoneNoNumber': 'By telephone: the firm will contact you for a number to call.',
  'call.locationTelephone': 'By telephone',
  'call.linkFollows': 'Online: the link to join the call follows by email.',
  'call.locationOnline': 'Online meeting (link to follow)',
  'call.meetingSubject': 'The link to your call ({reference})',
  'call.meetingReady':
    'The link to join your call is ready. The attached invitation adds it to your calendar.',
  'call.meetingNoneSubject': 'Your call will be by telephone ({reference})',
  'call.meetingNone':
    'The online meeting could not be made, so your call will be by telephone: the firm will call you.',
  'call.reminderSubject': 'Reminder: your call ({reference})',
  'call.reminderIntro': 'A reminder of your call with the firm:',
  'call.reminderWhen': '{when}, with {host}.',
});
