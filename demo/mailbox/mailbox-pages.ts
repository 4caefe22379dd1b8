/**
 * The demo mailbox's pages (`mailbox.ts`): every email kept, newest first (`/`), one email with
 * its text, links made clickable, and its HTML beside it (`/messages/<id>`), the HTML itself in a
 * sandbox (`/messages/<id>/html`: no script, nothing fetched, its links open outside it), and an
 * attachment's bytes (`/messages/<id>/files/<n>`, always a download). Everything shown came from
 * an email, so every value is escaped; the pages answer only to this machine's own names, so a
 * page elsewhere cannot read them through a name of its own that points here.
 */
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { html, raw } from 'hono/html';
import type { AddressObject, ParsedMail } from 'mailparser';
import { contentDisposition } from '../enquiry-api/inbox.ts';

/** One email as the mailbox keeps it. */
export interface KeptMail {
  /** 1, 2, 3… in the order they arrived. */
  id: number;
  receivedAt: Date;
  mail: ParsedMail;
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;color:#1b1b1b}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #bbb;padding:.4rem .5rem;text-align:left;vertical-align:top}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f3f3f3;padding:.75rem}
iframe{width:100%;height:32rem;border:1px solid #bbb}.muted{color:#595959}`;

// Built outside any `html` template: Prettier reformats those as HTML, which would change the
// stylesheet's whitespace and so its hash.
const STYLE_ELEMENT = raw(`<style>${STYLE}</style>`);

/** The pages' policy: their one stylesheet by hash, the email's HTML from here in a frame. */
const PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "frame-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * An email's own HTML: a sandbox (no script, an origin of its own), its inline styles and
 * embedded pictures only, nothing fetched; shown only in this mailbox's pages.
 */
const MAIL_CSP =
  "sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'";

/** The names this machine answers to: a page on any other name is refused. */
const OWN_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An address header as a line: `Ada <ada@example.com>, bob@example.com`. */
const addresses = (header: AddressObject | AddressObject[] | undefined) =>
  [header ?? []]
    .flat()
    .map((one) => one.text)
    .join(', ');

/** A link's end: the punctuation a sentence puts after an address is not part of it. */
const LINK = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)]/g;

/** `text` with each web address a link, everything else escaped. */
function linked(text: string) {
  const parts = [];
  let at = 0;
  for (const match of text.matchAll(LINK)) {
    parts.push(text.slice(at, match.index), html`<a href="${match[0]}">${match[0]}</a>`);
    at = match.index + match[0].length;
  }
  parts.push(text.slice(at));
  return parts;
}

/** One page of the mailbox, with its title and what `refresh` says (seconds, on the list). */
function page(title: string, body: unknown, refresh?: number) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        ${refresh ? html`<meta http-equiv="refresh" content="${refresh}" />` : ''}
        <title>${title}</title>
        ${STYLE_ELEMENT}
      </head>
      <body>
        ${body}
      </body>
    </html>`;
}

const when = (date: Date) => date.toLocaleString('en-GB');

function listPage(kept: readonly KeptMail[]) {
  const rows = [...kept].reverse().map(
    ({ id, receivedAt, mail }) =>
      html`<tr>
        <td>${when(receivedAt)}</td>
        <td>${addresses(mail.to)}</td>
        <td><a href="/messages/${id}">${mail.subject || '(no subject)'}</a></td>
        <td>${addresses(mail.from)}</td>
      </tr>`,
  );
  return page(
    'Mailbox: every email the demo sends',
    html`<h1>Mailbox</h1>
      <p>
        Every email the demo sends lands here, and nowhere else: saved enquiries' links and codes,
        visitors' confirmations, teams' notices of new leads, the firm's alerts. Newest first; the
        page looks again every 5 seconds. Kept until <code>npm start</code> stops.
      </p>
      ${
        kept.length === 0
          ? html`<p id="empty">No email yet.</p>`
          : html`<table>
              <caption class="muted">
                ${kept.length} ${kept.length === 1 ? 'email' : 'emails'}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Received</th>
                  <th scope="col">To</th>
                  <th scope="col">Subject</th>
                  <th scope="col">From</th>
                </tr>
              </thead>
              <tbody>
                ${rows}
              </tbody>
            </table>`
      }`,
    5,
  );
}

function messagePage({ id, receivedAt, mail }: KeptMail) {
  const files = mail.attachments.map(
    (file, n) =>
      html`<li>
        <a href="/messages/${id}/files/${n}">${file.filename ?? `attachment ${String(n + 1)}`}</a>
        <span class="muted">(${file.contentType}, ${file.size} bytes)</span>
      </li>`,
  );
  return page(
    `${mail.subject || '(no subject)'}: mailbox`,
    html`<p><a href="/">All emails</a></p>
      <h1>${mail.subject || '(no subject)'}</h1>
      <dl>
        <dt>From</dt>
        <dd>${addresses(mail.from)}</dd>
        <dt>To</dt>
        <dd>${addresses(mail.to)}</dd>
        <dt>Received</dt>
        <dd>${when(receivedAt)}</dd>
      </dl>
      <h2>As text</h2>
      <pre id="text">${linked(mail.text ?? '')}</pre>
      ${
        mail.html
          ? html`<h2>As HTML</h2>
              <iframe title="The email as HTML" sandbox src="/messages/${id}/html"></iframe>`
          : ''
      }
      ${
        files.length > 0
          ? html`<h2>Attached</h2>
              <ul>
                ${files}
              </ul>`
          : ''
      }`,
  );
}

/** The mailbox's pages over `kept` (oldest first), as a Hono app. */
export function mailboxPages(kept: () => readonly KeptMail[]): Hono {
  const app = new Hono();
  const found = (c: Context) => kept().find((one) => String(one.id) === c.req.param('id'));
  app.use('*', async (c, next) => {
    if (!OWN_NAMES.has(new URL(c.req.url).hostname))
      return c.text('This mailbox answers at localhost only.', 421);
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Content-Type-Options', 'nosniff');
    await next();
  });
  app.get('/', (c) => {
    c.header('Content-Security-Policy', PAGE_CSP);
    return c.html(listPage(kept()));
  });
  app.get('/messages/:id', (c) => {
    const one = found(c);
    if (!one) return c.text('No such email: the mailbox keeps the newest 200.', 404);
    c.header('Content-Security-Policy', PAGE_CSP);
    return c.html(messagePage(one));
  });
  app.get('/messages/:id/html', (c) => {
    const mail = found(c)?.mail;
    if (!mail?.html) return c.text('No such email as HTML.', 404);
    c.header('Content-Security-Policy', MAIL_CSP);
    return c.html(mail.html);
  });
  app.get('/messages/:id/files/:n', (c) => {
    const file = found(c)?.mail.attachments[Number(c.req.param('n'))];
    if (!file) return c.text('No such attachment.', 404);
    return c.body(new Uint8Array(file.content), 200, {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': contentDisposition(file.filename ?? 'attachment'),
    });
  });
  app.notFound((c) => c.text('Not found', 404));
  return app;
}
