/**
 * The consent an unfinished enquiry keeps: the words of its box as the visitor read them, in
 * their language, with the length of time filled in as the widget fills it (`lengthIn`), and
 * those of the reminder's box when one is asked for. Made by the proxy from its own words, never
 * taken from the page: what was shown is what the form shows.
 */
import { formatIn } from '../../contract/plurals.ts';
import { lengthIn } from '../../contract/unfinished.ts';
import type { Wording } from '../../http/form-language.ts';

/**
 * The box's label and the line under it, as a visitor reading `wording` saw them.
 *
 * @example keepStatement(IN_ENGLISH, 7) // 'Keep what I have typed … It is erased 7 days after …'
 */
export const keepStatement = ({ lang, words }: Wording, keepDays: number): string =>
  `${words.unfinishedKeep}\n${formatIn(lang, words.unfinishedKeepHint, {
    days: lengthIn(lang, keepDays * 24),
  })}`;

/** The reminder box's label and the line under it, for a reminder `hours` after the last change. */
export const remindStatement = ({ lang, words }: Wording, hours: number): string =>
  `${words.unfinishedRemind}\n${formatIn(lang, words.unfinishedRemindHint, {
    after: lengthIn(lang, hours),
  })}`;
