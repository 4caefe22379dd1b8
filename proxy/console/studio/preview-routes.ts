/**
 * The preview, `/admin/form/preview`: the draft drawn by the real widget (or as the page without
 * JavaScript) in a frame, at a phone's width (390 px) or a desktop's (1280 px), in each of its
 * languages, light or dark, for one case type or the visitor's choice; every step and Check your
 * answers are there to click through. The choices are a plain GET form, so a preview's address can
 * be sent to a colleague. What the frame sends goes to the preview's API (`preview-api.ts`),
 * which checks it as the proxy would and keeps nothing; the page says so.
 */
import { Hono } from 'hono';
import { html } from 'hono/html';
import { backTo, newPageKey, sendAddress } from '../../intake/page/page-addresses.ts';
import { formPage } from '../../intake/page/form-page.ts';
import { pageIn } from '../../http/form-language.ts';
import type { ConsoleVariables } from '../access.ts';
import { CONSOLE_CSP } from '../console-guard.ts';
import type { Html } from '../pages/layout.ts';
import { FORM_URL } from './parts.ts';
import { previewApi, previewEndpoint } from './preview-api.ts';
import {
  darkened,
  FRAME_CSP,
  FRAME_CSS,
  previewPageHeaders,
  widgetFrame,
} from './preview-frame.ts';
import { previewForms } from './preview-forms.ts';
import { at, languageName, listAt, textIn, shownAt } from './raw-config.ts';
import { counted } from './studio-frame.ts';
import type { StudioContext, StudioKit } from './studio-kit.ts';

const URL = `${FORM_URL}/preview`;

/** What the address asks the preview to show. */
interface Asked {
  lang: string | undefined;
  desktop: boolean;
  dark: boolean;
  caseType: string | undefined;
  script: boolean;
}

const askedOf = (
  c: StudioContext,
  languages: readonly string[],
  caseTypes: readonly string[],
): Asked => ({
  lang: languages.find((lang) => lang === c.req.query('lang')) ?? languages[0],
  desktop: c.req.query('width') === 'desktop',
  dark: c.req.query('scheme') === 'dark',
  caseType: caseTypes.find((id) => id === c.req.query('case-type')),
  script: c.req.query('script') !== 'off',
});

const query = (asked: Asked) =>
  new URLSearchParams({
    ...(asked.lang ? { lang: asked.lang } : {}),
    ...(asked.caseType ? { 'case-type': asked.caseType } : {}),
    scheme: asked.dark ? 'dark' : 'light',
  }).toString();

/** A group of radios of the preview's choices. */
function radios(
  legend: string,
  name: string,
  chosen: string,
  choices: readonly [string, string][],
): Html {
  return html`<fieldset class="field choices inline-choices">
    <legend>${legend}</legend>
    ${choices.map(
      ([value, label]) =>
        html`<div class="choice">
          <input
            type="radio"
            id="preview-${name}-${value}"
            name="${name}"
            value="${value}"
            ${value === chosen ? 'checked' : ''}
          />
          <label for="preview-${name}-${value}">${label}</label>
        </div>`,
    )}
  </fieldset>`;
}

