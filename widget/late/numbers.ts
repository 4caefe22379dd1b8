/**
 * Numbers the late bundle says in the visitor's language: upload progress and waits. Here, not
 * on the element's `Translator`, as nothing before a send says them.
 */
import type { Translator } from '../i18n.ts';

/** 0.42 → "42%" (or the locale's way of writing it). */
export const percent = (t: Translator, fraction: number): string =>
  new Intl.NumberFormat(t.locale, { style: 'percent' }).format(fraction);

/** A wait in seconds as "in 2 minutes", rounded up to whole minutes past one minute. */
export function after(t: Translator, seconds: number): string {
  const format = new Intl.RelativeTimeFormat(t.locale, { numeric: 'auto' });
  return seconds < 60
    ? format.format(Math.max(1, Math.ceil(seconds)), 'second')
    : format.format(Math.ceil(seconds / 60), 'minute');
}
