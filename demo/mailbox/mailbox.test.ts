/**
 * The demo's mailbox: what arrives by SMTP on loopback is kept and shown, its links clickable,
 * its HTML only in a sandbox, its attachments only as downloads, every value escaped; and the
 * pages answer to this machine's own names only.
 */
import { createTransport } from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { mailboxPages } from './mailbox-pages.ts';
import { startMailbox, type RunningMailbox } from './mailbox.ts';

const running: RunningMailbox[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((mailbox) => mailbox.close()));
});

const LINK = 'http://localhost:3000/#enquiry-draft=0123456789abcdef0123456789abcdef.k3y';

/** A mailbox on free ports, and a way to send it one email. */
async function mailbox() {
  const box = await startMailbox({ host: '127.0.0.1', webPort: 0, smtpPort: 0 });
  running.push(box);
  const transport = createTransport({ url: box.smtpUrl });
  const page = (path: string, host = 'localhost') =>
    mailboxPages(() => box.kept()).request(`http://${host}${path}`);
  return { box, send: transport.sendMail.bind(transport), page };
}

describe('the demo mailbox', () => {
  it('keeps what arrives by SMTP and lists it, newest first, on loopback', async () => {
    const { box, send, page } = await mailbox();
    expect(box.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    expect(box.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(await (await page('/')).text()).toContain('No email yet.');
    await send({ from: 'firm@example.com', to: 'ada@example.com', subject: 'First', text: 'a' });
    await send({ from: 'firm@example.com', to: 'ada@example.com', subject: 'Second', text: 'b' });
    const list = await page('/');
    expect(list.headers.get('content-security-policy')).toContain("default-src 'none'");
    const text = await list.text();
    expect(text.indexOf('Second')).toBeLessThan(text.indexOf('First'));
    expect(text).toContain('<a href="/messages/2">Second</a>');
    // The pages themselves, at the address the mailbox says.
    expect(await (await fetch(box.url)).text()).toContain('<a href="/messages/1">First</a>');
  });

  it('shows an email’s text with its links made links, and its HTML only in a sandbox', async () => {
    const { send, page } = await mailbox();
    await send({
      from: 'Lovelace & Co <enquiries@lovelace-law.example>',
      to: 'ada@example.com',
      subject: 'Your saved enquiry <b>now</b>',
      text: `To carry on, open this link:\n\n${LINK}\n\nYour code is 123456.`,
      html: '<p>Hello</p><script>alert(1)</script><img src="https://tracker.example/p.gif">',
      attachments: [{ filename: 'letter.pdf', content: Buffer.from('%PDF-1.7 pretend') }],
    });
    const shown = await (await page('/messages/1')).text();
    expect(shown).toContain(`<a href="${LINK}">${LINK}</a>`);
    expect(shown).toContain('Your code is 123456.');
    expect(shown).toContain('Your saved enquiry &lt;b&gt;now&lt;/b&gt;');
    expect(shown).toContain('&quot;Lovelace &amp; Co&quot; &lt;enquiries@lovelace-law.example&gt;');
    expect(shown).toContain('<iframe title="The email as HTML" sandbox src="/messages/1/html">');
    const asHtml = await page('/messages/1/html');
    expect(asHtml.headers.get('content-security-policy')).toMatch(/^sandbox .*default-src 'none'/);
    expect(await asHtml.text()).toContain('<p>Hello</p>');
    const file = await page('/messages/1/files/0');
    expect(file.headers.get('content-type')).toBe('application/octet-stream');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="letter.pdf"');
    expect(await file.text()).toBe('%PDF-1.7 pretend');
    expect((await page('/messages/9')).status).toBe(404);
    expect((await page('/messages/1/files/3')).status).toBe(404);
  });

  it('answers only to this machine’s own names, so no other site’s name can reach it', async () => {
    const { send, page } = await mailbox();
    await send({ from: 'firm@example.com', to: 'ada@example.com', subject: 'Code', text: '1' });
    for (const host of ['localhost:8025', '127.0.0.1:8025', '[::1]:8025'])
      expect((await page('/messages/1', host)).status).toBe(200);
    const elsewhere = await page('/messages/1', 'mailbox.attacker.example');
    expect(elsewhere.status).toBe(421);
    expect(await elsewhere.text()).not.toContain('Code');
  });
});
