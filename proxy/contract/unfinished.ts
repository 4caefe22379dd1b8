/**
 * Unfinished enquiries (issue 87, `docs/unfinished.md`) as the widget and the proxy both know
 * them: the routes' requests, and how a length of time is written in the box's words, so that
 * the consent the proxy keeps says what the widget showed. Types and a pure helper: only the
 * unfinished enquiries' chunk takes them into the browser.
 */
import type { ContactFieldName } from './fields.ts';
import type { Answer } from './schemas/enquiry-part.ts';

/** The hours of a day, and the minutes of an hour. */
const DAY_HOURS = 24;

/**
 * `hours` written as the box writes it in `locale`: whole days as days ("7 days", "7 diwrnod"),
 * an hour or more as hours ("24 hours", "1.5 hours"), less as minutes ("30 minutes").
 *
 * @example lengthIn('en', 7 * 24) // '7 days'
 */
export function lengthIn(locale: string, hours: number): string {
  const [unit, count] =
    hours >= DAY_HOURS && hours % DAY_HOURS === 0
      ? (['day', hours / DAY_HOURS] as const)
      : hours >= 1
        ? (['hour', hours] as const)
        : (['minute', Math.max(1, Math.round(hours * 60))] as const);
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'long',
    maximumFractionDigits: 1,
  }).format(count);
}

/** What a record holds of the form: the contact fields and the case type by name, the answers. */
export type UnfinishedValues = Record<ContactFieldName | 'case_type', string> & {
  answers: Record<string, Answer>;
};

/**
 * `POST /api/unfinished`: the record as the page holds it now, sent once its box is ticked and
 * then a couple of seconds after each change, and as the page is hidden. Answered `204`
 * whatever the outbox made of it (an older keep, or another page's id, changes nothing).
 */
export interface UnfinishedKeepRequest {
  /** 128 random bits in hex, made by the page when its box is first ticked. */
  id: string;
  /** 128 random bits in base64url that only this page holds; the proxy keeps its hash. */
  secret: string;
  /** This page's count of its keeps and erasures, one more each time. */
  seq: number;
  /** The page's form token: the enquiry it sends takes the record over. */
  form_token: string;
  lang?: string | undefined;
  form_version?: number | undefined;
  values: UnfinishedValues;
  marketing: { lead_referer: string; campaign: string; keywords: string; detail: string };
  /** The one reminder asked for (only with an email address, and a form offering it). */
  remind: boolean;
  /** The page the form is on, without its fragment: where the reminder's link leads. */
  page: string;
}

/**
 * `POST /api/unfinished/erase`: the box unticked (erased at once), or, with `sent`, the enquiry
 * of that reference sent from it (its transaction took it over, unless the form token changed).
 * Answered `204` whatever was there.
 */
export interface UnfinishedEraseRequest {
  id: string;
  secret: string;
  seq: number;
  lang?: string | undefined;
  sent?: string | undefined;
}
