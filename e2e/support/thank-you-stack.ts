/**
 * The law firm's stack with a `thankYouUrl` on a site of its own (another origin than the
 * proxy's), for the form without JavaScript in Chromium (`e2e/no-script-thank-you.spec.ts`) and
 * Firefox (`e2e/firefox/no-script.test.ts`).
 *
 * The thank-you site drops its first answer (`204 No Content`: the browser stays where it was),
 * as when the redirect was blocked or the connection fell: the visitor, still on the filled
 * form, presses "Send enquiry" again. That second press must be the same enquiry.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InboxEnquiry } from '../../demo/enquiry-api/inbox.ts';
import { lawFirm } from '../../demo/forms/index.ts';
import { startDemo, type RunningDemo } from '../../demo/stack.ts';
import { createLogger } from '../../proxy/logger.ts';

/** The running stack, its thank-you page, and what the stand-in holds. */
export interface ThankYouStack {
  demo: RunningDemo;
  thankYouUrl: string;
  /** Everything the stand-in platform has received, oldest first. */
  inbox(): Promise<InboxEnquiry[]>;
  close(): Promise<void>;
}

/** Starts the thank-you site, then the stack whose configuration sends visitors there. */
export async function startThankYouStack(): Promise<ThankYouStack> {
  let visits = 0;
  const site = createServer((_request, response) => {
    visits += 1;
    if (visits === 1) return response.writeHead(204).end();
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>Thank you</title><h1>Thank you</h1>');
  });
  await new Promise<void>((listening) => site.listen(0, '127.0.0.1', listening));
  const thankYouUrl = `http://127.0.0.1:${String((site.address() as AddressInfo).port)}/thank-you`;

  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-thank-you-'));
  const configPath = join(dataDir, 'form.json');
  writeFileSync(configPath, JSON.stringify({ ...lawFirm, thankYouUrl }));
  const demo = await startDemo({
    log: createLogger({ level: 'error' }),
    env: { FORM_CONFIG: configPath },
    sitePort: 0,
    proxyPort: 0,
    apiPort: 0,
    dataDir,
    proxyEnv: { MIN_FILL_SECONDS: '0' },
  });
  const inbox = async () =>
    (
      (await (await fetch(`${demo.api?.origin ?? ''}/inbox.json`)).json()) as {
        enquiries: InboxEnquiry[];
      }
    ).enquiries;
  return {
    demo,
    thankYouUrl,
    inbox,
    async close() {
      await demo.close();
      await new Promise((closed) => site.close(closed));
    },
  };
}
