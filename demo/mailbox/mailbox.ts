/**
 * The demo's mailbox (`npm start`): a mail server on this machine that keeps every email the
 * product sends (a saved enquiry's link and code, the visitor's confirmation, a team's notice of a
 * new lead, the firm's alerts) and shows them in a browser (`mailbox-pages.ts`), so a newcomer can
 * try what needs email without one. Both listen on loopback only; nothing is sent on. The
 * messages are kept in memory, the newest `MAX_KEPT` of them, until `npm start` stops.
 *
 * Written here rather than taken from a package such as MailDev: `smtp-server` and `mailparser`
 * are already the test suite's, and MailDev 3 would add 156 packages (65.7 MB) to every install
 * and, by default, answer its API to scripts of any site the browser has open
 * (`docs/architecture.md`, "The demo mailbox").
 */
import type { AddressInfo } from 'node:net';
import type { ServerType } from '@hono/node-server';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { listen } from '../listen.ts';
import { mailboxPages, type KeptMail } from './mailbox-pages.ts';

/** The most messages kept: the oldest goes when one more arrives. */
const MAX_KEPT = 200;
/** The largest message taken: a lead's notice to the firm attaches files of up to 15 MB. */
const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

/** Where the mailbox listens. */
export interface MailboxOptions {
  /** The address both servers listen on (loopback). */
  host: string;
  /** The pages' port (`MAILBOX_PORT`); 0 for any free one. */
  webPort: number;
  /** The mail server's port (`MAILBOX_SMTP_PORT`); 0 for any free one. */
  smtpPort: number;
}

/** The mailbox running: where to send and where to read. */
export interface RunningMailbox {
  /** `SMTP_URL` for the proxy. */
  smtpUrl: string;
  /** The pages, by the address they listen on. */
  url: string;
  /** What arrived, oldest first. */
  kept(): readonly KeptMail[];
  close(): Promise<void>;
}

/** Starts the mail server and its pages on `options.host`. */
export async function startMailbox(options: MailboxOptions): Promise<RunningMailbox> {
  const kept: KeptMail[] = [];
  let nextId = 1;
  const smtp = new SMTPServer({
    authOptional: true,
    // Loopback only, and no certificate to make: the proxy sends in plain text here.
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    rejectOversized: true,
    banner: 'the enquiry-form demo mailbox: nothing is sent on',
    // Closing waits this long for a sender still connected, not smtp-server's 30 s.
    closeTimeout: 1_000,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          kept.push({ id: nextId++, receivedAt: new Date(), mail });
          kept.splice(0, Math.max(0, kept.length - MAX_KEPT));
          callback();
        },
        (error: unknown) => {
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    },
  });
  // A sender gone mid-message is the sender's business: it tries again, nothing here is lost.
  smtp.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(options.smtpPort, options.host, resolve);
  });
  let web: ServerType;
  try {
    web = await listen(mailboxPages(() => kept).fetch, options.webPort, options.host);
  } catch (error) {
    await new Promise<void>((done) => {
      smtp.close(done);
    });
    throw error;
  }
  const portOf = (address: AddressInfo | string | null) =>
    typeof address === 'object' && address !== null ? address.port : 0;
  return {
    smtpUrl: `smtp://${options.host}:${String(portOf(smtp.server.address()))}`,
    url: `http://${options.host}:${String(portOf(web.address()))}/`,
    kept: () => kept,
    async close() {
      const closed = new Promise((done) => web.close(done));
      // A browser keeps a connection open to a page it refreshes; the pages are only views.
      if ('closeAllConnections' in web) web.closeAllConnections();
      await closed;
      await new Promise<void>((done) => {
        smtp.close(done);
      });
    },
  };
}
