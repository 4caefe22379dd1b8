/**
 * What every page of the form studio shares inside the console's frame: the studio's own
 * navigation (the form, its preview, making changes live, history), where the draft stands
 * against the live version, the GOV.UK error summary (each problem a link to its field), and the
 * hidden fields every studio form posts (the session's CSRF token, the draft's revision and the
 * part as drawn: `save.ts`).
 */
import { html } from 'hono/html';
import type { FormDraft, FormVersionSummary } from '../../studio/form-studio.ts';
import { csrfField, when, type Html } from '../pages/layout.ts';
import { FORM_URL } from './parts.ts';

/** The studio's places. */
export type StudioPlace = 'form' | 'preview' | 'publish' | 'history' | 'none';

/** The studio's navigation; making changes live only for those who may. */
export function studioNav(place: StudioPlace, canEdit: boolean): Html {
  const link = (to: StudioPlace, href: string, words: string) =>
    html`<li><a href="${href}" ${place === to ? html`aria-current="page"` : ''}>${words}</a></li>`;
  return html`<nav class="studio-nav" aria-label="Form studio">
    <ul>
      ${link('form', FORM_URL, 'The form')} ${link('preview', `${FORM_URL}/preview`, 'Preview')}
      ${canEdit ? link('publish', `${FORM_URL}/publish`, 'Make changes live') : ''}
      ${link('history', `${FORM_URL}/history`, 'History')}
    </ul>
  </nav>`;
}

/** How a version came to be, in words. */
export function howPublished(version: FormVersionSummary): string {
  switch (version.source) {
    case 'file':
      return 'from the configuration file';
    case 'import':
      return 'imported';
    case 'rollback':
      return `rolled back to version ${String(version.from ?? '?')}`;
    default:
      return 'in the studio';
  }
}

/** Where the draft stands: the live version, and whether the draft differs and who saved it. */
export function draftStatus(live: FormVersionSummary, draft: FormDraft, changed: boolean): Html {
  return html`<div class="status-box">
    <p>
      <strong>Live:</strong> version ${live.version}, published ${when(live.publishedAt)} by
      ${live.publishedBy} (${howPublished(live)}).
    </p>
    <p>
      <strong>Draft:</strong>
      ${
        changed
          ? html`revision ${draft.revision}, last saved ${when(draft.savedAt)} by ${draft.savedBy},
            started from version ${draft.basedOn}.`
          : html`no changes since version ${live.version}.`
      }
    </p>
  </div>`;
}

/** One line of an error summary: a link to the field, or words alone. */
export interface SummaryItem {
  href?: string | undefined;
  text: string;
}

/**
 * The GOV.UK error summary: a heading and each problem as a link to its field. `alert` after a
 * save (it is announced and focused), not on a page that merely shows the draft's problems.
 */
export function errorSummary(title: string, items: readonly SummaryItem[], alert: boolean): Html {
  if (items.length === 0) return html``;
  return html`<div
    class="error-summary"
    ${alert ? html`role="alert" tabindex="-1" data-focus aria-labelledby="error-summary-title"` : ''}
  >
    <h2 id="error-summary-title">${title}</h2>
    <ul>
      ${items.map((item) => html`<li>${item.href ? html`<a href="${item.href}">${item.text}</a>` : item.text}</li>`)}
    </ul>
  </div>`;
}

/** The hidden fields of a studio form that edits the draft. */
export const draftFields = (csrf: string, revision: number, base: string): Html =>
  html`${csrfField(csrf)}<input type="hidden" name="revision" value="${revision}" /><input
      type="hidden"
      name="base"
      value="${base}"
    />`;

/** A link back up the studio. */
export const backLink = (href: string, words: string): Html =>
  html`<p><a class="back" href="${href}">${words}</a></p>`;

/** "1 problem", "3 texts". */
export { counted } from '../../contract/plurals.ts';
