/**
 * The documents a preview draws in its frame: a page holding the real widget (the same
 * `/enquiry-form.js` a visitor's page loads) pointed at the preview's API, in a language, light or
 * dark; and the page without JavaScript drawn from the draft, posting to the preview's API. Each
 * is allowed in a frame of the console's own pages only.
 */
import { createHash } from 'node:crypto';
import { html } from 'hono/html';
import { pageHeaders } from '../../intake/page/page-frame.ts';

/** What the widget's frame is drawn with. */
export interface FrameData {
  endpoint: string;
  lang: string | undefined;
  dark: boolean;
  caseType: string | undefined;
}

/** The frame's stylesheet: the page around the widget, light or dark as the preview asks. */
export const FRAME_CSS = `
html{color-scheme:light;background:#fff;color:#1b1b1b}html.dark{color-scheme:dark;background:#111;color:#eee}
body{margin:0;font:1rem/1.5 system-ui,sans-serif}main{max-width:40rem;margin:0 auto;padding:1rem}
`;

/** The frame's policy: the widget's script and its requests, from this origin only. */
export const FRAME_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; form-action 'self'; frame-ancestors 'self'; base-uri 'none'";

/** The widget's frame. */
export const widgetFrame = (data: FrameData) =>
  html`<!doctype html>
    <html lang="${data.lang ?? 'en'}" class="${data.dark ? 'dark' : 'light'}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>Preview of the form</title>
        <link rel="stylesheet" href="/admin/form/preview/frame.css" />
        <script type="module" src="/enquiry-form.js"></script>
      </head>
      <body>
        <main>
          <enquiry-form
            endpoint="${data.endpoint}"
            ${data.lang ? html`lang="${data.lang}"` : ''}
            ${data.caseType ? html`case-type="${data.caseType}"` : ''}
          >
            <p>
              The form is loading. If it does not appear, the widget has not been built (npm run
              build).
            </p>
          </enquiry-form>
        </main>
      </body>
    </html>`;

/** The headers of the page without JavaScript in the preview: its own, allowed in a frame of the console. */
export const previewPageHeaders = (): Record<string, string> => {
  const headers = pageHeaders({});
  return {
    ...headers,
    'Content-Security-Policy': headers['Content-Security-Policy'].replace(
      "frame-ancestors 'none'",
      "frame-ancestors 'self'",
    ),
  };
};

const DARK_QUERY = '@media (prefers-color-scheme:dark){';

/**
 * The page without JavaScript as a browser set to dark draws it: its stylesheet's dark rules
 * applied whatever the system says (a frame follows the system's scheme, not its page's), and
 * the policy's hash of the stylesheet made again to match. `headers` are `previewPageHeaders`.
 */
export function darkened(
  page: string,
  headers: Record<string, string>,
): { page: string; headers: Record<string, string> } {
  const style = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1];
  if (style === undefined || !style.includes(DARK_QUERY)) return { page, headers };
  const dark = style.replace(DARK_QUERY, '@media all{');
  const hash = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
  const policy = headers['Content-Security-Policy'] ?? '';
  return {
    page: page.replace(style, dark),
    headers: { ...headers, 'Content-Security-Policy': policy.replace(hash(style), hash(dark)) },
  };
}
