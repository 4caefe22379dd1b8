/**
 * Plural forms in a string: `{count, plural, one {# ffeil} two {# ffeil} other {# o ffeiliau}}`,
 * ICU's syntax for the categories of `Intl.PluralRules` (`zero`, `one`, `two`, `few`, `many`,
 * `other`: Welsh uses all six). English strings need none, so the widget's English bundles carry
 * no code for them; a language whose wording changes with a count writes its forms this way.
 */
import { formatMessage, type MessageParams } from './messages.ts';

const FORM = String.raw`(?:zero|one|two|few|many|other)\s*\{(?:[^{}]|\{\w+\})*\}`;
const PLURAL = new RegExp(String.raw`\{(\w+),\s*plural,((?:\s*${FORM})+)\s*\}`, 'g');
const FORMS = /(zero|one|two|few|many|other)\s*\{((?:[^{}]|\{\w+\})*)\}/g;

/**
 * `template` with each plural block replaced by the form its count takes in `locale` (`other`
 * when that category has none), `#` standing for the count.
 *
 * @example choosePlurals('{n, plural, two {# broblem} other {# o broblemau}}', { n: 2 }, 'cy') // '{n} broblem'
 */
function choosePlurals(template: string, params: MessageParams, locale: string): string {
  if (!template.includes(', plural,')) return template;
  const rules = new Intl.PluralRules(locale);
  return template.replace(PLURAL, (whole, name: string, forms: string) => {
    const count = Number(params[name]);
    if (!(name in params) || Number.isNaN(count)) return whole;
    const chosen = new Map([...forms.matchAll(FORMS)].map(([, kind, text]) => [kind, text]));
    const text = chosen.get(rules.select(count)) ?? chosen.get('other') ?? whole;
    return text.replaceAll('#', `{${name}}`);
  });
}

/**
 * A string in `locale` with its plural forms chosen and its `{placeholders}` filled.
 *
 * @example formatIn('cy', 'Mae {n, plural, few {# problem} other {# o broblemau}}', { n: 3 }) // 'Mae 3 problem'
 */
export const formatIn = (locale: string, template: string, params: MessageParams = {}): string =>
  formatMessage(choosePlurals(template, params, locale), params);

/**
 * `n` and its noun in English, one or many, `n` grouped as en-GB writes it: the operator's words
 * (the console, alerts, `/admin/status`, the CLI). A visitor's words are their language's
 * strings, whose counts take the forms above.
 *
 * @example counted(1, 'minute') // '1 minute'
 * @example counted(1204, 'enquiry', 'enquiries') // '1,204 enquiries'
 */
export const counted = (n: number, one: string, many = `${one}s`): string =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;
