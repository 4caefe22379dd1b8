/**
 * The proxy's own words about unfinished enquiries, in English: the one reminder's email (its
 * link opens as a saved enquiry's does, so it says what `draft.linkCode` says of the code), and
 * what the page without JavaScript says of its box. Every language lists them
 * (`cy-unfinished.ts`).
 */
export const UNFINISHED_WORDS = Object.freeze({
  'unfinished.reminderSubject': 'Your unfinished enquiry',
  'unfinished.reminderIntro':
    'You asked us to remind you once about the enquiry you started. To carry on where you left off, open this link on any device:',
  'unfinished.reminderUntil':
    'What you typed is kept until {date}, then erased. To erase it sooner, open the link and untick “Keep what I have typed”.',
  'unfinished.reminderIgnore':
    'If you did not start an enquiry, you can ignore this email: nobody can open what was typed without a code sent to this address, and it is erased on {date}.',
  'unfinished.pageNeedsContact':
    'Nothing was kept: type your email address or telephone number to keep what you have typed.',
  'unfinished.pageKeep': 'Keep what I have typed',
  'unfinished.pageErase': 'Erase what is kept',
  'unfinished.pageKept':
    'What you have typed is kept until {date}. Only the firm will see it. To take it back, press “Erase what is kept”: it is erased at once. Sending your enquiry takes its place.',
  'unfinished.pageNotTicked':
    'Nothing was kept: tick the box “Keep what I have typed so that the firm can help if I do not finish” first.',
});
