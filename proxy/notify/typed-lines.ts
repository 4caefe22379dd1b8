/**
 * What a visitor typed, written into a message of the firm's own (the confirmation email, a
 * team's notice, the alert about an undelivered lead, `npm run outbox -- show`): every line of
 * it indented under its label, so that no line the visitor wrote starts where the message's own
 * lines start. A multi-line answer holding "Given to: ann@…" or "Open it in the console: …"
 * then reads as part of the answer, never as a line the proxy wrote.
 */

/**
 * Every way a line ends in text a mail client or a terminal shows: CR LF, LF, CR, the vertical
 * tab, form feed and NEL (refused in answers, but read here all the same), and Unicode's line
 * and paragraph separators, which a one-line answer may hold and a mail client may break at.
 */
const LINE_END = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/;

/** The indent of a visitor's lines under their label. */
const INDENT = '  ';

/**
 * `value`'s lines, each indented.
 *
 * @example typedLines('Call me\nGiven to: ann@firm.example') // ['  Call me', '  Given to: ann@firm.example']
 */
export const typedLines = (value: string): string[] =>
  value.split(LINE_END).map((line) => `${INDENT}${line}`);

/**
 * A `Label: value` line, or, when the value spans lines, the label alone and each of its lines
 * indented below it; nothing for an empty value.
 *
 * @example labelled('Notes', 'Call me\nToday') // ['Notes:', '  Call me', '  Today']
 */
export function labelled(label: string, value: string | undefined): string[] {
  if (value === undefined || value === '') return [];
  const lines = typedLines(value);
  return lines.length === 1 ? [`${label}: ${value}`] : [`${label}:`, ...lines];
}
