/**
 * The whole stack in one process: the stand-in enquiry API (unless a real platform is
 * configured), the proxy wired to it, the demo landing pages, and for `npm start` the mailbox
 * that catches the proxy's emails (unless `SMTP_URL` names a real mail server). Used by
 * `npm start` and by the end-to-end suite (on free ports).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { loadProxyEnv } from '../proxy/env.ts';
import type { AcceptedKind } from '../proxy/contract/limits.ts';
import type { Logger } from '../proxy/logger.ts';
import { startProxy, type RunningProxy } from '../proxy/server.ts';
import { testControls } from './enquiry-api/config.ts';
import type { FormStudio } from '../proxy/studio/form-studio.ts';
import { startEnquiryApi, type RunningEnquiryApi } from './enquiry-api/server.ts';
import { EnquiryStore } from './enquiry-api/store.ts';
import { exampleConfigPath, type ExampleName } from './forms/index.ts';
import { listen } from './listen.ts';
import { startMailbox, type RunningMailbox } from './mailbox/mailbox.ts';
import { createDemoSite } from './site-server.ts';

/** What `startDemo` runs, and where. */
export interface DemoOptions {
  log: Logger;
  /** The environment: `ENQUIRY_API_URL` and credentials switch to the real platform. */
  env: Record<string, string | undefined>;
  host?: string;
  sitePort?: number;
  proxyPort?: number;
  apiPort?: number;
  dataDir?: string;
  /** Extra proxy variables (tests shorten timings with these). */
  proxyEnv?: Record<string, string>;
  /**
   * The demo's mailbox and its ports, where one is wanted (`npm start`): it catches every email
   * the proxy sends, unless `SMTP_URL` names a mail server of the operator's. The end-to-end
   * stacks bring a mail server of their own where they need one.
   */
  mailbox?: { webPort: number; smtpPort: number };
  /**
   * The example served when `FORM_CONFIG` is unset: `law-firm` (what the end-to-end stacks
   * build on), or `npm start`'s `law-firm-demo`, the same with every feature on.
   */
  form?: ExampleName;
}

/**
 * The demo's one sender: its firm as its site names it (`site/index.html`), for the visitor's
 * confirmation and the team's notices alike.
 */
const DEMO_SENDER = 'Hart & Lovelace Solicitors <enquiries@lovelace-law.example>';

/** The demo's sender and the firm's address for its alerts, where the mailbox catches them. */
const DEMO_MAIL = {
  NOTIFY_EMAIL: 'operations@lovelace-law.example',
  NOTIFY_FROM: DEMO_SENDER,
  CONFIRMATION_FROM: DEMO_SENDER,
};

/** The running demo: its addresses, and how to stop it. */
export interface RunningDemo {
  siteUrl: string;
  campaignUrl: string;
  proxyUrl: string;
  /** The form configuration's file (`FORM_CONFIG`, else the law firm's example). */
  formConfig: string;
  /** The kinds of file visitors are offered, and why documents are not, if they are not. */
  files: { offered: readonly AcceptedKind[]; documentsOff?: string | undefined };
  /** The stand-in, when it is the platform; absent when talking to the real one. */
  api?: RunningEnquiryApi;
  /** The credentials made up for the stand-in (tests check they never leak). */
  credentials?: { username: string; password: string };
  /** The proxy's form studio: what its console's pages publish through (and the specs). */
  studio: FormStudio;
  /** The demo's mailbox, when it runs: every email the proxy sends, in a browser. */
  mailbox?: RunningMailbox;
  /** Each host's calendar feed of the calls booked with them, where the form books calls. */
  hostFeeds: { host: string; url: string }[];
  /** How many confirmations the form allows, where they are sent (every demo visitor is one client). */
  confirmationLimits?: RunningProxy['confirmationLimits'];
  /** How many calls the form holds, where it books calls (every demo visitor is one client). */
  bookingLimits?: RunningProxy['bookingLimits'];
  close(): Promise<void>;
}

