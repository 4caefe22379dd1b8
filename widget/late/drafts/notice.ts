/**
 * A notice above the form, in the GOV.UK notification banner's manner: what happened to the
 * saved answers, and the questions to answer again, named. Focus goes to it, so a screen reader
 * reads it first, as a sighted visitor does.
 */
import { el } from './dom.ts';

/** The notice: each of `lines` a paragraph, then `list` as a list. */
export function notice(lines: readonly string[], list: readonly string[]): HTMLDivElement {
  return el(
    'div',
    { class: 'drafts-notice', part: 'saved-notice', role: 'status', tabindex: '-1' },
    ...lines.map((line) => el('p', {}, line)),
    ...(list.length > 0 ? [el('ul', {}, ...list.map((item) => el('li', {}, item)))] : []),
  );
}
