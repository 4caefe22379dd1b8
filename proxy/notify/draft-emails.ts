/**
 * The two emails of a saved enquiry, to the address it was saved for, in the language the
 * visitor read the form in: the link (the page the form was on, with the draft's id and key in
 * its fragment) and a code that opens it. Neither says anything the visitor typed. The link is
 * written once, when the draft is saved: its key is in this email and nowhere else the proxy
 * keeps, and the outbox drops the email once it has gone (`outbox/machine/notifications.ts`).
 */
import { DRAFT_CODE_MINUTES, DRAFT_FRAGMENT } from '../contract/drafts.ts';
import type { Strings } from '../contract/strings/english.ts';
import { formatIn } from '../contract/plurals.ts';
import { escapeHtml, mailOpening, type ConfirmationMail } from './confirmation-email.ts';

/** What a saved enquiry's email is written from. */
export interface DraftMailFacts {
  /** The language it is written in, and its words. */
  lang: string;
  words: Strings;
  /** The time zone a date is written in (the confirmation's, else the UK's). */
  timeZone: string;
}

/** `lang`'s long form of the day `at` falls on, in `timeZone`. */
export const dayIn = (facts: Pick<DraftMailFacts, 'lang' | 'timeZone'>, at: number) =>
  new Intl.DateTimeFormat(facts.lang, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: facts.timeZone,
  }).format(at);

/**
 * An email of paragraphs in `facts.lang`, with one of them set apart (the link, the code, a
 * call's time): a saved enquiry's, and a visitor's of their call changed (`booking/call-changes.ts`).
 */
export function mailOf(
  facts: Pick<DraftMailFacts, 'lang'>,
  subject: string,
  before: readonly string[],
  setApart: { text: string; html: string },
  after: readonly string[],
): ConfirmationMail {
  const text = [...before, '', setApart.text, '', ...after.flatMap((p) => [p, '']), ''].join('\n');
  const html = [
    ...mailOpening(facts.lang, subject),
    ...before.map((p) => `<p>${escapeHtml(p)}</p>`),
    setApart.html,
    ...after.map((p) => `<p>${escapeHtml(p)}</p>`),
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/** The link to a draft: the page it was saved on, the draft's id and key in the fragment. */
export const draftLink = (page: string, id: string, key: string): string =>
  `${page}#${DRAFT_FRAGMENT}=${id}.${key}`;

/**
 * The email with the link, which works until `expiresAt`.
 *
 * @example draftLinkMail(facts, 'https://firm.example/contact#enquiry-draft=…', at).subject // 'Your saved enquiry'
 */
export function draftLinkMail(facts: DraftMailFacts, link: string, expiresAt: number) {
  const { words } = facts;
  const say = (key: keyof Strings, params?: Record<string, string>) =>
    formatIn(facts.lang, words[key], params);
  return mailOf(
    facts,
    say('draft.linkSubject'),
    [say('draft.linkIntro')],
    {
      text: link,
      html: `<p><a href="${escapeHtml(link)}" style="font-size:1.1em">${escapeHtml(link)}</a></p>`,
    },
    [
      say('draft.linkUntil', { date: dayIn(facts, expiresAt) }),
      say('draft.linkCode'),
      say('draft.linkIgnore'),
    ],
  );
}

/**
 * An unfinished enquiry's one reminder (`intake/unfinished/unfinished-reminders.ts`): the link
 * back to the form with what was typed, which opens as a saved enquiry's does (with a code sent
 * to this address), and until when it is kept. It says nothing the visitor typed.
 */
export function reminderMail(facts: DraftMailFacts, link: string, expiresAt: number) {
  const say = (key: keyof Strings) =>
    formatIn(facts.lang, facts.words[key], { date: dayIn(facts, expiresAt) });
  return mailOf(
    facts,
    say('unfinished.reminderSubject'),
    [say('unfinished.reminderIntro')],
    {
      text: link,
      html: `<p><a href="${escapeHtml(link)}" style="font-size:1.1em">${escapeHtml(link)}</a></p>`,
    },
    [say('unfinished.reminderUntil'), say('draft.linkCode'), say('unfinished.reminderIgnore')],
  );
}

/** The email with a code, which works for `DRAFT_CODE_MINUTES`. */
export function draftCodeMail(facts: DraftMailFacts, code: string) {
  const { words } = facts;
  const say = (key: keyof Strings) => formatIn(facts.lang, words[key], {});
  return mailOf(
    facts,
    say('draft.codeSubject'),
    [say('draft.codeIntro')],
    {
      text: `    ${code}`,
      html: `<p style="font-size:1.6em;letter-spacing:0.2em"><strong>${code}</strong></p>`,
    },
    [say('draft.codeUntil'), say('draft.codeIgnore')],
  );
}

/** How long a code works, in milliseconds. */
export const DRAFT_CODE_MS = DRAFT_CODE_MINUTES * 60_000;
