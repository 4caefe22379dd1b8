/**
 * The embed code with the form already drawn in it: `<enquiry-form>` holding its first render as
 * declarative shadow DOM, so the fields are on screen, and take typing, as soon as the page's
 * HTML is. The script then takes the form over (`widget/prerendered.ts`), keeping what was typed
 * and where the caret was. Rendered here with Lit's server renderer from the very templates and
 * styles the element renders with, in its first state: the form's own values empty, no file
 * chosen, the case type fixed when the tag fixes it.
 */
import { createHash } from 'node:crypto';
import { render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import { html } from 'lit/html.js';
import type { PublicFormConfig } from '../proxy/contract/index.ts';
import { emptyValues } from '../widget/draft.ts';
import { styles } from '../widget/enquiry-form.styles.ts';
import { learnStrings, Translator } from '../widget/i18n.ts';
import { fixedCaseType } from '../widget/session.ts';
import { formTemplate, type FormActions } from '../widget/templates/form.ts';
import * as stepsPart from '../widget/templates/steps.ts';
import { FALLBACK_CSS, fallbackContent } from './fallback.ts';

/** What the embed code is for. */
export interface EmbedRequest {
  /** The proxy's origin, where the script comes from. */
  proxy: string;
  /** The configuration the proxy serves (`GET /api/form`). */
  config: PublicFormConfig;
  /** Attributes of the tag: `case-type`, the marketing ones... */
  attributes: Readonly<Record<string, string>>;
}

const ignore = () => undefined;
/** The first render has no behaviour: events are the element's once it has taken over. */
const NO_ACTIONS: FormActions = {
  submit: ignore,
  input: ignore,
  follow: ignore,
  retry: ignore,
  retryChallenge: ignore,
  back: ignore,
  open: ignore,
  picked: ignore,
  drag: ignore,
  drop: ignore,
};

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Comments and whitespace out of the element's CSS (the build minifies the same way). */
const minifyCss = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();

/** The form as the element first renders it, as HTML (Lit's part markers taken out). */
export async function firstRender(config: PublicFormConfig, caseType?: string): Promise<string> {
  const t = new Translator(undefined, undefined);
  const values = emptyValues();
  const fixed = fixedCaseType(config.caseTypes, caseType);
  if (fixed) values.case_type = fixed;
  // A form in steps is drawn at its first step, by the steps part, with its words.
  const steps = stepsPart.stepsNow(config, fixed, values, undefined);
  if (steps) learnStrings(stepsPart.STEP_STRINGS);
  const form = formTemplate(
    {
      t,
      config,
      values,
      status: { kind: 'idle' },
      caseTypeFixed: fixed !== undefined,
      files: { list: undefined, notices: [], dragging: false, lost: [] },
      challenge: false,
      challengeFailed: false,
      blocks: undefined,
      steps: steps && { ...steps, part: stepsPart },
      whole: true,
    },
    NO_ACTIONS,
  );
  // As `EnquiryForm.render` wraps it, with its status region empty.
  const template = html`<div class="root">
    <div class="visually-hidden" role="status"></div>
    ${form}
  </div>`;
  const rendered = await collectResult(render(template));
  // Lit's server renderer writes `.checked` and `.selected` bindings as attributes with the
  // value as text, and `checked="false"` would tick the box: false is no attribute.
  // Runs of whitespace render as one space, as the build's minified templates have them.
  return rendered
    .replace(/\s(checked|selected)="false"/g, '')
    .replace(/\s(checked|selected)="true"/g, ' $1')
    .replace(/<!--\/?lit-(part|node)[^>]*-->|<\?(lit\$\d+\$)?>/g, '')
    .replace(/\s+/g, ' ');
}

/**
 * The drawn form's stylesheet: the element's styles minified into one sheet, the drawn form
 * hidden where no script runs, and the tag's fallback (`fallback.ts`) held back a few seconds
 * where it does, as the README's snippet holds it (the embed code has no page CSS of its own).
 * Made once: the same for every form.
 */
const ELEMENT_CSS = minifyCss(styles + stepsPart.stepStyles);
export const DRAWN_CSS = `${ELEMENT_CSS}@media (scripting:none){.root{display:none}}${minifyCss(
  FALLBACK_CSS.replace('enquiry-form:not(:defined) > .enquiry-form-fallback', 'slot'),
)}`;

/** The `style-src` source a Content-Security-Policy needs for `DRAWN_CSS` inline. */
export const DRAWN_CSS_SOURCE = `'sha256-${createHash('sha256').update(DRAWN_CSS).digest('base64')}'`;

/** The configuration the proxy at `proxy` serves now (`GET /api/form`); throws saying why not. */
export async function configOf(proxy: string): Promise<PublicFormConfig> {
  const url = `${proxy.replace(/\/+$/, '')}/api/form`;
  const answer = await fetch(url).catch((error: unknown) => {
    throw new Error(`Could not reach ${url}: ${String(error)}`);
  });
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as PublicFormConfig;
}

/**
 * What goes inside `<enquiry-form>`: its first render as a declarative shadow root. Without
 * script the drawn form could not send: it is hidden, and the tag's fallback (the link to the
 * proxy's own form page, the firm's telephone and email) shows through the slot instead.
 */
export async function drawnShadowRoot(config: PublicFormConfig, caseType?: string) {
  const body = await firstRender(config, caseType);
  return `<template shadowrootmode="open"><style>${DRAWN_CSS}</style>${body}<slot></slot></template>`;
}

/**
 * The embed code: the script tag and the element with its first render in it, and the page's
 * way to send when the form cannot come.
 */
export async function embedCode({ proxy, config, attributes }: EmbedRequest): Promise<string> {
  const origin = proxy.replace(/\/+$/, '');
  const tag = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  const query = new URLSearchParams(
    Object.entries(attributes).filter(([name]) => name === 'case-type' || name === 'campaign'),
  );
  return `<link rel="modulepreload" href="${origin}/enquiry-form.js" />
<link rel="preconnect" href="${origin}" />
<script type="module" src="${origin}/enquiry-form.js"></script>
<enquiry-form${tag}>${await drawnShadowRoot(config, attributes['case-type'])}
  ${fallbackContent(`${origin}/form?${query.toString()}`, config.firm)}
</enquiry-form>
`;
}
