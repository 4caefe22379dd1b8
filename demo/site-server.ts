/**
 * The demo landing pages, served the way a careful site owner would: a strict
 * Content-Security-Policy (no inline script or style), the widget loaded from the proxy's
 * origin with one script tag.
 */
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';

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

/** The policy the README recommends, with the proxy's origin for the script and its API. */
export function contentSecurityPolicy(proxyOrigin: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${proxyOrigin}`,
    "style-src 'self'",
    `connect-src 'self' ${proxyOrigin}`,
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The demo landing pages, served under the same strict Content-Security-Policy a site owner would use. */
export function createDemoSite(options: DemoSiteOptions): Hono {
  const app = new Hono();
  const templates = Object.fromEntries(
    Object.entries(PAGES).map(([path, file]) => [path, page(file)]),
  );

  app.get('*', (c) => {
    const path = c.req.path.replace(/\.html$/, '').replace(/\/index$/, '/');
    const template = templates[path];
    if (template !== undefined) {
      const proxyOrigin = options.proxyOrigin(new URL(c.req.url).hostname);
      c.header('Content-Security-Policy', contentSecurityPolicy(proxyOrigin));
      c.header('Cache-Control', 'no-cache');
      return c.html(template.replaceAll('{{PROXY_ORIGIN}}', proxyOrigin));
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
