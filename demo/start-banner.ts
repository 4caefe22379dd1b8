/**
 * What `npm start` prints once the demo runs: where everything is (the mailbox that shows every
 * email, each host's feed of calls booked), how to sign in to the console, what this machine
 * converts, and how to go real. The proxy's addresses are written with `localhost`, never
 * `127.0.0.1`: passkeys (WebAuthn) refuse an IP address as their site.
 */
import { relative } from 'node:path';
import { CONFIRMATION_LIMIT_DEFAULTS } from '../proxy/contract/schemas/confirmation.ts';
import { BOOKING_LIMIT_DEFAULTS } from '../proxy/contract/schemas/booking-limits.ts';
import { testControls } from './enquiry-api/config.ts';
import { describeFaults } from './enquiry-api/fault-settings.ts';
import type { ConsoleAccess } from './console-access.ts';
import type { RunningDemo } from './stack.ts';

/** The banner's indent for a value's second line. */
const MORE = ' '.repeat(22);

/** `http://127.0.0.1:8080` as the same machine's name: `http://localhost:8080`. */
const byName = (url: string) => url.replace(/^(https?:\/\/)127\.0\.0\.1(?=[:/]|$)/, '$1localhost');

/** Word letters: converted here, or why not and how to have them. */
function documentLines(demo: Pick<RunningDemo, 'files'>, env: Record<string, string | undefined>) {
  if (demo.files.offered.includes('docx'))
    return ['  Word letters        converted to PDF (LibreOffice, in its box); photos to JPEG'];
  if (env.CONVERT_DOCUMENTS === '0')
    return ['  Word letters        not taken (CONVERT_DOCUMENTS=0); photos are converted to JPEG'];
  return [
    '  Word letters        not taken here: LibreOffice and its box (bubblewrap) are needed,',
    `${MORE}and the warning above says which is missing. npm run setup:system`,
    `${MORE}installs both (Debian, Ubuntu); then npm start again.`,
  ];
}

/** The stand-in: its inbox, and the test controls it was started with. */
function platformLines(demo: Pick<RunningDemo, 'api'>, env: Record<string, string | undefined>) {
  const { api } = demo;
  if (!api) return [`  Platform            ${env.ENQUIRY_API_URL ?? ''} (REAL)`];
  const faults = describeFaults(api.faults.settings);
  return [
    `  Stand-in inbox      ${api.origin}/inbox   (what the platform received)`,
    ...(testControls(env).control
      ? [`  Stand-in control    ${api.origin}/__control/faults   (ENQUIRY_API_CONTROL=1)`]
      : []),
    ...(faults === 'none' ? [] : [`  Stand-in faults     ${faults}   (FAULT_*)`]),
    '                      To send to the real platform instead, set ENQUIRY_API_URL,',
    '                      ENQUIRY_API_USERNAME and ENQUIRY_API_PASSWORD.',
  ];
}

/** Where the emails the demo sends are read: the mailbox, or the operator's own mail server. */
function mailLines(demo: Pick<RunningDemo, 'mailbox'>, env: Record<string, string | undefined>) {
  if (demo.mailbox)
    return [
      `  Mailbox             ${byName(demo.mailbox.url)}   (every email the demo sends: a saved`,
      `${MORE}enquiry's link and code, confirmations, team notices)`,
    ];
  return env.SMTP_URL ? ['  Email               sent through your SMTP_URL'] : [];
}

/** Each host's feed of the calls booked with them: no calendar server needed to try booking. */
function feedLines(demo: Pick<RunningDemo, 'hostFeeds'>) {
  if (demo.hostFeeds.length === 0) return [];
  return [
    "  Calls booked        each host's calls as a calendar feed, to subscribe to in Outlook,",
    `${MORE}Google or Apple Calendar (keep it private: docs/booking.md):`,
    ...demo.hostFeeds.flatMap(({ host, url }) => [`${MORE}${host}`, `${MORE}  ${byName(url)}`]),
  ];
}

/**
 * How many confirmations a visitor gets: every visitor of the demo is this machine, so the
 * per-client limit is everybody's. The demo's form raises both for a person trying every step of
 * the README's "Try it" (issue #85); the banner says so, as it says the funnel's minimum.
 */
