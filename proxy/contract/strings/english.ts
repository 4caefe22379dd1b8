/**
 * Every word of the product by key, in English: the widget's (`DEFAULT_STRINGS`, the uploads
 * chunk's `UPLOAD_STRINGS`, the saved enquiries' `DRAFT_STRINGS`, the time picker's
 * `BOOKING_STRINGS` and the unfinished enquiries' box, `UNFINISHED_STRINGS`) and the proxy's own
 * (`PROXY_STRINGS`, `DRAFT_WORDS` of saved enquiries, `VISITOR_CALL_WORDS` of a booked call,
 * `AFTER_CALL_WORDS` of what follows it and `UNFINISHED_WORDS` of an unfinished enquiry's
 * reminder). Every other language has
 * each of these keys (`cy.ts`, a strings file: `schemas/strings-file.ts`).
 */
import { BOOKING_STRINGS } from '../booking-strings.ts';
import { DEFAULT_STRINGS } from '../strings.ts';
import { DRAFT_STRINGS } from '../draft-strings.ts';
import { UNFINISHED_STRINGS } from '../unfinished-strings.ts';
import { UPLOAD_STRINGS } from '../upload-strings.ts';
import { DRAFT_WORDS } from './draft-words.ts';
import { UNFINISHED_WORDS } from './unfinished-words.ts';
import { PROXY_STRINGS } from './proxy-words.ts';
import { VISITOR_CALL_WORDS } from './visitor-call-words.ts';
import { AFTER_CALL_WORDS } from './after-call-words.ts';

/** The widget's words: what `GET /api/form` sends as `strings`. */
export const WIDGET_STRINGS = Object.freeze({
  ...DEFAULT_STRINGS,
  ...UPLOAD_STRINGS,
  ...DRAFT_STRINGS,
  ...BOOKING_STRINGS,
  ...UNFINISHED_STRINGS,
});

/** Every word, in English. */
export const ENGLISH = Object.freeze({
  ...WIDGET_STRINGS,
  ...PROXY_STRINGS,
  ...DRAFT_WORDS,
  ...VISITOR_CALL_WORDS,
  ...AFTER_CALL_WORDS,
  ...UNFINISHED_WORDS,
});

/** The key of a word. */
export type StringKey = keyof typeof ENGLISH;
/** A key of the widget's words. */
export type WidgetStringKey = keyof typeof WIDGET_STRINGS;
/** Every word in one language. */
export type Strings = Readonly<Record<StringKey, string>>;
