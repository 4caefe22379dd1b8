/**
 * The law firm's stack with a `thankYouUrl` on a site of its own (another origin than the
 * proxy's), for the form without JavaScript in Chromium (`e2e/no-script-thank-you.spec.ts`) and
 * Firefox (`e2e/firefox/no-script.test.ts`).
 *
 * The thank-you site drops its first answer (`204 No Content`: the browser stays where it was),
 * as when the redirect was blocked or the connection fell: the visitor, still on the filled
 * form, presses "Send enquiry" again. That second press must be the same enquiry.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchInbox, type InboxEnquiry } from '../../demo/enquiry-api/inbox.ts';
import { lawFirm } from '../../demo/forms/index.ts';
import type { RunningDemo } from '../../demo/stack.ts';
import { startDemoWithForm } from './demo-with-form.ts';

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

  const demo = await startDemoWithForm({
    form: { ...lawFirm, thankYouUrl },
    dataDirPrefix: 'e2e-thank-you-',
  });
  return {
    demo,
    thankYouUrl,
    inbox: () => fetchInbox(demo.api?.origin ?? ''),
    async close() {
      await demo.close();
      await new Promise((closed) => site.close(closed));
    },
  };
}
