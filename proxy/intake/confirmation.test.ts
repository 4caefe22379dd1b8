/**
 * The visitor's confirmation email and receipt, end to end in memory: the enquiry route stores
 * the receipt and queues the email, the notifier sends it through a real SMTP server
 * (smtp-server on loopback), and what arrives is read back with mailparser.
 */
import { describe, expect, it } from 'vitest';
import { chores } from '../lifecycle/housekeeping.ts';
import {
  answerOf,
  confirming,
  confirmingProxies,
  outboxCommand,
} from '../test/fixtures/confirming-proxy.ts';
import { validEnquiry, type ProxyHarness } from '../test/fixtures/proxy-harness.ts';

const confirmingProxy = confirmingProxies();

const verify = (harness: ProxyHarness, code: string) =>
  outboxCommand(harness, 'verify-receipt', code);

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

  it('goes only to visitors who tick "Send me a copy" when the form asks', async () => {
    const { harness, mail, send } = await confirmingProxy(confirming({ optIn: true }));
    await harness.submit({ email: 'no-copy@example.com' });
    await harness.submit({ email: 'copy@example.com', send_copy: true });
    await send();
    expect(mail.received.map((email) => email.to)).toMatchObject([{ text: 'copy@example.com' }]);
  });
});

describe('the confirmation as the visitor’s data', () => {
  const DAY = 24 * 3_600_000;
  it('is found by subject with the enquiry, and goes with it when retention removes the enquiry', async () => {
    const { harness, mail, send } = await confirmingProxy();
    const { reference } = await answerOf(await harness.submit());
    await send();
    expect(mail.received).toHaveLength(1);
    expect((await outboxCommand(harness, 'subject', 'ada@example.com')).lines).toEqual([
      expect.stringMatching(new RegExp(`^submission ${reference} {2}delivered`)),
      expect.stringMatching(
        new RegExp(`^notification \\d+ {2}confirmation by email {2}sent {2}${reference}$`),
      ),
    ]);

    harness.clock.now += 31 * DAY;
    for (const chore of chores(harness.store, 30, [])) await chore.run(harness.clock.now);
    expect((await outboxCommand(harness, 'subject', 'ada@example.com')).lines).toEqual([
      'The outbox holds nothing about ada@example.com.',
    ]);
    expect(await harness.store.notificationsFor(reference)).toEqual([]);
  });
});

describe('the receipt code', () => {
  it('is confirmed by verify-receipt, even after the enquiry is purged, and refused with one character changed', async () => {
    const { harness, send } = await confirmingProxy();
    const { reference, receipt = '' } = await answerOf(await harness.submit());
    // Sent: retention keeps an enquiry whose confirmation is still on its way.
    await send();
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

  it('says of a receipt a caught bot was given that its enquiry never reached the firm, until an operator releases it', async () => {
    const { harness } = await confirmingProxy();
    const spam = await answerOf(await harness.submit({ website: 'http://bot.example' }));
    // The bot's answer looks like a person's, receipt included: it learns nothing.
    expect(spam.receipt).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    const caught = await verify(harness, spam.receipt ?? '');
    expect(caught.exit).toBe(3);
    expect(caught.out).toContain(`Received: ${spam.reference} at 2027-03-27T09:00:00Z`);
    expect(caught.out).toContain(
      'Caught as spam by the bot checks (honeypot field filled in): it was not sent to the firm',
    );
    expect(caught.out).not.toContain('the code matches');

    harness.clock.now += 60_000;
    expect((await outboxCommand(harness, 'retry', spam.reference)).exit).toBe(0);
    const released = await verify(harness, spam.receipt ?? '');
    expect(released.exit).toBe(0);
    expect(released.out).toContain(
      'Caught as spam by the bot checks (honeypot field filled in), then released by an operator at 2027-03-27T09:01:00Z',
    );
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
    // The page shows what its signed pass says: the receipt is read from the page itself.
    const confirmationPage = await (
      await harness.app.request(posted.headers.get('location') ?? '')
    ).text();
    const receipt = /<span class="receipt">([^<]+)<\/span>/.exec(confirmationPage)?.[1] ?? '';
    expect(receipt).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
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
