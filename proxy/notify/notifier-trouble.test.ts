/**
 * The notifier in trouble: a mail server that hangs holds back neither the webhook nor the
 * shutdown; and the alerts, a pause told once with what follows held for a digest, and a queue
 * waiting too long.
 */
import { describe, expect, it } from 'vitest';
import { stored } from '../test/fixtures/outbox.ts';
import { deadLead, notifierPerTest } from '../test/fixtures/notifier-harness.ts';

const { mailServer, webhookServer, setUp } = notifierPerTest();

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
