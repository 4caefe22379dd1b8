import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SlotsResponse } from '../proxy/contract/booking.ts';
import { BOOKING_LIMIT_DEFAULTS } from '../proxy/contract/schemas/booking-limits.ts';
import type { DeliveredResponse, QueuedResponse } from '../proxy/contract/wire.ts';
import { createFormTokens } from '../proxy/http/bots/form-token.ts';
import { createLogger } from '../proxy/logger.ts';
import { eventually } from '../proxy/test/platform/platform-session.ts';
import { validEnquiry } from '../proxy/test/fixtures/proxy-harness.ts';
import { startDemo, type DemoOptions, type RunningDemo } from './stack.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The demo on free ports, in a data directory of its own, with `options`. */
function startOnFreePorts(options: Partial<DemoOptions> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'demo-stack-'));
  dirs.push(dataDir);
  return startDemo({
    log: createLogger({ level: 'error' }),
    form: 'law-firm-demo',
    env: {},
    sitePort: 0,
    proxyPort: 0,
    apiPort: 0,
    dataDir,
    ...options,
  });
}

describe('the demo stack (npm start)', () => {
  it('closes though a browser holds a connection to the site it never sent a request on', async () => {
    const running = await startOnFreePorts();
    // A browser opens connections ahead of need (a preconnect); Node's close() waits for them.
    const socket = connect(Number(new URL(running.siteUrl).port), '127.0.0.1');
    await once(socket, 'connect');
    const cut = once(socket, 'close');
    await running.close();
    await cut;
    expect(socket.destroyed).toBe(true);
  });

  it('with the mailbox, has the proxy send there: saving is offered, and the mailbox is empty', async () => {
    const running = await startOnFreePorts({ mailbox: { webPort: 0, smtpPort: 0 } });
    try {
      expect(running.mailbox?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      // The law firm's form asks for saving, which needs the mailer: offered, so the mail is on.
      const form = (await (await fetch(`${running.proxyUrl}/api/form`)).json()) as {
        draftDays?: number;
      };
      expect(form.draftDays).toBe(7);
      expect(await (await fetch(running.mailbox?.url ?? '')).text()).toContain('No email yet.');
    } finally {
      await running.close();
    }
  });

  it('runs no mailbox when SMTP_URL names a mail server of the operator’s', async () => {
    const running = await startOnFreePorts({
      env: { SMTP_URL: 'smtp://127.0.0.1:9', CONFIRMATION_FROM: 'Us <us@firm.example>' },
      mailbox: { webPort: 0, smtpPort: 0 },
    });
    try {
      expect(running.mailbox).toBeUndefined();
    } finally {
      await running.close();
    }
  });

  it('offers calls on the law firm’s form with no calendar server, and serves each host’s feed', async () => {
    const running = await startOnFreePorts();
    try {
      const slots = (await (
        await fetch(`${running.proxyUrl}/api/slots?case-type=wills-probate`)
      ).json()) as { status: string; slots: unknown[] };
      expect(slots.status).toBe('open');
      expect(slots.slots.length).toBeGreaterThan(0);
      expect(running.hostFeeds.map(({ host }) => host)).toContain('pat@lovelace-law.example');
      for (const { url } of running.hostFeeds) {
        const feed = await fetch(url);
        expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
        expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR/);
      }
    } finally {
      await running.close();
    }
  });

  it('holds and confirms each of the calls one person books from one machine and one mailbox within a minute, more than a mailbox domain gets by default, from the firm the site names (issue #85, major 2 and minor 8)', async () => {
    const secret = 'demo-stack-test-form-token-secret-0123456789';
    const running = await startOnFreePorts({
      mailbox: { webPort: 0, smtpPort: 0 },
      env: { FORM_TOKEN_SECRET: secret },
    });
    try {
      const origin = new URL(running.siteUrl).origin;
      const { slots } = (await (
        await fetch(`${running.proxyUrl}/api/slots?case-type=wills-probate`, {
          headers: { origin },
        })
      ).json()) as SlotsResponse;
      // Forms that loaded half a minute ago: a person's fill time, not a bot's.
      const tokens = createFormTokens(secret, () => Date.now() - 30_000);
      // A person trying the README books more calls from their own address than a firm's form
      // holds for one mailbox domain by default: each call is held, none taken as a preference.
      const calls = BOOKING_LIMIT_DEFAULTS.perDomainPerDay + 2;
      for (const slot of slots.slice(0, calls))
        expect(await bookCall(running, origin, slot.start, tokens.issue())).toBe('held');
      const confirmed = (subjects: string[]) =>
        subjects.filter((subject) => subject.startsWith('We have your enquiry')).length;
      await eventually(
        () =>
          Promise.resolve((running.mailbox?.kept() ?? []).map(({ mail }) => mail.subject ?? '')),
        (subjects) => confirmed(subjects) >= calls,
        20_000,
      );
      const mail = running.mailbox?.kept() ?? [];
      const confirmations = mail.filter(({ mail }) =>
        mail.subject?.startsWith('We have your enquiry'),
      );
      expect(
        confirmations.map(({ mail }) => (mail.to && 'text' in mail.to ? mail.to.text : '')),
      ).toEqual(Array(calls).fill('ada@example.com'));
      // One firm, one name, one sender: the visitor's confirmations and the team's notices alike.
      for (const page of [running.siteUrl, running.campaignUrl]) {
        const site = await (await fetch(page)).text();
        expect(site).toMatch(/<title>[^<]+ – Hart &amp; Lovelace Solicitors<\/title>/);
        // The logo's name is its text, nothing in it hidden: a screen reader reads the same name.
        const logo = /<a class="brand"[^>]*>(.*?)<\/a>/s.exec(site)?.[1] ?? '';
        expect(logo).not.toMatch(/aria-hidden|visually-hidden/);
        expect(logo.replace(/<[^>]+>/g, '').replaceAll('&amp;', '&')).toBe(
          'Hart & Lovelace Solicitors',
        );
        expect(site).not.toMatch(/@(?!lovelace-law\.example)[\w-]+\.example/);
      }
      const notices = mail.filter(({ mail }) => mail.subject?.startsWith('New lead'));
      expect(notices.length).toBeGreaterThan(0);
      for (const { mail: each } of [...confirmations, ...notices])
        expect(each.from?.text).toBe(
          '"Hart & Lovelace Solicitors" <enquiries@lovelace-law.example>',
        );
    } finally {
      await running.close();
    }
  }, 60_000);
});

/**
 * Books a call at `start` as the landing page's form does: `held` once the proxy took the enquiry
 * and held its call, `not held` when it took the enquiry with the time as a preference only.
 */
async function bookCall(running: RunningDemo, origin: string, start: string, token: string) {
  const body = new FormData();
  body.append(
    'enquiry',
    JSON.stringify({
      ...validEnquiry(),
      case_type: 'wills-probate',
      answers: { services: ['Make or update a will'], call: start },
      form_token: token,
    }),
  );
  const answer = await fetch(`${running.proxyUrl}/api/enquiries`, {
    method: 'POST',
    body,
    headers: { origin },
  });
  if (answer.status !== 201 && answer.status !== 202)
    throw new Error(`the proxy refused the call: ${String(answer.status)}`);
  const { call } = (await answer.json()) as DeliveredResponse | QueuedResponse;
  return call?.status === 'not_held' ? 'not held' : 'held';
}
