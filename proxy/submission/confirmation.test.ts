/**
 * The visitor's confirmation email and receipt, end to end in memory: the enquiry route stores
 * the receipt and queues the email, the notifier sends it through a real SMTP server
 * (smtp-server on loopback), and what arrives is read back with mailparser.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { lawFirm } from '../../demo/forms/index.ts';
import { runOutboxCommand } from '../cli/outbox-command.ts';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import { emailChannel } from '../notify/channels.ts';
import { Notifier } from '../notify/notifier.ts';
import { startMailServer, type RunningMailServer } from '../test/fixtures/mail-server.ts';
import { harnessPerTest, validEnquiry, type ProxyHarness } from '../test/fixtures/proxy-harness.ts';

const setUp = harnessPerTest();
const RECEIPT_SECRET = 'receipt-key-for-tests-0123456789';
const mailServers: RunningMailServer[] = [];
afterEach(async () => {
  await Promise.all(mailServers.splice(0).map((server) => server.close()));
});

const confirming = (confirmation: Partial<NonNullable<FormConfig['confirmation']>> = {}) =>
  ({
    ...lawFirm,
    confirmation: {
      subject: 'We have your enquiry ({reference})',
      intro: 'Thank you for contacting Lovelace & Co. A solicitor will call you within a day.',
      includeAnswers: true,
      optIn: false,
      limits: { perAddressPerDay: 2, perClientPerHour: 10 },
      lang: 'en-GB',
      timeZone: 'Europe/London',
      strings: {},
      ...confirmation,
    },
  }) satisfies FormConfig;

/** A proxy in memory that confirms, and sends what its notifier finds to a real mail server. */
async function confirmingProxy(config: FormConfig = confirming()) {
  const mail = await startMailServer();
  mailServers.push(mail);
  const harness = setUp({
    config,
    deps: { aftercare: { receiptSecret: RECEIPT_SECRET, emailOn: true } },
  });
  // Where the proxy keeps it (server.ts), and where verify-receipt reads it.
  await harness.store.setSetting('receipt_secret', RECEIPT_SECRET);
  const notifier = new Notifier({
    store: harness.store,
    channels: {
      email: emailChannel({
        smtpUrl: `smtp://127.0.0.1:${String(mail.port)}`,
        from: 'enquiry-form <alerts@lovelace-law.example>',
        confirmationFrom: 'Lovelace & Co <enquiries@lovelace-law.example>',
        store: harness.store,
      }),
    },
    firmChannels: [],
    log: harness.logs.log,
    pauseState: () => undefined,
    queuedAlertMs: 3_600_000,
    now: () => harness.clock.now,
  });
  return { harness, mail, send: () => notifier.tick() };
}

const answerOf = async (response: Response) =>
  (await response.json()) as { reference: string; receipt?: string; status: string };

const verify = async (harness: ProxyHarness, code: string) => {
  const out: string[] = [];
  const err: string[] = [];
  const exit = await runOutboxCommand(['verify-receipt', code], harness.store, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    now: () => harness.clock.now,
  });
  return { exit, out: out.join('\n'), err: err.join('\n') };
};

