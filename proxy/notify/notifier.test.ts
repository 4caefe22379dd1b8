/**
 * The notifier with a real SMTP conversation (smtp-server on loopback, messages parsed by
 * mailparser) and a real webhook receiver: what the firm receives, and that nothing is sent
 * twice, lost while the mail server is down, or sent more than once an hour per kind.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../test/fixtures/memory-logger.ts';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { startMailServer } from '../test/fixtures/mail-server.ts';
import { leaseOf, SAMPLE_PDF, SAMPLE_PNG, stored } from '../test/fixtures/outbox.ts';
import { emailChannel, webhookChannel } from './channels.ts';
import { Notifier } from './notifier.ts';

const SECRET = 'webhook-secret-0123456789';
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A mail server (see the fixture) closed after the test. */
async function mailServer(port = 0, silent = false) {
  const server = await startMailServer({ port, silent });
  closers.push(server.close);
  return server;
}

/**
 * The body as a receiver verifies it with the Standard Webhooks library when the call arrives
 * (the test's clock is not the machine's; the library refuses a timestamp 5 minutes off).
 */
function verifiedOnArrival(body: string, headers: Record<string, string>) {
  vi.useFakeTimers({ toFake: ['Date'], now: Number(headers['webhook-timestamp']) * 1000 });
  try {
    return new Webhook(SECRET, { format: 'raw' }).verify(body, headers);
  } finally {
    vi.useRealTimers();
  }
}

/** A webhook receiver that keeps each body with its signature header. */
async function webhookServer() {
  const calls: {
    body: string;
    signature: string;
    event: string;
    delivery: string;
    headers: Record<string, string>;
  }[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      calls.push({
        body,
        signature: String(request.headers['x-enquiry-form-signature']),
        event: String(request.headers['x-enquiry-form-event']),
        delivery: String(request.headers['x-enquiry-form-delivery']),
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        ),
      });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => {
    server.listen(0, '127.0.0.1', resolve);
  });
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  );
  return { calls, url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/hook` };
}

async function setUp(options: {
  mailPort: number;
  webhook?: string;
  store?: OutboxStore;
  mailTimeoutMs?: number;
}) {
  const clock = { now: Date.UTC(2027, 2, 27, 9) };
  const store = options.store ?? openSqliteOutbox(':memory:');
  if (!options.store) closers.push(() => store.close());
  const pause: { state: { reason: string; hint: string | undefined } | undefined } = {
    state: undefined,
  };
  const logs = createMemoryLogger();
  const notifier = new Notifier({
    store,
    log: logs.log,
    now: () => clock.now,
    pauseState: () => pause.state,
    queuedAlertMs: 3_600_000,
    channels: {
      email: emailChannel({
        smtpUrl: `smtp://127.0.0.1:${String(options.mailPort)}`,
        from: 'enquiry-form <forms@lovelace-law.example>',
        to: ['leads@lovelace-law.example'],
        store,
        caseTypeLabel: (id) => (id === 'conveyancing' ? 'Buying or selling a property' : undefined),
        timeoutMs: options.mailTimeoutMs ?? 2000,
      }),
      ...(options.webhook
        ? {
            webhook: webhookChannel({ url: options.webhook, secret: SECRET, now: () => clock.now }),
          }
        : {}),
    },
  });
  return { store, notifier, clock, pause, logs };
}

/** A stored submission given up on (dead), as the deliverer leaves it. */
async function deadLead(store: OutboxStore) {
  const { id } = await stored(store);
  await store.deadLetter(await leaseOf(store, id), 'the platform refused the create (400)', 5000);
}

