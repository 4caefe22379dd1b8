/**
 * New-lead notices across a proxy killed (SIGKILL) right after the widget's five enquiries were
 * accepted, through Chromium: the demo site points at a proxy running as a child process
 * (`proxy/test/fixtures/proxy-child.ts`), whose real mail server holds the notices unanswered as
 * if mid-send; once the killed sender's connection is closed the mail server answers, the proxy
 * starts again on the same data directory, and each team's mailbox has each of its leads' notices
 * exactly once, the round robin's turns in order, and the platform each lead's `routed_to`.
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { fetchInbox } from '../demo/enquiry-api/inbox.ts';
import { startEnquiryApi, type RunningEnquiryApi } from '../demo/enquiry-api/server.ts';
import { createDemoSite } from '../demo/site-server.ts';
import { startHeldMailServer, type HeldMailServer } from '../proxy/test/fixtures/mail-server.ts';
import { kill, spawnProxy, type ProxyProcess } from '../proxy/test/fixtures/proxy-child.ts';
import { proxyEnvFor } from '../proxy/test/fixtures/proxy-env.ts';
import { expectedNotices, routedConfigFile } from '../proxy/test/fixtures/routed-enquiries.ts';
import { ENQUIRIES, noticesFor, sendEnquiry, signIn } from './support/routed-visitor.ts';
import { E2E_ADMIN_TOKEN, expect, test as stacks } from './support/stack.ts';

const CREDENTIALS = { username: 'routing-crash', password: 'routing crash password' };
/** Where failures would be told: nothing must arrive there. */
const FIRM = 'alerts@lovelace-law.example';

/** The stand-in platform, the held mail server, the demo site, and the proxy's child process. */
interface CrashStack {
  api: RunningEnquiryApi;
  mail: HeldMailServer;
  siteUrl: string;
  /** Starts a proxy on the stack's data directory, the site pointed at it; its URL once it listens. */
  start(): Promise<{ proxy: ProxyProcess; url: string }>;
}

const test = stacks.extend<{ crash: CrashStack }>({
  // Playwright reads a fixture's needs from its destructuring pattern: `{}` is "nothing".
  // eslint-disable-next-line no-empty-pattern
  crash: async ({}, use) => {
    const api = await startEnquiryApi({ credentials: CREDENTIALS });
    const mail = await startHeldMailServer();
    const dataDir = mkdtempSync(join(tmpdir(), 'e2e-routing-crash-'));
    let proxyPort = 0;
    const site = await listen(
      createDemoSite({ proxyOrigin: (hostname) => `http://${hostname}:${String(proxyPort)}` }),
    );
    const siteOrigin = `http://127.0.0.1:${String((site.address() as AddressInfo).port)}`;
    const children: ProxyProcess[] = [];
    const start = async () => {
      const proxy = spawnProxy(
        proxyEnvFor(api, CREDENTIALS, {
          DATA_DIR: dataDir,
          FORM_CONFIG: routedConfigFile(dataDir),
          ALLOWED_ORIGINS: siteOrigin,
          ADMIN_TOKEN: E2E_ADMIN_TOKEN,
          SMTP_URL: `smtp://127.0.0.1:${String(mail.port)}`,
          NOTIFY_EMAIL: FIRM,
        }),
        // The browser suites keep only the widget's build fresh: the proxy runs as it is now.
        { fromSources: true },
      );
      children.push(proxy);
      const url = await proxy.listening;
      proxyPort = Number(new URL(url).port);
      return { proxy, url };
    };
    await use({ api, mail, siteUrl: `${siteOrigin}/`, start });
    for (const { child } of children) child.kill('SIGKILL');
    await mail.close();
    await new Promise((done) => site.close(done));
    await api.close();
  },
});

/** Serves `app` on a free loopback port. */
function listen(app: ReturnType<typeof createDemoSite>): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => {
      resolve(server);
    });
    server.once('error', reject);
  });
}

// Two proxies from the sources one after the other, five enquiries typed in between.
test.describe.configure({ timeout: 120_000 });

test('five enquiries through the widget reach their team’s mailbox once each across a kill -9 right after acceptance', async ({
  page,
  crash,
}) => {
  const { mail } = crash;
  const first = await crash.start();
  const kinds = ['high-value property', 'property', 'property', 'family', 'wills'] as const;
  const sent = [];
  for (const kind of kinds)
    sent.push({
      reference: await sendEnquiry(page, crash.siteUrl, kind),
      team: ENQUIRIES[kind]?.team ?? 'property',
    });
  // All five accepted (the visitor saw each sent). Once the mail server holds a notice read
  // whole and unanswered (the notifier looks every 2 s), the kill lands mid-send: pull the plug.
  await expect.poll(() => mail.held(), { timeout: 20_000 }).toBeGreaterThan(0);
  expect(await kill(first.proxy)).toBe('SIGKILL');
  expect(mail.received).toHaveLength(0);
  // The mail server learns that the killed sender is gone when it reads the closed connection,
  // which may come after the process's exit: a notice held until then and answered at once
  // would count as received (and the restarted proxy, rightly, sends it again).
  await expect.poll(() => mail.heldOpen(), { timeout: 10_000 }).toBe(0);

  mail.answer();
  const second = await crash.start();
  // Each lead's page reads its notice as sent: no copy is still on its way.
  await signIn(page, second.url);
  const notices = await noticesFor(
    page,
    second.url,
    mail,
    sent.map((lead) => lead.reference),
  );
  expect(notices).toEqual(expectedNotices(sent));
  expect(mail.received).toHaveLength(sent.length);
  const to = mail.received.map((email) => (email.to as { text: string }).text);
  expect(to).not.toContain(FIRM);
  const inbox = await fetchInbox(crash.api.origin);
  expect(
    inbox.map((enquiry) => enquiry.meta.find((entry) => entry.id === 'routed_to')?.value),
  ).toEqual(sent.map((lead) => lead.team));
});