describe('the confirmation email', () => {
  it('sends the visitor the firm’s words, the reference, the time, the receipt and their answers, escaped and unlinked', async () => {
    const { harness, mail, send } = await confirmingProxy();
    const response = await harness.submit(
      {
        answers: {
          ...validEnquiry().answers,
          notes:
            '<b>bold</b> <script>alert(1)</script> see https://evil.example or me@evil.example',
        },
      },
      [{ name: 'plan<img src=x>.pdf', bytes: new TextEncoder().encode('%PDF-1.4\n%%EOF\n') }],
    );
    const answer = await answerOf(response);
    expect(answer).toMatchObject({ status: 'delivered' });
    expect(answer.receipt).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    await send();

    expect(mail.received).toHaveLength(1);
    const [email] = mail.received;
    expect(email?.to).toMatchObject({ text: 'ada@example.com' });
    expect(email?.from?.text).toContain('enquiries@lovelace-law.example');
    expect(email?.subject).toBe(`We have your enquiry (${answer.reference})`);
    expect(email?.messageId).toBe(`<confirmation.${answer.reference}@lovelace-law.example>`);
    const text = email?.text ?? '';
    expect(text).toContain('A solicitor will call you within a day.');
    expect(text).toContain(answer.reference);
    expect(text).toContain(answer.receipt);
    expect(text).toContain('27 March 2027');
    expect(text).toContain('Anything else we should know?');
    // No attribution, no contact details echoed: only what the visitor answered.
    expect(text).not.toContain('spring-2027');
    const html = String(email?.html);
    expect(html).not.toMatch(/<script|<b>|<img/);
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt; &lt;script&gt;');
    // The proxy names files itself; the name it kept is listed, as text.
    expect(html).toContain('<li>plan_img src=x_.\u2060pdf</li>');
    expect(html).not.toMatch(/<a[\s>]/);
    // What the visitor typed no mail client can turn into a link.
    expect(text).not.toContain('https://evil.example');
    expect(text).not.toContain('me@evil.example');
    expect(text.replaceAll('\u2060', '')).toContain('see https://evil.example or me@evil.example');
  });

  it('is sent once however often the notifier runs, and never for a submission held as spam', async () => {
    const { harness, mail, send } = await confirmingProxy();
    await harness.submit();
    const spam = await harness.submit({ website: 'http://bot.example', email: 'bot@example.com' });
    expect(spam.status).toBe(202);
    expect((await answerOf(spam)).receipt).toMatch(/^[0-9A-Z-]{19}$/);
    await send();
    await send();
    expect(mail.received.map((email) => email.to)).toMatchObject([{ text: 'ada@example.com' }]);
  });

  it('sends an address at most its daily share, and each client its hourly share', async () => {
    const { harness, mail, send } = await confirmingProxy(
      confirming({ limits: { perAddressPerDay: 2, perClientPerHour: 3 } }),
    );
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
      expect((await harness.submit({}, [], { 'x-test-ip': ip })).status).toBeLessThan(300);
    for (const email of ['b@example.com', 'c@example.com'])
      await harness.submit({ email }, [], { 'x-test-ip': '198.51.100.9' });
    await harness.submit({ email: 'd@example.com' }, [], { 'x-test-ip': '198.51.100.9' });
    await harness.submit({ email: 'e@example.com' }, [], { 'x-test-ip': '198.51.100.9' });
    await send();
    const to = mail.received.map((email) => (email.to as { text: string }).text).sort();
    expect(to).toEqual([
      'ada@example.com',
      'ada@example.com',
      'b@example.com',
      'c@example.com',
      'd@example.com',
    ]);
  });

  it('goes only to visitors who tick "Send me a copy" when the form asks', async () => {
    const { harness, mail, send } = await confirmingProxy(confirming({ optIn: true }));
    await harness.submit({ email: 'no-copy@example.com' });
    await harness.submit({ email: 'copy@example.com', send_copy: true });
    await send();
    expect(mail.received.map((email) => email.to)).toMatchObject([{ text: 'copy@example.com' }]);
  });
});

describe('the receipt code', () => {
  it('is confirmed by verify-receipt, even after the enquiry is purged, and refused with one character changed', async () => {
    const { harness } = await confirmingProxy();
    const { reference, receipt = '' } = await answerOf(await harness.submit());
    const found = await verify(harness, receipt.toLowerCase().replaceAll('-', ''));
    expect(found.exit).toBe(0);
    expect(found.out).toContain(`Received: ${reference} at 2027-03-27T09:00:00Z`);
    expect(found.out).toContain('Still in the outbox (delivered)');

    await harness.store.purgeDelivered(harness.clock.now + 1);
    const later = await verify(harness, receipt);
    expect(later.exit).toBe(0);
    expect(later.out).toContain('No longer in the outbox');

    const last = receipt.at(-1) === '0' ? '1' : '0';
    const changed = await verify(harness, `${receipt.slice(0, -1)}${last}`);
    expect(changed.exit).toBe(1);
    expect(changed.err).toContain('No enquiry was received with the receipt code');
  });
});

describe('the form without JavaScript', () => {
  it('offers "Send me a copy", sends the copy when ticked, and shows the receipt on the page it ends on', async () => {
    const { harness, mail, send } = await confirmingProxy(confirming({ optIn: true }));
    const page = await (await harness.app.request('/form?case-type=conveyancing')).text();
    expect(page).toMatch(
      /<input[^>]*name="send_copy"[^>]*type="checkbox"|type="checkbox"[^>]*name="send_copy"/,
    );
    expect(page).toContain('Send me a copy by email');

    const form = new FormData();
    const fields: Record<string, string> = {
      case_type: 'conveyancing',
      form_token: harness.formToken(),
      forename: 'Ada',
      surname: 'Lovelace',
      email: 'plain@example.com',
      'answers.transaction': 'Buying',
      'answers.property_value': 'Under £250,000',
      send_copy: 'on',
      website: '',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const posted = await harness.app.request('http://proxy.example/api/enquiries', {
      method: 'POST',
      body: form,
      headers: {
        origin: 'http://proxy.example',
        accept: 'text/html,application/xhtml+xml',
        host: 'proxy.example',
      },
    });
    expect(posted.status).toBe(303);
    const sent = new URL(posted.headers.get('location') ?? '', 'http://proxy.example');
    const receipt = sent.searchParams.get('receipt') ?? '';
    expect(receipt).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    const confirmationPage = await (
      await harness.app.request(`${sent.pathname}${sent.search}`)
    ).text();
    expect(confirmationPage).toContain(
      `Your receipt code is <span class="receipt">${receipt}</span>`,
    );
    expect(confirmationPage).toContain(
      '<p>Keep the receipt code: if you ever need to show that you sent this enquiry, quote it and we can check it.</p>',
    );
    await send();
    expect(mail.received.map((email) => email.to)).toMatchObject([{ text: 'plain@example.com' }]);
    expect(mail.received[0]?.text).toContain(receipt);
  });
});
