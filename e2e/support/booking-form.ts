/**
 * A form with an appointment question, and free times as `GET /api/slots` serves them, for the
 * widget's specs against mocked routes (`widget/booking*.spec.ts`): a call-back with the area of
 * law first (the routing reads it, so the times depend on it), then when to call, then notes.
 * The firm is in London; its days are fixed dates, so that a spec can put the visitor in another
 * zone and across a change to summer time.
 */
import { readFileSync } from 'node:fs';
import { WELSH } from '../../proxy/contract/strings/cy.ts';
import { WIDGET_STRINGS } from '../../proxy/contract/strings/english.ts';
import { widgetStrings } from '../../proxy/contract/strings/catalogue.ts';
import type { Reply } from './widget-harness.ts';

/** The appointment question's label, as a visitor reads it. */
export const WHEN = 'When shall we call you?';

/** The form's own texts in each language (the firm writes them; the product's words are its own). */
const TEXTS = {
  en: {
    caseType: 'Book a first consultation',
    other: 'Something else',
    area: 'Which area of law is it about?',
    options: ['Family', 'Wills'],
    when: WHEN,
    hint: 'A 30-minute call with one of our solicitors.',
    notes: 'Anything else we should know?',
  },
  cy: {
    caseType: 'Trefnu ymgynghoriad cyntaf',
    other: 'Rhywbeth arall',
    area: 'Pa faes o’r gyfraith sydd dan sylw?',
    options: ['Teulu', 'Ewyllysiau'],
    when: 'Pryd hoffech chi i ni eich ffonio?',
    hint: 'Galwad 30 munud gydag un o’n cyfreithwyr.',
    notes: 'Unrhyw beth arall y dylem ei wybod?',
  },
  ar: {
    caseType: 'احجز استشارة أولى',
    other: 'أمر آخر',
    area: 'بأي مجال من مجالات القانون يتعلق الأمر؟',
    options: ['الأسرة', 'الوصايا'],
    when: 'متى تريد أن نتصل بك؟',
    hint: 'مكالمة مدتها 30 دقيقة مع أحد محامينا.',
    notes: 'هل هناك أي شيء آخر ينبغي أن نعرفه؟',
  },
};

/** The form, with the appointment question required unless said otherwise. */
export function bookingConfig({
  required = true,
  steps = false,
  lang = 'en',
}: { required?: boolean; steps?: boolean; lang?: keyof typeof TEXTS } = {}) {
  const words = TEXTS[lang];
  return {
    contact: { surname: 'optional', email: 'required', telephone_mobile: 'optional' },
    files: { maxFiles: 0, maxFileBytes: 1048576 },
    ...(steps ? { steps: true } : {}),
    caseTypes: [
      {
        id: 'consultation',
        label: words.caseType,
        questions: [
          {
            id: 'area',
            label: words.area,
            type: 'radio',
            options: words.options,
            // As `publicConfig` serves translated options: the labels, and the stored values.
            ...(lang === 'en' ? {} : { optionValues: TEXTS.en.options }),
            required: true,
          },
          {
            id: 'call',
            label: words.when,
            type: 'appointment',
            required,
            hint: words.hint,
            slotsDependOn: ['area'],
          },
          { id: 'notes', label: words.notes, type: 'textarea' },
        ],
      },
      { id: 'other', label: words.other, questions: [] },
    ],
  };
}

/** A slot of `minutes` from `start` (ISO 8601 in UTC, as served). */
export const slot = (start: string, minutes = 30) => ({
  start,
  end: new Date(Date.parse(start) + minutes * 60_000).toISOString().replace('.000Z', 'Z'),
});

/** The firm's free times: three days in December 2026 (London is on GMT then). */
export const DECEMBER = [
  '2026-12-01T09:00:00Z',
  '2026-12-01T09:30:00Z',
  '2026-12-01T14:00:00Z',
  '2026-12-02T10:00:00Z',
  '2026-12-02T10:30:00Z',
  '2026-12-03T16:30:00Z',
].map((start) => slot(start));

/** An answer of `GET /api/slots`. */
export const slotsReply = (
  slots: readonly { start: string; end: string }[],
  status: 'open' | 'full' | 'unavailable' = slots.length > 0 ? 'open' : 'full',
): Reply => ({
  status: 200,
  body: { timeZone: 'Europe/London', minutes: 30, status, slots: status === 'open' ? slots : [] },
});

/** The proxy's refusal of a time just taken (the enquiry is not stored). */
export const SLOT_TAKEN: Reply = {
  status: 400,
  body: {
    error: 'validation',
    issues: [
      {
        field: 'answers.call',
        code: 'slot_taken',
        messageKey: 'question.slot_taken',
        message: `That time was just taken. Choose another time for “${WHEN}”`,
        params: { label: WHEN },
      },
    ],
  },
};

const ARABIC = JSON.parse(
  readFileSync(new URL('../../demo/strings/ar.json', import.meta.url), 'utf8'),
) as Record<string, string>;

/**
 * The form as `GET /api/form?lang=` answers it in Welsh or Arabic: the same questions in the
 * language, the widget's words in it, right to left for Arabic.
 */
export function bookingConfigIn(lang: 'cy' | 'ar', options: { required?: boolean } = {}) {
  const strings =
    lang === 'cy'
      ? widgetStrings(WELSH)
      : Object.fromEntries(Object.keys(WIDGET_STRINGS).map((key) => [key, ARABIC[key] ?? '']));
  return {
    ...bookingConfig({ ...options, lang }),
    language: lang,
    languages: [
      { tag: 'en', name: 'English' },
      { tag: lang, name: lang === 'cy' ? 'Cymraeg' : 'العربية' },
    ],
    strings,
    ...(lang === 'ar' ? { dir: 'rtl' } : {}),
  };
}
