import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../proxy/logger.ts';
import { startDemo, type DemoOptions } from './stack.ts';

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
});
