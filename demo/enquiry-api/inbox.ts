/**
 * The read-only inbox: `GET /inbox` (HTML, newest first), `GET /inbox.json` (the same data,
 * oldest first, for tests) and `GET /inbox/files/:id` (a file's original bytes). No login:
 * it is a local demo tool, and it never shows the credentials.
 */
import { Hono } from 'hono';
import type { EmulatorEnv } from './faults.ts';
import { INBOX_CSP, renderInbox } from './inbox-html.ts';
import type { FileSummary, Stats, EnquiryStore, StoredEnquiry } from './store.ts';

/** Where a stored file can be downloaded, relative to the stand-in's origin. */
const fileUrl = (id: number) => `/inbox/files/${id}`;

/**
 * One enquiry of `/inbox.json`: the create fields as received, links to its files, and
 * `dropped` when the stand-in cut the create's connection after storing it (a fault asked
 * for): its client never had the answer.
 */
export type InboxEnquiry = Omit<StoredEnquiry, 'rawBody' | 'files'> & {
  files: (FileSummary & { url: string })[];
  dropped?: true;
};

/** The body of `/inbox.json`. */
export interface InboxJson {
  /** Oldest first, so a test's nth create is `enquiries[n]`. */
  enquiries: InboxEnquiry[];
  stats: Stats;
}

/** The JSON view of the store. */
function inboxJson(store: EnquiryStore): InboxJson {
  const enquiries = store.listEnquiries().map(({ rawBody: _rawBody, files, ...enquiry }) => ({
    ...enquiry,
    files: files.map((file) => ({ ...file, url: fileUrl(file.id) })),
    ...(store.wasDropped(enquiry.id) ? { dropped: true as const } : {}),
  }));
  return { enquiries, stats: { ...store.stats } };
}

// RFC 5987 attr-char: what may stand unencoded in `filename*`.
const ATTR_CHAR = /^[A-Za-z0-9!#$&+\-.^_`|~]$/;

/** Percent-encodes the UTF-8 bytes of `text` for a `filename*` parameter (RFC 5987). */
const encodeExtValue = (text: string) =>
  Array.from(Buffer.from(text, 'utf8'), (byte) => {
    const char = String.fromCharCode(byte);
    return ATTR_CHAR.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');

/**
 * `Content-Disposition: attachment` for `name` (RFC 6266): a plain-ASCII `filename` every
 * client understands and, when the name needs it, a UTF-8 `filename*` that modern ones prefer.
 *
 * @example contentDisposition('Résumé.pdf') // attachment; filename="R_sum_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9.pdf
 */
export function contentDisposition(name: string): string {
  const clean = name.replace(/\p{Cc}/gu, '');
  const fallback = clean.replace(/[^\x20-\x7e]|["\\%]/gu, '_');
  const plain = `attachment; filename="${fallback}"`;
  return fallback === clean ? plain : `${plain}; filename*=UTF-8''${encodeExtValue(clean)}`;
}

/** The inbox routes over `store`. */
export function inboxRoutes(store: EnquiryStore): Hono<EmulatorEnv> {
  const inbox = new Hono<EmulatorEnv>();

  inbox.get('/inbox', (c) => {
    c.header('Content-Security-Policy', INBOX_CSP);
    c.header('Cache-Control', 'no-store');
    return c.html(renderInbox(store.listEnquiries(), store.stats, fileUrl));
  });

  inbox.get('/inbox.json', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(inboxJson(store));
  });

  inbox.get('/inbox/files/:id{[0-9]+}', (c) => {
    const file = store.getFile(Number(c.req.param('id')));
    if (!file) return c.text('No file has that id.', 404);
    return c.body(new Uint8Array(file.bytes), 200, {
      'Content-Type': file.mime,
      'Content-Disposition': contentDisposition(file.name),
      // The bytes came from a client: never let a browser second-guess the stored type.
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    });
  });

  return inbox;
}

/** What the stand-in at `origin` has received, oldest first: how a test reads it over HTTP. */
export async function fetchInbox(origin: string): Promise<InboxEnquiry[]> {
  const answer = await fetch(`${origin}/inbox.json`);
  return ((await answer.json()) as InboxJson).enquiries;
}
