/**
 * The demo landing pages, served the way a careful site owner would: a strict
 * Content-Security-Policy (no inline script or style), the widget loaded from the proxy's
 * origin with one script tag.
 */
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { configOf, DRAWN_CSS_SOURCE, drawnShadowRoot } from '../bundle/embed-code.ts';

const page = (name: string) => readFileSync(new URL(`./site/${name}`, import.meta.url), 'utf8');

const PAGES: Readonly<Record<string, string>> = {
  '/': 'index.html',
  '/conveyancing': 'conveyancing.html',
};
const ASSETS: Readonly<Record<string, string>> = {
  '/site.css': 'text/css; charset=utf-8',
  '/site.js': 'text/javascript; charset=utf-8',
};

/** How the demo site finds the proxy. */
export interface DemoSiteOptions {
  /** The proxy's origin as seen from the visitor's browser for this page's host name. */
  proxyOrigin: (hostname: string) => string;
}

/**
 * The policy the manual recommends (docs/embedding.md), with the proxy's origin for the script and its API; and the
 * hash of the drawn form's inline styles, for a page that has them (`npm run embed`).
 */
export function contentSecurityPolicy(proxyOrigin: string, drawn = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${proxyOrigin}`,
    `style-src 'self'${drawn ? ` ${DRAWN_CSS_SOURCE}` : ''}`,
    `connect-src 'self' ${proxyOrigin}`,
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The page with its form drawn in the tag, from the configuration the proxy serves now. */
async function drawIn(html: string, proxyOrigin: string): Promise<string> {
  const config = await configOf(proxyOrigin);
  const tag = /<enquiry-form\b[^>]*case-type="([^"]+)"[^>]*>/.exec(html);
  if (!tag) return html;
  const at = tag.index + tag[0].length;
  return `${html.slice(0, at)}${await drawnShadowRoot(config, tag[1])}${html.slice(at)}`;
}

/** The demo landing pages, served under the same strict Content-Security-Policy a site owner would use. */
export function createDemoSite(options: DemoSiteOptions): Hono {
  const app = new Hono();
  const templates = Object.fromEntries(
    Object.entries(PAGES).map(([path, file]) => [path, page(file)]),
  );

  app.get('*', async (c) => {
    const path = c.req.path.replace(/\.html$/, '').replace(/\/index$/, '/');
    // The campaign page again, with its form drawn in it as `npm run embed` prints it.
    const drawn = path === '/conveyancing-drawn';
    const template = templates[drawn ? '/conveyancing' : path];
    if (template !== undefined) {
      const proxyOrigin = options.proxyOrigin(new URL(c.req.url).hostname);
      c.header('Content-Security-Policy', contentSecurityPolicy(proxyOrigin, drawn));
      c.header('Cache-Control', 'no-cache');
      const html = template.replaceAll('{{PROXY_ORIGIN}}', proxyOrigin);
      return c.html(drawn ? await drawIn(html, proxyOrigin) : html);
    }
    const type = ASSETS[c.req.path];
    if (type)
      return c.body(page(c.req.path.slice(1)), 200, {
        'Content-Type': type,
        'Cache-Control': 'no-cache',
      });
    if (c.req.path === '/privacy')
      return c.text('A demonstration site: nothing you send here leaves this computer.');
    return c.text('Not found', 404);
  });
  return app;
}
