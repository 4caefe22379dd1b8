/**
 * The whole stack in one process: the stand-in enquiry API (unless a real platform is
 * configured), the proxy wired to it, and the demo landing pages. Used by `npm start` and by
 * the end-to-end suite (on free ports).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { loadProxyEnv } from '../proxy/env.ts';
import type { AcceptedKind } from '../proxy/contract/limits.ts';
import type { Logger } from '../proxy/logger.ts';
import { startProxy } from '../proxy/server.ts';
import { testControls } from './enquiry-api/config.ts';
import type { FormStudio } from '../proxy/studio/form-studio.ts';
import { startEnquiryApi, type RunningEnquiryApi } from './enquiry-api/server.ts';
import { EnquiryStore } from './enquiry-api/store.ts';
import { exampleConfigPath } from './forms/index.ts';
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
}

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

  const siteOrigins = [`http://localhost:${sitePortNumber}`, `http://127.0.0.1:${sitePortNumber}`];
  const formConfig = env.FORM_CONFIG || exampleConfigPath('law-firm');
  const proxy = await startProxy(
    loadProxyEnv({
      ...env,
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
    ...(api && credentials ? { api, credentials } : {}),
    async close() {
      await proxy.close();
      const siteClosed = new Promise((done) => site.close(done));
      // close() alone waits for every open connection, and a browser keeps some it has not sent
      // on yet (a preconnect) until it lets go: the pages are static, nothing is lost cutting them.
      if ('closeAllConnections' in site) site.closeAllConnections();
      await siteClosed;
      await api?.close();
      api?.store.close();
    },
  };
}

function listen(
  fetch: Parameters<typeof serve>[0]['fetch'],
  port: number,
  hostname: string,
): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname }, () => {
      resolve(server);
    });
    server.once('error', reject);
  });
}