/** Starts the stand-in (unless a real platform is configured), the proxy and the demo site. */
export async function startDemo(options: DemoOptions): Promise<RunningDemo> {
  const { log, env } = options;
  const host = options.host ?? '127.0.0.1';
  const dataDir = options.dataDir ?? env.DATA_DIR ?? './data';
  mkdirSync(dataDir, { recursive: true });

  let proxyPort = 0;
  const site = await listen(
    createDemoSite({ proxyOrigin: (hostname) => `http://${hostname}:${proxyPort}` }).fetch,
    options.sitePort ?? 3000,
    host,
  );
  const sitePortNumber = (site.address() as AddressInfo).port;

  let api: RunningEnquiryApi | undefined;
  let credentials: { username: string; password: string } | undefined;
  let upstream: Record<string, string | undefined>;
  if (env.ENQUIRY_API_URL) {
    log.warn(
      { upstream: env.ENQUIRY_API_URL },
      'ENQUIRY_API_URL is set: enquiries go to the REAL platform, not the stand-in',
    );
    upstream = {
      ENQUIRY_API_URL: env.ENQUIRY_API_URL,
      ENQUIRY_API_USERNAME: env.ENQUIRY_API_USERNAME,
      ENQUIRY_API_PASSWORD: env.ENQUIRY_API_PASSWORD,
    };
  } else {
    // Credentials made up for this run: the stand-in and the proxy share them, nobody else needs them.
    credentials = {
      username: `demo-${randomBytes(4).toString('hex')}`,
      password: randomBytes(18).toString('base64url'),
    };
    api = await startEnquiryApi({
      credentials,
      // ENQUIRY_API_CONTROL and FAULT_* as `npm run enquiry-api` reads them (the banner names them).
      ...testControls(env),
      store: new EnquiryStore(join(dataDir, 'enquiry-api.sqlite')),
      port: options.apiPort ?? 8090,
      host,
    });
    upstream = {
      ENQUIRY_API_URL: api.url,
      ENQUIRY_API_USERNAME: credentials.username,
      ENQUIRY_API_PASSWORD: credentials.password,
    };
  }

  // The mailbox and its sender and firm's address, each unless the operator set their own.
  const mailbox =
    options.mailbox && !env.SMTP_URL ? await startMailbox({ host, ...options.mailbox }) : undefined;
  const mail = mailbox
    ? {
        SMTP_URL: mailbox.smtpUrl,
        NOTIFY_EMAIL: env.NOTIFY_EMAIL || DEMO_MAIL.NOTIFY_EMAIL,
        NOTIFY_FROM: env.NOTIFY_FROM || DEMO_MAIL.NOTIFY_FROM,
        CONFIRMATION_FROM: env.CONFIRMATION_FROM || DEMO_MAIL.CONFIRMATION_FROM,
      }
    : {};

  const siteOrigins = [`http://localhost:${sitePortNumber}`, `http://127.0.0.1:${sitePortNumber}`];
  const formConfig = env.FORM_CONFIG || exampleConfigPath(options.form ?? 'law-firm');
  const proxy = await startProxy(
    loadProxyEnv({
      ...env,
      ...mail,
      FORM_CONFIG: formConfig,
      ...upstream,
      ALLOWED_ORIGINS: [env.ALLOWED_ORIGINS, ...siteOrigins].filter(Boolean).join(','),
      PORT: String(options.proxyPort ?? env.PORT ?? 8080),
      HOST: host,
      DATA_DIR: dataDir,
      ...options.proxyEnv,
    }),
    log,
  );
  proxyPort = Number(new URL(proxy.url).port);

  const siteUrl = `http://localhost:${sitePortNumber}/`;
  return {
    siteUrl,
    campaignUrl: `${siteUrl}conveyancing`,
    proxyUrl: proxy.url,
    formConfig,
    files: { offered: proxy.offered, documentsOff: proxy.documentsOff },
    studio: proxy.studio,
    hostFeeds: proxy.hostFeeds.map(({ host, path }) => ({ host, url: `${proxy.url}${path}` })),
    confirmationLimits: proxy.confirmationLimits,
    bookingLimits: proxy.bookingLimits,
    ...(api && credentials ? { api, credentials } : {}),
    ...(mailbox ? { mailbox } : {}),
    async close() {
      await proxy.close();
      const siteClosed = new Promise((done) => site.close(done));
      // close() alone waits for every open connection, and a browser keeps some it has not sent
      // on yet (a preconnect) until it lets go: the pages are static, nothing is lost cutting them.
      if ('closeAllConnections' in site) site.closeAllConnections();
      await siteClosed;
      await api?.close();
      api?.store.close();
      await mailbox?.close();
    },
  };
}
