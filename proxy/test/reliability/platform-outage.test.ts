/**
 * The issue's long weekend (#76), shortened: the stand-in answers 503 to everything for longer
 * than the retry window (45 s against 20 s) while a dozen enquiries arrive. None is
 * dead-lettered, the firm gets two emails (the outage's start and its end) through a real SMTP
 * server, and all twelve reach the platform within a minute of its return, in the order they
 * came; a lead the platform refuses with 400 while it is up is still dead-lettered at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnquiryApi, type RunningEnquiryApi } from '../../../demo/enquiry-api/server.ts';
import { fetchInbox } from '../../../demo/enquiry-api/inbox.ts';
import { createFormTokens } from '../../http/bots/form-token.ts';
import { loadProxyEnv } from '../../env.ts';
import { startProxy, type RunningProxy } from '../../server.ts';
import { startMailServer, type RunningMailServer } from '../fixtures/mail-server.ts';
import { createMemoryLogger } from '../fixtures/memory-logger.ts';
import { adminStatus, proxyEnvFor, TEST_FORM_TOKEN_SECRET } from '../fixtures/proxy-env.ts';
import { ORIGIN, validEnquiry } from '../fixtures/proxy-harness.ts';
import { CREDENTIALS, eventually } from '../platform/platform-session.ts';

/** The retry window, shortened to stand for the two weeks (below what the environment allows). */
const WINDOW_MS = 20_000;
const OUTAGE_MS = 45_000;
const ENQUIRIES = 12;

let api: RunningEnquiryApi;
let mail: RunningMailServer;
let proxy: RunningProxy;

beforeAll(async () => {
  api = await startEnquiryApi({ credentials: CREDENTIALS });
  mail = await startMailServer();
  const env = loadProxyEnv(
    proxyEnvFor(api, CREDENTIALS, {
      SMTP_URL: `smtp://127.0.0.1:${String(mail.port)}`,
      NOTIFY_EMAIL: 'leads@lovelace-law.example',
      DELIVERY_DEADLINE_MS: '300',
      UPSTREAM_TIMEOUT_MS: '2000',
      RETRY_BASE_MS: '200',
      RETRY_MAX_DELAY_MS: '2000',
      // Over to the firm once the platform has answered 3 s, not ten minutes: the test's clock is real.
      ALERT_OUTAGE_OVER_AFTER_MS: '3000',
    }),
  );
  proxy = await startProxy({ ...env, RETRY_GIVE_UP_AFTER_MS: WINDOW_MS }, createMemoryLogger().log);
  await proxy.checked;
});

afterAll(async () => {
  await proxy.close();
  await mail.close();
  await api.close();
});

const tokens = createFormTokens(TEST_FORM_TOKEN_SECRET);

/** Visitor `n`'s enquiry, told by its email address; the proxy's answer's status. */
async function send(n: number): Promise<number> {
  const form = new FormData();
  form.append(
    'enquiry',
    JSON.stringify({
      ...validEnquiry(),
      email: `visitor-${String(n)}@example.com`,
      form_token: tokens.issue(),
    }),
  );
  const answer = await fetch(`${proxy.url}/api/enquiries`, {
    method: 'POST',
    body: form,
    headers: { origin: ORIGIN },
  });
  return answer.status;
}

const outbox = async () =>
  (await adminStatus<{ outbox: { queued: number; dead: number; delivered: number } }>(proxy.url))
    .outbox;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the platform down for longer than the retry window', () => {
  it('dead-letters no enquiry, tells the firm twice, and delivers them all, oldest first, within a minute of its return', async () => {
    const downAt = Date.now();
    api.faults.set({ failRate: 1, failStatus: 503, retryAfterSeconds: null });
    for (let n = 1; n <= ENQUIRIES; n++) {
      expect(await send(n)).toBe(202);
      await pause(1000);
    }
    await pause(downAt + OUTAGE_MS - Date.now());
    expect(await outbox()).toMatchObject({ queued: ENQUIRIES, dead: 0 });

    api.faults.reset();
    const backAt = Date.now();
    const inbox = await eventually(
      () => fetchInbox(api.origin),
      (all) => all.length >= ENQUIRIES,
      60_000,
    );
    expect(Date.now() - backAt).toBeLessThan(60_000);
    expect(inbox.map((enquiry) => enquiry.email)).toEqual(
      Array.from({ length: ENQUIRIES }, (_, i) => `visitor-${String(i + 1)}@example.com`),
    );
    expect(await eventually(outbox, (counts) => counts.delivered === ENQUIRIES)).toMatchObject({
      dead: 0,
    });
    await eventually(
      () => Promise.resolve(mail.received.length),
      (count) => count >= 2,
      30_000,
    );
    await pause(3000);
    expect(mail.received.map((message) => message.subject)).toEqual([
      'Your platform is not answering: enquiries wait for it',
      'Your platform answers again: the enquiries that waited are delivered',
    ]);
    expect(mail.received[1]?.text).toContain(
      `${String(ENQUIRIES)} enquiries that waited were delivered`,
    );
  }, 240_000);

  it('still dead-letters at once an enquiry the platform refuses with 400 while it is up', async () => {
    api.faults.set({ failRate: 1, failStatus: 400, endpoints: ['create'] });
    try {
      const sentAt = Date.now();
      await send(99);
      expect(await eventually(outbox, (counts) => counts.dead === 1, 10_000)).toMatchObject({
        dead: 1,
      });
      expect(Date.now() - sentAt).toBeLessThan(10_000);
      // The firm gets that lead by email, as every dead letter.
      const told = await eventually(
        () => Promise.resolve(mail.received.map((message) => message.subject ?? '')),
        (subjects) => subjects.length >= 3,
        30_000,
      );
      expect(told[2]).toMatch(/could not be delivered$/);
    } finally {
      api.faults.reset();
    }
  }, 60_000);
});