describe('telling the firm about a lead', () => {
  it('emails a dead lead with every field and its files, posts it signed, and never repeats it', async () => {
    const mail = await mailServer();
    const hook = await webhookServer();
    const { store, notifier } = await setUp({ mailPort: mail.port, webhook: hook.url });
    await deadLead(store);
    await notifier.tick();

    expect(mail.received).toHaveLength(1);
    const [message] = mail.received;
    expect(message?.subject).toBe('Enquiry EQ-TEST-0001 from Ada Lovelace could not be delivered');
    expect(message?.to).toMatchObject({ text: 'leads@lovelace-law.example' });
    for (const text of [
      'Why: the platform refused the create (400)',
      'Email: ada@example.com',
      'Case type: Buying or selling a property (conveyancing)',
      'Are you buying or selling?: Buying',
      'Campaign: spring-2027',
      // When the visitor sent it (the fixture's 1000 ms), not when it was given up.
      'Received at: 1970-01-01T00:00:01.000Z',
      'If your platform already has this enquiry',
      'do not retry, that would create it a second time',
      'npm run outbox -- retry EQ-TEST-0001 creates the enquiry on your platform, once, with its files',
    ])
      expect(message?.text).toContain(text);
    expect(message?.text).not.toContain('sends it again');
    expect(message?.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['plan.pdf', 'application/pdf'],
      ['photo.png', 'image/png'],
    ]);
    expect(message?.attachments[0]?.content.equals(Buffer.from(SAMPLE_PDF))).toBe(true);
    expect(message?.attachments[1]?.content.equals(Buffer.from(SAMPLE_PNG))).toBe(true);

    expect(hook.calls).toHaveLength(1);
    const [call] = hook.calls;
    const [t, v1] = (call?.signature ?? '').split(',').map((part) => part.split('=')[1]);
    const expected = createHmac('sha256', SECRET)
      .update(`${t ?? ''}.${call?.body ?? ''}`)
      .digest('hex');
    // The old header stays for one release; Standard Webhooks' headers verify with its library.
    expect(v1).toBe(expected);
    const headers = call?.headers ?? {};
    expect(verifiedOnArrival(call?.body ?? '', headers)).toMatchObject({ event: 'lead.dead' });
    expect(headers['webhook-id']).toBe(call?.delivery);
    expect(() => verifiedOnArrival((call?.body ?? '').replace('Ada', 'Eve'), headers)).toThrow(
      /signature/,
    );
    expect(call?.event).toBe('lead.dead');
    // The notification's key: the same on a retry, so a receiver can drop a repeat.
    expect(call?.delivery).toBe((await store.notificationsFor('EQ-TEST-0001'))[1]?.key);
    expect(JSON.parse(call?.body ?? '{}')).toMatchObject({
      event: 'lead.dead',
      reference: 'EQ-TEST-0001',
      enquiry: { forename: 'Ada', marketing_campaign: 'spring-2027' },
      files: [
        { name: 'plan.pdf', delivered: false },
        { name: 'photo.png', delivered: false },
      ],
    });

    // Another round, and a restarted notifier on the same outbox: nothing more.
    await notifier.tick();
    const again = await setUp({ mailPort: mail.port, webhook: hook.url, store });
    await again.notifier.tick();
    expect(mail.received).toHaveLength(1);
    expect(hook.calls).toHaveLength(1);
    expect((await store.get('EQ-TEST-0001'))?.notifiedAt).not.toBeNull();
  });

  it('attaches only the refused file of a partly delivered lead', async () => {
    const mail = await mailServer();
    const { store, notifier } = await setUp({ mailPort: mail.port });
    const { id } = await stored(store);
    const lease = await leaseOf(store, id);
    await store.recordCreated(lease, 1001, 5000);
    await store.recordUploaded(lease, 0, 50_001, 5000);
    await store.recordUploadFailed(lease, 1, 'the platform refused the upload (415)', 5000);
    await store.finish(lease, { kind: 'delivered', at: 6000 });
    await notifier.tick();
    const [message] = mail.received;
    expect(message?.subject).toBe(
      'Enquiry EQ-TEST-0001 from Ada Lovelace: files could not be delivered',
    );
    expect(message?.text).toContain('reached your platform (id 1001)');
    expect(message?.text).toContain(
      'npm run outbox -- retry EQ-TEST-0001 uploads the refused files again to enquiry 1001. It does not create the enquiry again.',
    );
    expect(message?.attachments.map((a) => a.filename)).toEqual(['photo.png']);
  });

  it('keeps the email while the mail server is down, and sends it once it is back', async () => {
    const down = await mailServer();
    await down.close();
    const { store, notifier, clock, logs } = await setUp({ mailPort: down.port });
    await deadLead(store);
    await notifier.tick();
    expect(logs.lines().some((line) => String(line.msg).includes('will retry'))).toBe(true);
    const [pending] = await store.notificationsFor('EQ-TEST-0001');
    expect(pending).toMatchObject({ state: 'pending', attempts: 1 });

    const up = await mailServer(down.port);
    clock.now += 30_000;
    await notifier.tick();
    expect(up.received).toHaveLength(1);
    expect((await store.notificationsFor('EQ-TEST-0001'))[0]).toMatchObject({ state: 'sent' });
  });
});

