/**
 * The visitor's confirmation email, written when the enquiry is stored (so it says what was
 * stored, and sending needs nothing but the outbox row): the firm's subject and intro, the
 * reference, the time received, the receipt code, a booked call's time and the link to cancel
 * or move it (its invitation goes beside, `channels.ts`), or why the call asked for was not held
 * (the booking limits), and with `includeAnswers` each visible
 * question's label and answer and each file's name. Never the files, never the attribution.
 *
 * Every value the visitor typed is escaped in the HTML part, indented under its label in the
 * text part, every line of it (`typed-lines.ts`), and in both parts a word joiner
 * (U+2060, invisible) follows each `.`, `@` and `:` in it, so that no mail client turns an
 * address or a web address typed into the form into a link the firm seems to have sent.
 */
import type { UpstreamEnquiry } from '../client/schemas.ts';
import { emailWords, type ConfirmationConfig } from '../contract/schemas/confirmation.ts';
import type { CaseType } from '../contract/schemas/form-config.ts';
import { primaryLanguage, rightToLeft } from '../contract/strings/catalogue.ts';
import { ENGLISH, type Strings } from '../contract/strings/english.ts';
import { typedLines } from './typed-lines.ts';

/** An email ready to send: both parts. */
export interface ConfirmationMail {
  subject: string;
  text: string;
  html: string;
}

/** What one confirmation is written from. */
export interface ConfirmationFacts {
  reference: string;
  receivedAt: number;
  receiptCode: string;
  /** The enquiry with the labels and options' words the visitor read. */
  upstream: UpstreamEnquiry;
  files: readonly { name: string }[];
  /**
   * The call it booked: when (in the visitor's words), where (its meeting's link, or by
   * telephone), the page to cancel or move it, and the appointment question it answers, whose
   * answer is written as `when` (not its ISO start).
   */
  call?: { when: string; link: string; place?: { text: string; link?: string }; question: string };
  /** Why the call it asked for was not held, in the visitor's words (`docs/booking.md`, "Limits"). */
  callNotHeld?: string;
}

const WORD_JOINER = '\u2060';

/** A visitor's value no mail client will make a link of. */
const unlinkable = (value: string) => value.replace(/[.@:]/g, `$&${WORD_JOINER}`);

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe to put in HTML, its line breaks kept. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char).replace(/\r?\n/g, '<br>');

/** A link of the firm's own (never one typed into the form), as an anchor showing itself. */
const anchor = (link: string) => `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`;

/**
 * The HTML part of an email to a visitor up to its body: in their language, right to left where
 * it is written so (Arabic), as the form was.
 */
export const mailOpening = (lang: string, subject: string): string[] => [
  `<!doctype html><html lang="${escapeHtml(lang)}"${rightToLeft(lang) ? ' dir="rtl"' : ''}><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
  '<body style="font-family:sans-serif;line-height:1.5;color:#0b0c0c">',
];

/** The language the visitor read the form in (none for a form in one), and its words. */
export interface EmailLanguage {
  lang: string | undefined;
  words: Strings;
}

const FIRM_LANGUAGE: EmailLanguage = { lang: undefined, words: ENGLISH };

/**
 * The email's `lang`: the configured one (`en-GB`) while the visitor reads its language, so a
 * visitor in the firm's language gets the email as it always was; else the visitor's.
 */
const emailLang = (configured: string, visitor: string | undefined) =>
  visitor === undefined || primaryLanguage(visitor) === primaryLanguage(configured)
    ? configured
    : visitor;

/**
 * Writes the confirmation of one enquiry in `language`: `config` is the visitor's form's
 * `confirmation` (its subject and intro translated like any text), `caseType` theirs.
 */
export function confirmationMail(
  config: ConfirmationConfig,
  caseType: CaseType | undefined,
  facts: ConfirmationFacts,
  language: EmailLanguage = FIRM_LANGUAGE,
): ConfirmationMail {
  const words = { ...emailWords(language.words), ...config.strings };
  const lang = emailLang(config.lang, language.lang);
  const received = new Intl.DateTimeFormat(lang, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: config.timeZone,
    timeZoneName: 'short',
  }).format(facts.receivedAt);
  // Questions the visitor saw: hidden ones (from the page's address) and consent are not theirs.
  const asked = new Set(
    caseType?.questions.filter((q) => q.type !== 'hidden').map((q) => q.id) ?? [],
  );
  // Each answer as the visitor typed it, made unlinkable; a call's in our own words instead.
  const answers = config.includeAnswers
    ? facts.upstream.meta
        .filter((entry) => asked.has(entry.id))
        .map((entry) => ({
          label: entry.label,
          value: entry.id === facts.call?.question ? facts.call.when : unlinkable(entry.value),
        }))
    : [];
  const files = config.includeAnswers ? facts.files.map((file) => file.name) : [];
  const subject = config.subject.replaceAll('{reference}', facts.reference);
  const summary: [string, string][] = [
    [words.reference, facts.reference],
    [words.receivedAt, received],
    [words.receipt, facts.receiptCode],
    ...(facts.call
      ? [[language.words['call.emailWhen'], facts.call.when] as [string, string]]
      : []),
  ];
  // The link is the proxy's own (`/booking/<token>`): the one link the email makes.
  const change = facts.call && { words: language.words['call.emailChange'], link: facts.call.link };
  // Where: the meeting's link (the firm's own, from its configuration) or the telephone.
  const place = facts.call?.place;

  const text = [
    config.intro,
    '',
    ...summary.map(([label, value]) => `${label}: ${value}`),
    words.receiptHint,
    ...(place ? ['', place.text, ...(place.link ? [place.link] : [])] : []),
    ...(change ? ['', change.words, change.link] : []),
    ...(facts.callNotHeld ? ['', facts.callNotHeld] : []),
    ...(answers.length > 0
      ? ['', `${words.answers}:`, ...answers.flatMap((a) => [a.label, ...typedLines(a.value)])]
      : []),
    ...(files.length > 0 ? ['', `${words.files}:`, ...files.map((f) => `- ${unlinkable(f)}`)] : []),
    '',
    words.notReply,
    '',
  ].join('\n');

  const row = (label: string, value: string) =>
    `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${value}</td></tr>`;
  const html = [
    ...mailOpening(lang, subject),
    `<p>${escapeHtml(config.intro)}</p>`,
    `<table>${summary.map(([label, value]) => row(label, `<strong>${escapeHtml(value)}</strong>`)).join('')}</table>`,
    `<p>${escapeHtml(words.receiptHint)}</p>`,
    place ? `<p>${escapeHtml(place.text)}${place.link ? `<br>${anchor(place.link)}` : ''}</p>` : '',
    change ? `<p>${escapeHtml(change.words)}<br>${anchor(change.link)}</p>` : '',
    facts.callNotHeld ? `<p>${escapeHtml(facts.callNotHeld)}</p>` : '',
    answers.length > 0
      ? `<h2 style="font-size:1.1em">${escapeHtml(words.answers)}</h2><table>${answers
          .map((a) => row(a.label, escapeHtml(a.value)))
          .join('')}</table>`
      : '',
    files.length > 0
      ? `<h2 style="font-size:1.1em">${escapeHtml(words.files)}</h2><ul>${files
          .map((name) => `<li>${escapeHtml(unlinkable(name))}</li>`)
          .join('')}</ul>`
      : '',
    `<p style="color:#505a5f">${escapeHtml(words.notReply)}</p>`,
    '</body></html>',
  ].join('\n');

  return { subject, text, html };
}
