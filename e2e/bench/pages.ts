/**
 * The landing pages the speed benchmark loads, served by one small HTTP server on 127.0.0.1
 * with the same headers: `/widget` holds `<enquiry-form case-type="conveyancing">` and the
 * script tag from the proxy, as a site owner's page does; `/widget-drawn` the same form from the
 * embed code that draws it in the page (`npm run embed`); `/plain` holds a plain HTML
 * `<form>` with the same fields (the conveyancing form of the law firm example), no script
 * and no stylesheet; `/least-script` the element and a script from another origin that does
 * the least a script can: write the plain form into the element's shadow root. All have the
 * same footer below the form.
 */
import { createServer, type Server } from 'node:http';
import { brotliCompressSync } from 'node:zlib';
import { lawFirm } from '../../demo/forms/index.ts';
import { configOf, embedCode } from '../../bundle/embed-code.ts';
import type { Question } from '../../proxy/contract/schemas/form-config.ts';
import { DEFAULT_STRINGS } from '../../proxy/contract/strings.ts';

const CASE_TYPE = 'conveyancing';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/**
 * What a landing page has below its form. A form that appears late pushes it down: the layout
 * shift a visitor sees, which CLS measures (with nothing below the form there is none to see).
 */
const FOOTER = `<footer>
<h2>Why clients choose us</h2>
<p>Fixed fees agreed before we start, a named solicitor from the first call to completion, and
answers within one working day. Authorised and regulated by the Solicitors Regulation
Authority.</p>
<p>Offices in Leeds and York. Open Monday to Friday, 9am to 5.30pm.</p>
</footer>`;

/**
 * The README snippet's reservation: until the element is defined it holds a screen's height,
 * so what is below the form starts below the screen and is not seen to move when the form
 * appears (`demo/readme/readme.test.ts` keeps the README's and the demo site's copies the same).
 */
export const RESERVED_SPACE = `@media (scripting: enabled) {
  enquiry-form:not(:defined) {
    display: block;
    min-height: 100vh;
  }
}`;

const page = (head: string, main: string) => `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Start your enquiry</title>
${head}
</head>
<body><main><h1>Start your enquiry</h1>
${main}
</main>
${FOOTER}
</body>
</html>
`;

const labelled = (id: string, label: string, control: string) =>
  `<p><label for="${id}">${escape(label)}</label><br>${control}</p>`;

function question(q: Question): string {
  const id = `answers.${q.id}`;
  const required = q.required ? ' required' : '';
  switch (q.type) {
    case 'radio':
    case 'checkbox':
      return `<fieldset><legend>${escape(q.label)}</legend>${(q.options ?? [])
        .map(
          (option, i) =>
            `<input type="${q.type}" id="${id}-${i}" name="${id}" value="${escape(option)}"${required}> <label for="${id}-${i}">${escape(option)}</label>`,
        )
        .join('<br>')}</fieldset>`;
    case 'select':
      return labelled(
        id,
        q.label,
        `<select id="${id}" name="${id}"${required}><option value="">${DEFAULT_STRINGS.chooseOption}</option>${(
          q.options ?? []
        )
          .map((option) => `<option>${escape(option)}</option>`)
          .join('')}</select>`,
      );
    case 'textarea':
      return labelled(id, q.label, `<textarea id="${id}" name="${id}" rows="5"></textarea>`);
    default:
      return labelled(id, q.label, `<input type="${q.type}" id="${id}" name="${id}"${required}>`);
  }
}

/** The fields the widget shows for this case type, in its order, as plain HTML. */
function plainForm(proxyOrigin: string): string {
  const contact = (
    [
      ['forename', 'text', 'required'],
      ['surname', 'text', lawFirm.contact.surname],
      ['email', 'email', lawFirm.contact.email],
      ['telephone_mobile', 'tel', lawFirm.contact.telephone_mobile],
    ] as const
  )
    .filter(([, , requirement]) => requirement !== 'hidden')
    .map(([id, type, requirement]) =>
      labelled(
        id,
        DEFAULT_STRINGS[id],
        `<input type="${type}" id="${id}" name="${id}"${requirement === 'required' ? ' required' : ''}>`,
      ),
    );
  const questions = lawFirm.caseTypes.find((c) => c.id === CASE_TYPE)?.questions ?? [];
  const files = labelled(
    'files',
    DEFAULT_STRINGS.files,
    '<input type="file" id="files" name="files" multiple accept=".pdf,.png,.gif,.jpg,.jpeg">',
  );
  return `<form method="post" action="${proxyOrigin}/api/enquiries" enctype="multipart/form-data">
<input type="hidden" name="case_type" value="${CASE_TYPE}">
${[...contact, ...questions.map(question), files].join('\n')}
<p><button type="submit">${DEFAULT_STRINGS.submit}</button></p>
</form>`;
}

/**
 * The least any script the page names can do to draw a form: define the element and write the
 * plain form's HTML into its shadow root, nothing else (about 1 KB brotli against the widget's
 * 13). What it takes beyond the plain form is the script's own request, not the widget's work.
 */
const leastScript = (form: string) =>
  `customElements.define('enquiry-form',class extends HTMLElement{connectedCallback(){this.attachShadow({mode:'open'}).innerHTML=${JSON.stringify(form)}}});`;

/** Serves `leastScript` from an origin of its own, as the proxy serves the widget: brotli, CORS. */
async function startScriptServer(form: string): Promise<Server> {
  const body = brotliCompressSync(Buffer.from(leastScript(form)));
  const server = createServer((_request, response) => {
    response.writeHead(200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Content-Encoding': 'br',
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': 'no-store',
    });
    response.end(body);
  });
  await listen(server, 0);
  return server;
}

const listen = (server: Server, port: number) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });

const closed = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => {
      resolve();
    });
  });

export interface PageServer {
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves `/widget`, `/widget-drawn`, `/plain` and `/least-script` on `port` (no-store, so nothing is reused
 * between runs). `/widget-drawn` has the embed code of `npm run embed` for the proxy's current
 * configuration: the element with its form drawn in it, and the script.
 */
export async function startPageServer(proxyOrigin: string, port: number): Promise<PageServer> {
  const drawn = await embedCode({
    proxy: proxyOrigin,
    config: await configOf(proxyOrigin),
    attributes: { 'case-type': CASE_TYPE },
  });
  const form = plainForm(proxyOrigin);
  const scripts = await startScriptServer(form);
  const address = scripts.address();
  const scriptOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const pages: Record<string, string> = {
    '/widget': page(
      `<script type="module" src="${proxyOrigin}/enquiry-form.js"></script>
<style>${RESERVED_SPACE}</style>`,
      `<enquiry-form case-type="${CASE_TYPE}"></enquiry-form>`,
    ),
    '/widget-drawn': page('', drawn),
    '/plain': page('', form),
    '/least-script': page(
      `<script type="module" src="${scriptOrigin}/least.js"></script>
<style>${RESERVED_SPACE}</style>`,
      `<enquiry-form case-type="${CASE_TYPE}"></enquiry-form>`,
    ),
  };
  const server: Server = createServer((request, response) => {
    const html = pages[request.url ?? ''];
    response.writeHead(html ? 200 : 404, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
    });
    response.end(html ?? 'Not found');
  });
  await listen(server, port);
  return {
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      await Promise.all([closed(server), closed(scripts)]);
    },
  };
}
