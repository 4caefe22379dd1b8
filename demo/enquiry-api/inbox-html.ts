/**
 * The inbox page: what the stand-in received, for a person checking a demo by eye. Every
 * value comes from a client, so the `html` tag escapes everything it is not told is markup.
 */
import { createHash } from 'node:crypto';
import { MARKETING_FIELDS, type MetaEntry, type OptionalEnquiryField } from './validate.ts';
import type { Stats, StoredEnquiry } from './store.ts';

/** Markup that is already safe; anything else interpolated into `html` is escaped. */
class SafeHtml {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ESCAPES: Readonly<Record<string, string>> = Object.freeze({
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
});

/** Escapes the five characters that can end a text node or an attribute value. */
const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

const render = (value: unknown): string => {
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  // Strings as they are; numbers and anything else as JSON writes them.
  return escapeHtml(typeof value === 'string' ? value : JSON.stringify(value));
};

/** A template tag that escapes every interpolated value (arrays are joined, `null` is empty). */
const html = (strings: TemplateStringsArray, ...values: unknown[]): SafeHtml =>
  new SafeHtml(strings.reduce((out, part, i) => out + render(values[i - 1]) + part));

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #1b1b1b; }
article { border-top: 2px solid #ccc; margin-top: 2rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #bbb; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
.absent { color: #595959; font-style: italic; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f3f3f3; padding: 0.5rem; }
`;

// Built outside any `html` template: Prettier reformats those as HTML, which would change the
// stylesheet's whitespace and so its hash.
const STYLE_ELEMENT = new SafeHtml(`<style>${STYLE}</style>`);

/** The page's Content-Security-Policy: nothing but this one stylesheet, by hash. */
export const INBOX_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** A value, or a visible note that the client did not send the field (or sent it empty). */
const shown = (value: string | null) =>
  value === null
    ? html`<span class="absent">not sent</span>`
    : value === ''
      ? html`<span class="absent">empty</span>`
      : value;

/** The contact fields, named as in the create body; the case type has its own line. */
const CONTACT = ['forename', 'surname', 'email', 'telephone_mobile'] as const;

/** A definition list of `names`, each with its value in `enquiry`. */
const fields = (enquiry: StoredEnquiry, names: readonly ('forename' | OptionalEnquiryField)[]) =>
  html`<dl>
    ${names.map(
      (name) =>
        html`<dt>${name}</dt>
          <dd>${shown(enquiry[name])}</dd>`,
    )}
  </dl>`;

const metaTable = (meta: MetaEntry[]) =>
  meta.length === 0
    ? html`<p class="absent">No answers.</p>`
    : html`<table>
        <thead>
          <tr>
            <th scope="col">id</th>
            <th scope="col">label</th>
            <th scope="col">value</th>
          </tr>
        </thead>
        <tbody>
          ${meta.map(
            (m) =>
              html`<tr>
                <td>${m.id}</td>
                <td>${m.label}</td>
                <td>${m.value}</td>
              </tr>`,
          )}
        </tbody>
      </table>`;

const fileList = (enquiry: StoredEnquiry, fileUrl: (id: number) => string) =>
  enquiry.files.length === 0
    ? html`<p class="absent">No files.</p>`
    : html`<ul>
        ${enquiry.files.map(
          (f) =>
            html`<li>
              <a href="${fileUrl(f.id)}">${f.name}</a> (attachment ${f.id}; ${f.mime};
              ${f.size.toLocaleString('en')} bytes; sha256 <code>${f.sha256}</code>)
            </li>`,
        )}
      </ul>`;

/** The raw body, indented for reading; it was valid JSON when stored. */
const indented = (raw: string) => JSON.stringify(JSON.parse(raw), null, 2);

const enquiryArticle = (enquiry: StoredEnquiry, fileUrl: (id: number) => string) => {
  const heading = `enquiry-${enquiry.id}`;
  return html`<article aria-labelledby="${heading}">
    <h2 id="${heading}">
      ${[enquiry.forename, enquiry.surname].filter(Boolean).join(' ')} (enquiry ${enquiry.id})
    </h2>
    <p>
      Received <time datetime="${enquiry.receivedAt}">${enquiry.receivedAt}</time>; case type
      ${shown(enquiry.case_type)}.
    </p>
    <h3>Contact</h3>
    ${fields(enquiry, CONTACT)}
    <h3>Answers (meta)</h3>
    ${metaTable(enquiry.meta)}
    <h3>Marketing</h3>
    ${fields(enquiry, MARKETING_FIELDS)}
    <h3>Files</h3>
    ${fileList(enquiry, fileUrl)}
    <details>
      <summary>Raw request body</summary>
      <pre>${indented(enquiry.rawBody)}</pre>
    </details>
  </article>`;
};

/**
 * What each count means, in the order the page lists them: a newcomer's "rejected 1" with
 * nothing sent yet is the proxy's check at start, which asks for a refusal on purpose.
 */
const STAT_WORDS: Readonly<Record<keyof Stats, string>> = {
  createRequests: 'Create requests',
  created: 'Enquiries created',
  uploadRequests: 'Upload requests',
  uploaded: 'Files uploaded',
  rejected:
    'Refused with a 4xx (each proxy start sends one on purpose: a create without a forename, which proves the address and login and creates nothing)',
  faulted: 'Failed on purpose (the FAULT_* settings)',
};

/**
 * The whole inbox page, newest enquiry first.
 *
 * @example renderInbox(store.listEnquiries(), store.stats, (id) => `/inbox/files/${id}`)
 */
export function renderInbox(
  oldestFirst: StoredEnquiry[],
  stats: Stats,
  fileUrl: (id: number) => string,
): string {
  const newestFirst = [...oldestFirst].reverse();
  const page = html`<html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>Enquiry inbox (stand-in enquiry API)</title>
      ${STYLE_ELEMENT}
    </head>
    <body>
      <header>
        <h1>Enquiry inbox</h1>
        <p>
          What the stand-in enquiry API received, newest first. Also as
          <a href="/inbox.json">JSON</a>.
        </p>
      </header>
      <main>
        <section aria-labelledby="stats">
          <h2 id="stats">Requests since start</h2>
          <dl>
            ${(Object.keys(STAT_WORDS) as (keyof Stats)[]).map(
              (name) =>
                html`<dt>${STAT_WORDS[name]}</dt>
                  <dd>${stats[name]}</dd>`,
            )}
          </dl>
        </section>
        ${newestFirst.length === 0 ? html`<p>No enquiries yet.</p>` : newestFirst.map((e) => enquiryArticle(e, fileUrl))}
      </main>
    </body>
  </html>`;
  return `<!doctype html>${page.text}\n`;
}