function confirmationLines(demo: Pick<RunningDemo, 'confirmationLimits'>) {
  const limits = demo.confirmationLimits;
  if (!limits) return [];
  const { perAddressPerDay: day, perClientPerHour: hour } = limits;
  const defaults = CONFIRMATION_LIMIT_DEFAULTS;
  const raised = day > defaults.perAddressPerDay && hour > defaults.perClientPerHour;
  return [
    `  Confirmations       at most ${String(day)} a day to one mailbox and ${String(hour)} an hour from one machine (every`,
    raised
      ? `${MORE}visitor here is this machine): raised for this demo, ${String(defaults.perAddressPerDay)} and ${String(defaults.perClientPerHour)} by default`
      : `${MORE}visitor here is this machine): confirmation.limits in the form`,
    raised
      ? `${MORE}(confirmation.limits in the form: docs/confirmation-email.md)`
      : `${MORE}(docs/confirmation-email.md)`,
  ];
}

/**
 * How many calls one person holds: the demo's visitors are this machine, which no limit counts
 * as a client or a network, so the calls are counted by the email's mailbox domain, the person's
 * own. The demo's form raises it for a person trying the README's "Try it" (issue #85).
 */
function bookingLines(demo: Pick<RunningDemo, 'bookingLimits'>) {
  const day = demo.bookingLimits?.perDomainPerDay;
  if (day === undefined) return [];
  const fallback = BOOKING_LIMIT_DEFAULTS.perDomainPerDay;
  const raised = typeof day === 'number' && day > fallback;
  return [
    `  Calls held          at most ${String(day)} a day for one mailbox domain (every visitor here is this`,
    raised
      ? `${MORE}machine, so the email's domain counts): raised for this demo, ${String(fallback)} by default`
      : `${MORE}machine, so the email's domain counts): booking.limits in the form`,
    raised ? `${MORE}(booking.limits in the form: docs/booking.md)` : `${MORE}(docs/booking.md)`,
  ];
}

/**
 * @example startBanner(demo, process.env).join('\n') // '  Landing page  http://localhost:3000/ …'
 */
export function startBanner(
  demo: Pick<
    RunningDemo,
    | 'siteUrl'
    | 'campaignUrl'
    | 'proxyUrl'
    | 'api'
    | 'files'
    | 'formConfig'
    | 'mailbox'
    | 'hostFeeds'
    | 'confirmationLimits'
    | 'bookingLimits'
  >,
  env: Record<string, string | undefined>,
  access: Pick<ConsoleAccess, 'madeToken'> = {},
): string[] {
  const proxy = byName(demo.proxyUrl);
  const consoleLines = access.madeToken
    ? [
        `  Console             ${proxy}/admin/   (every lead, for the firm)`,
        '                      Sign in with this admin token, made for this run (set',
        '                      ADMIN_TOKEN to choose your own):',
        `                      ${access.madeToken}`,
      ]
    : [`  Console             ${proxy}/admin/   (sign in with your ADMIN_TOKEN)`];
  const minCount = env.FUNNEL_MIN_COUNT ?? '10';
  return [
    '',
    '  enquiry-form is running',
    '',
    `  Landing page        ${demo.siteUrl}`,
    `  Campaign page       ${demo.campaignUrl}   (marketing attributes on the tag)`,
    `  The same, drawn     ${demo.campaignUrl}-drawn   (the form in the page: npm run embed)`,
    `  Form                ${relative(process.cwd(), demo.formConfig)}   (FORM_CONFIG=your.json npm start`,
    `${MORE}for another: docs/configuration.md)`,
    ...documentLines(demo, env),
    ...platformLines(demo, env),
    ...mailLines(demo, env),
    ...confirmationLines(demo),
    ...bookingLines(demo),
    ...feedLines(demo),
    ...consoleLines,
    `  Funnel              ${proxy}/admin/funnel   (groups of ${minCount} start${minCount === '1' ? '' : 's'} or more`,
    `${MORE}shown: FUNNEL_MIN_COUNT=${minCount}${env.FUNNEL_MIN_COUNT === '1' ? ' for this demo, 10 by default' : ''})`,
    `  Proxy               ${proxy}/healthz`,
    '',
    '  Ctrl-C stops everything.',
    '',
  ];
}
