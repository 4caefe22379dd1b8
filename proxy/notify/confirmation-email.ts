/**
 * The visitor's confirmation email, written when the enquiry is stored (so it says what was
 * stored, and sending needs nothing but the outbox row): the firm's subject and intro, the
 * reference, the time received, the receipt code, and with `includeAnswers` each visible
 * question's label and answer and each file's name. Never the files, never the attribution.
 *
 * Every value the visitor typed is escaped in the HTML part, and in both parts a word joiner
 * (U+2060, invisible) follows each `.`, `@` and `:` in it, so that no mail client turns an
 * address or a web address typed into the form into a link the firm seems to have sent.
 */
import type { UpstreamEnquiry } from '../client/schemas.ts';
import {
  CONFIRMATION_EMAIL_STRINGS,
  type ConfirmationConfig,
} from '../contract/schemas/confirmation.ts';
import type { CaseType } from '../contract/schemas/form-config.ts';

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
  upstream: UpstreamEnquiry;
  files: readonly { name: string }[];
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
const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char).replace(/\r?\n/g, '<br>');

/** Writes the confirmation of one enquiry. */
export function confirmationMail(
  config: ConfirmationConfig,
  caseType: CaseType | undefined,
  facts: ConfirmationFacts,
): ConfirmationMail {
  const words = { ...CONFIRMATION_EMAIL_STRINGS, ...config.strings };
  const received = new Intl.DateTimeFormat(config.lang, {
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
  const answers = config.includeAnswers
    ? facts.upstream.meta.filter((entry) => asked.has(entry.id))
    : [];
  const files = config.includeAnswers ? facts.files.map((file) => file.name) : [];
  const subject = config.subject.replaceAll('{reference}', facts.reference);
  const summary: [string, string][] = [
    [words.reference, facts.reference],
    [words.receivedAt, received],
    [words.receipt, facts.receiptCode],
  ];

  const text = [
    config.intro,
    '',
    ...summary.map(([label, value]) => `${label}: ${value}`),
    words.receiptHint,
    ...(answers.length > 0
      ? ['', `${words.answers}:`, ...answers.map((a) => `${a.label}\n  ${unlinkable(a.value)}`)]
      : []),
    ...(files.length > 0 ? ['', `${words.files}:`, ...files.map((f) => `- ${unlinkable(f)}`)] : []),
    '',
    words.notReply,
    '',
  ].join('\n');

  const row = (label: string, value: string) =>
    `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${value}</td></tr>`;
  const html = [
    `<!doctype html><html lang="${escapeHtml(config.lang)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:sans-serif;line-height:1.5;color:#0b0c0c">',
    `<p>${escapeHtml(config.intro)}</p>`,
    `<table>${summary.map(([label, value]) => row(label, `<strong>${escapeHtml(value)}</strong>`)).join('')}</table>`,
    `<p>${escapeHtml(words.receiptHint)}</p>`,
    answers.length > 0
      ? `<h2 style="font-size:1.1em">${escapeHtml(words.answers)}</h2><table>${answers
          .map((a) => row(a.label, escapeHtml(unlinkable(a.value))))
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
