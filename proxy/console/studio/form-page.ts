/**
 * The studio's first page, `/admin/form`: where the draft stands against the live version, what
 * is left to do before it can go live (each problem and each text missing a language, linking to
 * its field), the case types in their order, and the form's settings, each a link to its page.
 * As GOV.UK Forms' task list does: the whole form at a glance, each part one click away.
 */
import { html } from 'hono/html';
import { doneNotice, type Html } from '../pages/layout.ts';
import type { Loaded, StudioSurroundings } from './studio-kit.ts';
import { languageName, listAt, shownAt } from './raw-config.ts';
import { blockUrl, SETTINGS_BLOCKS } from './settings-blocks.ts';
import type { MissingText, PlacedIssue } from './locate.ts';
import { caseTypeName, caseTypeUrl, FORM_URL } from './parts.ts';
import { reorderList } from './reorder-list.ts';
import { counted, draftStatus, errorSummary } from './studio-frame.ts';
import { idsOf } from './list-routes.ts';
import { translateUrl } from './translate-routes.ts';

/** What the form's page shows. */
export interface FormPageData {
  loaded: Loaded;
  placed: readonly PlacedIssue[];
  missing: readonly MissingText[];
  canEdit: boolean;
  csrf: string;
  surroundings: StudioSurroundings;
  done?: string | undefined;
  focus?: string | undefined;
  moved?: string | undefined;
}

/** One line of the settings' summary. */
const setting = (name: string, href: string, value: Html | string, canEdit: boolean) =>
  html`<div>
    <dt>${name}</dt>
    <dd>${value}</dd>
    <dd class="summary-action">
      <a href="${href}"
        >${canEdit ? 'Change' : 'View'}<span class="visually-hidden">
          ${name.toLowerCase()}</span
        ></a
      >
    </dd>
  </div>`;

function settingsSummary(
  config: unknown,
  languages: readonly string[],
  canEdit: boolean,
  surroundings: StudioSurroundings,
): Html {
  return html`<dl class="summary-list settings">
    ${setting('Languages', `${FORM_URL}/languages`, languages.length > 0 ? languages.map(languageName).join(', ') : 'One language', canEdit)}
    ${SETTINGS_BLOCKS.map((block) => setting(block.title, blockUrl(block), block.summary(config, surroundings), canEdit))}
  </dl>`;
}

/** The missing texts, by language, each a link to its box. */
function missingList(missing: readonly MissingText[]): Html {
  const langs = [...new Set(missing.map((m) => m.lang))];
  return html`${langs.map((lang) => {
    const mine = missing.filter((m) => m.lang === lang);
    return html`<details class="missing-box" open>
      <summary>${counted(mine.length, 'text')} without ${languageName(lang)}</summary>
      <p>
        <a href="${translateUrl(lang)}">Write them on one page, beside the firm’s words</a>
      </p>
      <ul>
        ${mine.map((m) => html`<li><a href="${m.url}#${m.place.id}">${m.page}: ${m.place.name}</a></li>`)}
      </ul>
    </details>`;
  })}`;
}

/** The page's content. */
export function formPage(data: FormPageData): Html {
  const { loaded, canEdit } = data;
  const { config, languages } = loaded;
  const caseTypes = listAt(config, ['caseTypes']);
  return html`<h1>The form</h1>
    <p class="lead">
      What visitors see and what the platform receives. Changes go to a draft; visitors get them
      once the draft is made live.
    </p>
    ${doneNotice(data.done)} ${draftStatus(loaded.live, loaded.draft, loaded.changed)}
    ${
      canEdit && loaded.changed
        ? html`<div class="actions">
            <a class="button primary" href="${FORM_URL}/publish">Make changes live</a>
            <a class="button" href="${FORM_URL}/preview">Preview the draft</a>
            <a class="button danger" href="${FORM_URL}/discard">Discard the draft</a>
          </div>`
        : ''
    }
    ${errorSummary(
      `${counted(data.placed.length, 'problem')} to fix before the draft can go live`,
      data.placed.map((p) => ({
        href: `${p.url}#${p.place?.id ?? 'main'}`,
        text: `${p.page}: ${p.words}`,
      })),
      false,
    )}
    ${data.missing.length > 0 ? missingList(data.missing) : ''}
    <h2 id="caseTypes" tabindex="-1">Case types</h2>
    <p
      class="visually-hidden"
      role="status"
      id="studio-live"
      data-message="${data.moved ?? ''}"
    ></p>
    ${reorderList({
      list: 'caseTypes',
      items: caseTypes.map((caseType, c) => ({
        name: caseTypeName(config, c),
        href: caseTypeUrl(c),
        details: html`<p class="muted">
          <code>${shownAt(caseType, ['id']) || ''}</code> ·
          ${counted(listAt(caseType, ['questions']).length, 'question')}
        </p>`,
      })),
      action: `${FORM_URL}/case-types/move`,
      csrf: data.csrf,
      revision: loaded.draft.revision,
      base: idsOf(config, ['caseTypes']),
      canEdit,
      focus: data.focus,
    })}
    ${canEdit ? html`<p><a class="button" href="${FORM_URL}/case-types/new">Add a case type</a></p>` : ''}
    <h2>The form’s settings</h2>
    ${settingsSummary(config, languages, canEdit, data.surroundings)}`;
}
