/**
 * The languages the product ships (English and Welsh), and a language's words as the widget is
 * sent them. Runs in browsers, but the widget never imports it: `GET /api/form` sends a visitor
 * the widget's words in their language.
 */
import { WELSH } from './cy.ts';
import { ENGLISH, WIDGET_STRINGS, type Strings, type WidgetStringKey } from './english.ts';

/** The languages the product ships, by primary language subtag. */
export const SHIPPED_STRINGS: Readonly<Record<string, Strings>> = Object.freeze({
  en: ENGLISH,
  cy: WELSH,
});

/** `cy` of `cy-GB`: what a language's words are looked up by. */
export const primaryLanguage = (tag: string): string => tag.toLowerCase().split('-')[0] ?? '';

/** Languages written right to left, by their primary subtag. */
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'yi', 'dv', 'ckb']);

/**
 * Whether `tag` is written right to left: the widget's `dir` (from `GET /api/form`), the page
 * without JavaScript's `<html dir>` and every email to a visitor follow it.
 */
export const rightToLeft = (tag: string) => RIGHT_TO_LEFT.has(primaryLanguage(tag));

/** English or one of its regional forms: the words every bundle already has. */
export const isEnglish = (tag: string): boolean => primaryLanguage(tag) === 'en';

/**
 * The words the product ships for `tag` (`cy-GB` reads Welsh), or undefined.
 *
 * @example shippedStrings('cy-GB')?.submit // 'Anfon ymholiad'
 */
export const shippedStrings = (tag: string): Strings | undefined =>
  SHIPPED_STRINGS[primaryLanguage(tag)];

/** The widget's words of a language: what its visitors are sent. */
export const widgetStrings = (strings: Strings): Record<WidgetStringKey, string> =>
  Object.fromEntries(
    Object.keys(WIDGET_STRINGS).map((key) => [key, strings[key as WidgetStringKey]]),
  ) as Record<WidgetStringKey, string>;
