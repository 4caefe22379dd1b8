/**
 * What the box for unfinished enquiries says in the widget, in English (issue 87,
 * `docs/unfinished.md`): the words of the widget's box, which the proxy lists too, so that the
 * Welsh and a strings file for another language have them. The proxy keeps a record's consent
 * as these words read, in the visitor's language (`intake/unfinished/consent-words.ts`). `{days}` and `{after}` are lengths of time in the
 * visitor's language (`unfinished.ts`'s `lengthIn`): "7 days", "24 hours".
 */
export const UNFINISHED_STRINGS = /* @__PURE__ */ Object.freeze({
  unfinishedKeep: 'Keep what I have typed so that the firm can help if I do not finish',
  unfinishedKeepHint:
    'Only the firm will see it. It is erased {days} after your last change, or at once if you untick this box. Until you tick it, nothing you type leaves this page. Files are not kept.',
  unfinishedRemind: 'Email me one reminder with a link back to this form',
  unfinishedRemindHint:
    'Once, {after} after your last change, unless you send your enquiry first. The link opens only with a code we send to your email address.',
  unfinishedKept: 'What you have typed is kept.',
  unfinishedErased: 'What you had typed is erased.',
});
