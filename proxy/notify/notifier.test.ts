/**
 * The notifier with a real SMTP conversation (smtp-server on loopback, messages parsed by
 * mailparser) and a real webhook receiver: what the firm receives about a lead, and that nothing
 * is sent twice or lost while the mail server is down. A mail server that hangs, and the alerts,
 * are `notifier-trouble.test.ts`.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leaseOf, SAMPLE_PDF, SAMPLE_PNG, stored } from '../test/fixtures/outbox.ts';
import {
  deadLead,
  notifierPerTest,
  SECRET,
  verifiedOnArrival,
} from '../test/fixtures/notifier-harness.ts';

const { mailServer, webhookServer, setUp } = notifierPerTest();

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
