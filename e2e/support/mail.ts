/**
 * A real mail server (smtp-server, read with mailparser) for a worker's specs, as a Playwright
 * worker fixture: `stacks.extend<object, { mail: RunningMailServer; … }>({ mail: mailServer, … })`.
 * The specs that email (`confirmation.spec.ts`, `drafts.spec.ts`, `drafts-screens.spec.ts`,
 * `routing.spec.ts`) point their proxy's `SMTP_URL` at its port and read what it received.
 */
import { startMailServer, type RunningMailServer } from '../../proxy/test/fixtures/mail-server.ts';

export type { RunningMailServer };

// Playwright reads a fixture's needs from its destructuring pattern: `{}` is "nothing".
/* eslint-disable no-empty-pattern */
/** The worker's mail server, started before its first spec needs it and closed after its last. */
export const mailServer: [
  (args: object, use: (mail: RunningMailServer) => Promise<void>) => Promise<void>,
  { scope: 'worker' },
] = [
  async ({}, use) => {
    const mail = await startMailServer();
    await use(mail);
    await mail.close();
  },
  { scope: 'worker' },
];
/* eslint-enable no-empty-pattern */