/** The preview's routes and its API, as a Hono app the studio mounts. */
export function previewRoutes(kit: StudioKit) {
  const app = new Hono<{ Variables: ConsoleVariables }>();
  app.route('/', previewApi(kit, kit.deps.keys));

  app.get(`${URL}/frame.css`, (c) =>
    c.body(FRAME_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' }),
  );

  app.get(URL, async (c) => {
    const { config } = await kit.load();
    const forms = previewForms(config, kit.deps.form.current().config);
    const caseTypes = listAt(config, ['caseTypes']);
    const ids = caseTypes.map((caseType) => shownAt(caseType, ['id']));
    const languages = forms.ok ? forms.languages : [];
    const asked = askedOf(c, languages, ids);
    const src = `${URL}/${asked.script ? 'frame' : 'page'}?${query(asked)}`;
    const described = [
      asked.lang ? languageName(asked.lang) : '',
      asked.desktop ? 'desktop width' : 'phone width',
      asked.dark ? 'dark' : 'light',
      asked.script ? 'with JavaScript' : 'without JavaScript',
    ]
      .filter(Boolean)
      .join(', ');
    c.header('Content-Security-Policy', `${CONSOLE_CSP}; frame-src 'self'`);
    const body = html`<h1>Preview of the draft</h1>
      <div class="notice good">
        <p>
          <strong>Nothing sent from this preview reaches the platform or the outbox.</strong> A send
          is checked exactly as the proxy checks an enquiry, with the draft’s configuration, and
          answered as the proxy would answer it; nothing is stored, delivered or counted in the
          funnel.
        </p>
      </div>
      <form method="get" action="${URL}" class="preview-choices">
        ${
          languages.length > 1
            ? radios(
                'Language',
                'lang',
                asked.lang ?? '',
                languages.map((lang) => [lang, languageName(lang)]),
              )
            : ''
        }
        ${radios('Width', 'width', asked.desktop ? 'desktop' : 'phone', [
          ['phone', 'Phone (390 px)'],
          ['desktop', 'Desktop (1280 px)'],
        ])}
        ${radios('Colours', 'scheme', asked.dark ? 'dark' : 'light', [
          ['light', 'Light'],
          ['dark', 'Dark'],
        ])}
        ${radios('Page', 'script', asked.script ? 'on' : 'off', [
          ['on', 'The widget'],
          ['off', 'Without JavaScript'],
        ])}
        <div class="field">
          <label for="preview-case-type">Case type</label>
          <select id="preview-case-type" name="case-type">
            <option value="">The visitor chooses</option>
            ${caseTypes.map((caseType, i) => html`<option value="${ids[i]}" ${ids[i] === asked.caseType ? 'selected' : ''}>${textIn(at(caseType, ['label']), languages[0]) || ids[i]}</option>`)}
          </select>
        </div>
        <div class="actions"><button type="submit" class="primary">Show</button></div>
      </form>
      ${
        forms.ok
          ? html`${forms.filled > 0 ? html`<p class="muted">${counted(forms.filled, 'text')} without all ${forms.filled === 1 ? 'its languages' : 'their languages'} ${forms.filled === 1 ? 'shows' : 'show'} the firm’s words here; the form cannot go live until each is written.</p>` : ''}
              <div
                class="preview-stage ${asked.desktop ? 'desktop' : 'phone'}"
                tabindex="0"
                role="region"
                aria-label="The preview: ${described}"
              >
                <iframe
                  src="${src}"
                  title="The form as a visitor sees it: ${described}"
                  width="${asked.desktop ? 1280 : 390}"
                  height="900"
                ></iframe>
              </div>`
          : html`<div class="error-summary" role="alert" aria-labelledby="preview-problems">
              <h2 id="preview-problems">The draft cannot be drawn until these are fixed</h2>
              <ul>
                ${forms.problems.map((problem) => html`<li>${problem}</li>`)}
              </ul>
              <p><a href="${FORM_URL}">Back to the form</a>: each is shown beside its field.</p>
            </div>`
      }`;
    return kit.page(c, 'Preview', 'preview', body);
  });

  app.get(`${URL}/frame`, async (c) => {
    const { config } = await kit.load();
    const forms = previewForms(config, kit.deps.form.current().config);
    const ids = listAt(config, ['caseTypes']).map((caseType) => shownAt(caseType, ['id']));
    const asked = askedOf(c, forms.ok ? forms.languages : [], ids);
    c.header('Content-Security-Policy', FRAME_CSP);
    const endpoint = previewEndpoint(kit.deps.keys.previewKey(c.get('session')));
    return c.html(
      widgetFrame({ endpoint, lang: asked.lang, dark: asked.dark, caseType: asked.caseType }),
    );
  });

  app.get(`${URL}/page`, async (c) => {
    const { config } = await kit.load();
    const forms = previewForms(config, kit.deps.form.current().config);
    if (!forms.ok) return c.notFound();
    const visitor = pageIn(forms.deps, c.req.query('lang'));
    const caseType =
      visitor.form.caseTypes.find((one) => one.id === c.req.query('case-type')) ??
      (visitor.form.caseTypes.length === 1 ? visitor.form.caseTypes[0] : undefined);
    const endpoint = previewEndpoint(kit.deps.keys.previewKey(c.get('session')));
    const page = formPage({
      config: visitor.form,
      caseType: caseType ?? visitor.form.caseTypes[0],
      values: new Map(),
      formToken: 'preview',
      sendTo: `${endpoint}${sendAddress(newPageKey(), backTo([], undefined), visitor)}`,
      language: visitor.language,
      hiddenLang: visitor.several,
    });
    const drawn = await Promise.resolve(page);
    const dark = c.req.query('scheme') === 'dark';
    const shown = dark
      ? darkened(String(drawn), previewPageHeaders())
      : { page: String(drawn), headers: previewPageHeaders() };
    return c.html(shown.page, 200, shown.headers);
  });
  return app;
}