describe('a mail server that hangs', () => {
  it('holds back neither the webhook nor the shutdown, and the email goes after the restart', async () => {
    const silent = await mailServer(0, true);
    const hook = await webhookServer();
    const { store, notifier, logs } = await setUp({
      mailPort: silent.port,
      webhook: hook.url,
      mailTimeoutMs: 10_000,
    });
    await deadLead(store);
    const started = Date.now();
    notifier.start();
    await expect.poll(() => hook.calls.length, { timeout: 5000 }).toBe(1);
    expect(Date.now() - started).toBeLessThan(1000);

    const stopping = Date.now();
    await notifier.stop(500);
    expect(Date.now() - stopping).toBeLessThan(1000);
    expect(logs.text()).toContain('stay queued for the next start');
    const [email, webhook] = await store.notificationsFor('EQ-TEST-0001');
    expect(email).toMatchObject({ channel: 'email', state: 'pending', attempts: 0 });
    expect(webhook).toMatchObject({ channel: 'webhook', state: 'sent' });

    const mail = await mailServer();
    const restarted = await setUp({ mailPort: mail.port, webhook: hook.url, store });
    await restarted.notifier.tick();
    expect(mail.received.map((message) => message.subject)).toEqual([
      'Enquiry EQ-TEST-0001 from Ada Lovelace could not be delivered',
    ]);
    expect(hook.calls).toHaveLength(1);
  });
});

describe('alerts', () => {
  it('tells a pause once, holds what comes within the hour for a digest, and tells the recovery', async () => {
    const mail = await mailServer();
    const { notifier, clock, pause } = await setUp({ mailPort: mail.port });
    pause.state = { reason: 'the login was refused', hint: 'Check ENQUIRY_API_PASSWORD.' };
    await notifier.tick();
    await notifier.tick();
    expect(mail.received.map((m) => m.subject)).toEqual(['Enquiry delivery is paused']);
    expect(mail.received[0]?.text).toContain('What to do: Check ENQUIRY_API_PASSWORD.');

    clock.now += 60_000;
    pause.state = { reason: 'no route', hint: undefined };
    await notifier.tick(); // a second pause within the hour: held
    clock.now += 60_000;
    pause.state = undefined;
    await notifier.tick(); // the recovery: its first of the hour
    expect(mail.received.map((m) => m.subject)).toEqual([
      'Enquiry delivery is paused',
      'Enquiry delivery has recovered',
    ]);

    clock.now += 3_600_000;
    await notifier.tick();
    expect(mail.received).toHaveLength(3);
    expect(mail.received[2]?.subject).toBe('Enquiry delivery: alerts of the last hour');
    expect(mail.received[2]?.text).toContain('paused: no route');
  });

  it('tells when the oldest waiting enquiry has waited longer than ALERT_QUEUED_AFTER_MS', async () => {
    const mail = await mailServer();
    const { store, notifier, clock } = await setUp({ mailPort: mail.port });
    clock.now = 1000 + 30 * 60_000;
    await stored(store); // received at 1000
    await notifier.tick();
    expect(mail.received).toEqual([]);
    clock.now = 1000 + 61 * 60_000;
    await notifier.tick();
    expect(mail.received.map((m) => m.subject)).toEqual(['Enquiries are waiting to be delivered']);
    expect(mail.received[0]?.text).toContain('has waited 61 minutes');
  });
});
