/**
 * A person found by their telephone number (`findSubject` in `rights.ts`; the earlier enquiry a
 * lead repeats, `routing.ts`). Numbers are compared in E.164, exactly: `+44 20 7946 0958`
 * (London) and `+1 207 946 0958` (Maine) end in the same ten digits and are two people. The
 * index on the stored number's last ten digits (`phoneKeyExpression`, in both schemas) narrows
 * the search to a few rows; the comparison decides. A number written without its country code
 * (`020 7946 0958`, as the form lets a visitor type it) is read as one of the country given (the
 * form's `phone.defaultCountry`, or one an operator names), else of the country of the number
 * it is compared with.
 */
import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Dialect } from './plan.ts';

/** A number's last ten digits, or all of them when it has fewer: what the index holds. */
export const lastTen = (value: string) => {
  const digits = value.replace(/\D/g, '');
  return digits.length > 10 ? digits.slice(-10) : digits;
};

/** `value` read as a telephone number, one without a country code as `country`'s. */
const read = (value: string, country: string | undefined) =>
  parsePhoneNumberFromString(
    value.trim(),
    country !== undefined && isSupportedCountry(country) ? country : undefined,
  );

/** How stored numbers that are one number are found: the index keys, then the check. */
export interface NumberMatch {
  /** The index keys its stored forms can have: international, national, with its trunk prefix. */
  keys: string[];
  /** True when a stored number is this one. */
  isThis(stored: string): boolean;
}

/** A number asked about, as `findSubject` looks for it. */
export interface AskedNumber extends NumberMatch {
  /** The number in E.164, e.g. `+442079460958`. */
  e164: string;
}

/**
 * `telephone` read as a number to look for, or undefined when it cannot be (no country code and
 * no `country` to read it in, or not a number at all).
 *
 * @example askedNumber('020 7946 0958', 'GB')?.e164 // '+442079460958'
 */
export function askedNumber(telephone: string, country?: string): AskedNumber | undefined {
  const asked = read(telephone, country);
  if (!asked) return undefined;
  // Where stored national numbers are read: the country named, else the asked number's own
  // (its calling code's main country when several share it, as +44's do).
  const home = country ?? asked.country ?? asked.getPossibleCountries()[0];
  return {
    e164: asked.number,
    keys: [...new Set([asked.number, asked.nationalNumber, asked.formatNational()].map(lastTen))],
    isThis: (stored) => read(stored, home)?.number === asked.number,
  };
}

/** Digits only. */
const digitsOf = (value: string) => value.replace(/\D/g, '');

/**
 * `telephone` as a later enquiry's number is matched (a repeat, `routing.ts`): in E.164 like
 * `askedNumber`, and when it has no country code and no `country` says where it is, read in the
 * country of each stored number that has one (`07700 900123` is `+44 7700 900123`), or the same
 * digits as a stored number without one. Undefined for fewer than seven digits: no number.
 *
 * @example matchingNumber('07700 900123')?.isThis('+44 7700 900123') // true
 */
export function matchingNumber(telephone: string, country?: string): NumberMatch | undefined {
  const digits = digitsOf(telephone);
  if (digits.length < 7) return undefined;
  const asked = askedNumber(telephone, country);
  if (asked) return asked;
  return {
    keys: [lastTen(digits)],
    isThis: (stored) => {
      // Read where the stored number is: under its calling code (a number in a range kept for
      // drama, `+44 7700 900123`, has no country, only its code).
      const other = read(stored, undefined);
      if (!other) return digitsOf(stored) === digits;
      const here = parsePhoneNumberFromString(telephone.trim(), {
        defaultCallingCode: other.countryCallingCode,
      });
      return here?.number === other.number;
    },
  };
}

/** The telephone number a stored enquiry (its `upstream` JSON) holds; '' for none. */
export function storedTelephone(upstream: string | undefined): string {
  const value = (JSON.parse(upstream ?? '{}') as { telephone_mobile?: unknown }).telephone_mobile;
  return typeof value === 'string' ? value : '';
}

/** True when `country` is a country code numbers can be read in (ISO 3166-1 alpha-2). */
export const isPhoneCountry = (country: string): boolean => isSupportedCountry(country);

/**
 * `lastTen` of the stored telephone number, in SQL (both schemas index this expression): the
 * number as the form's check lets it be written (`rules.ts`: digits, spaces, `+ ( ) . / -`)
 * with all but its digits removed, then the last ten.
 */
export const phoneKeyExpression = (d: Dialect) => {
  const digits = [' ', '+', '(', ')', '.', '/', '-'].reduce(
    (expression, character) => `REPLACE(${expression}, '${character}', '')`,
    d.jsonText('upstream', 'telephone_mobile'),
  );
  return `(CASE WHEN LENGTH(${digits}) > 10 THEN SUBSTR(${digits}, LENGTH(${digits}) - 9) ELSE ${digits} END)`;
};
