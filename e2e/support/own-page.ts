/**
 * A site owner's page of their own on a free loopback port: the README's embed code in a page in
 * the visitor's language, as a firm would publish it. A real server rather than `page.route()`,
 * because Chromium lets a page reach the proxy on a loopback address only when the page itself
 * came from one (Local Network Access); its origin goes into the proxy's `ALLOWED_ORIGINS`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { manualBlock } from '../../demo/readme/manual.ts';

export interface OwnPage {
  /** `http://127.0.0.1:<port>`, for `ALLOWED_ORIGINS`. */
  origin: string;
  /** Serves `html` at `path` (`/` unless said) from now on. */
  show(html: string, path?: string): void;
  close(): Promise<void>;
}

export async function openOwnPage(): Promise<OwnPage> {
  const pages = new Map<string, string>();
  const server = createServer((request, response) => {
    const html = pages.get(new URL(request.url ?? '/', 'http://page').pathname);
    response.statusCode = html === undefined ? 404 : 200;
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.setHeader('cache-control', 'no-store');
    response.end(html ?? 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${String(port)}`,
    show: (html, path = '/') => {
      pages.set(path, html);
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** What a page in another language holds around the form: its language, title and heading. */
export interface PageInLanguage {
  /** The page's `<html lang>`. */
  lang: string;
  title: string;
  heading: string;
  /** The fallback paragraph in the page's language (a README block), instead of the English. */
  fallback?: string;
}

/**
 * The README's embed code (`html embed`), pointed at `proxyUrl`, on a page in a language.
 *
 * @example embedPage(proxy.url, { lang: 'cy', title: 'Symud tŷ', heading: 'Symud tŷ?', fallback: manualBlock('html fallback-cy') })
 */
export function embedPage(proxyUrl: string, words: PageInLanguage): string {
  const english = manualBlock('html embed');
  const embed = (
    words.fallback
      ? english.replace(/<p class="enquiry-form-fallback">[\s\S]*?<\/p>/, words.fallback)
      : english
  ).replaceAll('https://forms.example.com', proxyUrl);
  return `<!doctype html>
<html lang="${words.lang}">
  <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${words.title}</title></head>
  <body><main><h1>${words.heading}</h1>${embed}</main></body>
</html>`;
}
