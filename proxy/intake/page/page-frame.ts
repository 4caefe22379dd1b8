/**
 * The frame of every page without JavaScript (the form, its refusals, `/form/sent`): a complete
 * HTML document with its own small stylesheet, allowed by its hash in the page's CSP, and the
 * headers those pages are sent with.
 */
import { createHash } from 'node:crypto';
import { html, raw } from 'hono/html';
import type { FormConfig } from '../../contract/schemas/form-config.ts';
import { rightToLeft } from '../../contract/strings/catalogue.ts';
import type { PageLanguage } from './form-fields.ts';

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:1rem/1.5 system-ui,sans-serif;color:#1b1b1b;background:#fff}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}h1{font-size:1.6rem;margin:0 0 1rem}
.field{margin:0 0 1.25rem;border:0;padding:0}label,legend{display:block;font-weight:600;margin-bottom:.25rem;padding:0}
.choice{font-weight:400;display:flex;gap:.5rem;align-items:flex-start;min-height:44px;padding:.5rem 0}
.choice input{width:1.25rem;height:1.25rem;margin:.15rem 0 0}
input:not([type=checkbox]):not([type=radio]),select,textarea{width:100%;min-height:44px;padding:.5rem;font:inherit;border:2px solid #505a5f;border-radius:4px}
:focus-visible{outline:3px solid #1d70b8;outline-offset:2px}.hint{color:#505a5f;margin:0 0 .25rem}
.optional{font-weight:400;color:#505a5f}.error{color:#b10e1e;font-weight:600;margin:0 0 .25rem}
.invalid input,.invalid select,.invalid textarea{border-color:#b10e1e}
.summary{border:4px solid #b10e1e;padding:1rem;margin:0 0 1.5rem}.summary h2{margin:0 0 .5rem;font-size:1.2rem}
.summary a{color:#b10e1e;font-weight:600}button{font:inherit;font-weight:600;min-height:44px;padding:.6rem 1.2rem;border:0;border-radius:4px;background:#00703c;color:#fff;cursor:pointer}
.buttons{display:flex;flex-wrap:wrap;gap:1rem}button.secondary{background:#f3f2f1;color:#0b0c0c;box-shadow:0 2px 0 #929191}
.honeypot{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.reference,.receipt{font-size:1.3rem;font-weight:700;white-space:nowrap}a{color:#1d70b8}
details.day{border-bottom:1px solid #b1b4b6}details.day summary{min-height:44px;padding:.6rem 0;cursor:pointer;font-weight:600}
details.day fieldset{border:0;margin:0;padding:0 0 .5rem}
@media (prefers-color-scheme:dark){body{background:#111;color:#eee}.hint,.optional{color:#bbb}a{color:#8cc4ff}
input:not([type=checkbox]):not([type=radio]),select,textarea{background:#1b1b1b;color:#eee;border-color:#aaa}
.error,.summary a{color:#ff8a8a}.summary{border-color:#ff8a8a}button.secondary{background:#333;color:#eee}}`;

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/**
 * The `Content-Security-Policy` of these pages: their own stylesheet, and posts to themselves.
 * Browsers hold a post's redirect to `form-action` too, so the thank-you page's site is named:
 * without it the `303` there is blocked and the visitor is left on the filled form.
 */
function pageCsp(config: Pick<FormConfig, 'thankYouUrl'>): string {
  const thankYou = config.thankYouUrl ? ` ${new URL(config.thankYouUrl).origin}` : '';
  return `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; form-action 'self'${thankYou}; frame-ancestors 'none'; base-uri 'none'`;
}

/**
 * The headers of these pages: their policy, never cached (each view carries a fresh form
 * token), and the referrer kept within the site, without which a browser posts the form with
 * `Origin: null` and the proxy could not tell its own page from any other.
 */
export const pageHeaders = (config: Pick<FormConfig, 'thankYouUrl'>) => ({
  'Content-Security-Policy': pageCsp(config),
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'same-origin',
});

// One piece, so that nothing (a formatter's indentation) comes between the tags and the hash.
const STYLE_ELEMENT = raw(`<style>${STYLE}</style>`);

/**
 * A complete page: `body` in `main`, titled `title`, in the visitor's language, laid out in its
 * direction as the widget is.
 */
export const page = (title: string, body: unknown, { lang }: PageLanguage) =>
  html`<!doctype html>
    <html lang="${lang}" dir="${rightToLeft(lang) ? 'rtl' : 'ltr'}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        ${STYLE_ELEMENT}
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`;
