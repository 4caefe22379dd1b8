/**
 * The mailbox domain a visitor's email is counted under by the booking limits
 * (`call-limits.ts`), and whether it is one of the big free-mail domains, whose visitors are
 * many different people and so share a generous allowance, where any other domain (a firm's, a
 * family's, a throwaway one) has a small one.
 */
import { mailboxOf } from '../outbox/mailbox.ts';

/**
 * The free-mail domains most of a firm's visitors write from (the UK's and the world's largest
 * providers and ISPs); `booking.limits.freeMailDomains` adds a firm's own.
 */
const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'live.co.uk',
  'msn.com',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'aol.co.uk',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.co.uk',
  'gmx.net',
  'gmx.de',
  'web.de',
  't-online.de',
  'mail.com',
  'zoho.com',
  'yandex.com',
  'mail.ru',
  'btinternet.com',
  'btopenworld.com',
  'sky.com',
  'virginmedia.com',
  'ntlworld.com',
  'blueyonder.co.uk',
  'talktalk.net',
  'tiscali.co.uk',
  'orange.fr',
  'free.fr',
  'laposte.net',
  'libero.it',
  'comcast.net',
  'att.net',
  'verizon.net',
  'qq.com',
  '163.com',
]);

/**
 * The domain `email` is counted under: its mailbox's domain (Googlemail is Gmail) without the
 * labels to the left of the name a person registers, so that `a.throwaway.example` and
 * `b.throwaway.example` count as one (`co.uk`, `com.au` and the like taken as one suffix);
 * empty when there is no domain.
 *
 * @example countedDomain('Ada+x@Mail.Throwaway.example') // 'throwaway.example'
 * @example countedDomain('ada@cy.lovelace-law.co.uk') // 'lovelace-law.co.uk'
 */
export function countedDomain(email: string): string {
  const mailbox = mailboxOf(email);
  const at = mailbox.lastIndexOf('@');
  if (at < 0) return '';
  const labels = mailbox
    .slice(at + 1)
    .split('.')
    .filter(Boolean);
  // A country's second level (`co.uk`, `com.au`, `ac.jp`) is part of the suffix.
  const [second = '', top = ''] = labels.slice(-2);
  const suffix = top.length === 2 && SECOND_LEVELS.has(second) && labels.length > 2 ? 3 : 2;
  return labels.slice(-suffix).join('.');
}

/** The second levels countries register names under (`co.uk`, `org.au`, `ac.jp`, `ltd.uk`). */
const SECOND_LEVELS: ReadonlySet<string> = new Set([
  'co',
  'com',
  'org',
  'net',
  'ac',
  'gov',
  'edu',
  'ltd',
  'plc',
  'me',
  'nhs',
  'sch',
  'ne',
  'or',
]);

/** True when `domain` is a big free-mail domain, or one the firm added (`freeMailDomains`). */
export const isFreeMail = (domain: string, added: readonly string[]): boolean =>
  FREE_MAIL_DOMAINS.has(domain) || added.includes(domain);
