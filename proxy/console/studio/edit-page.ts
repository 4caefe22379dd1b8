/**
 * A studio page that edits one part of the draft: its heading, what the last save did (or whose
 * save it met, with what they changed and everything the editor typed kept), the part's problems
 * in an error summary linking to each field and beside each field, its texts still missing a
 * language, then the form (for an editor) or the same fields as a summary (for a reader).
 */
import { html } from 'hono/html';
import { when, type Html } from '../pages/layout.ts';
import type { Drawing } from './control-notes.ts';
import { drawFields } from './field-lists.ts';
import { summaryOf } from './field-summary.ts';
import { viewOf, type MissingText, type PlacedIssue } from './locate.ts';
import type { StudioPart } from './parts.ts';
import { backLink, counted, draftFields, errorSummary } from './studio-frame.ts';

/** Whose save an editor's met. */
export interface Conflict {
  by: string;
  at: number;
  /** What they changed in this part, in words. */
  lines: readonly string[];
}

/** Everything an edit page shows. */
export interface EditPageData {
  part: StudioPart;
  /** The configuration drawn: the draft, or (after a conflict) the editor's own edit of theirs. */
  config: unknown;
  languages: readonly string[];
  revision: number;
  base: string;
  placed: readonly PlacedIssue[];
  missing: readonly MissingText[];
  canEdit: boolean;
  csrf: string;
  back: { href: string; words: string };
  /** Just saved: as which revision, and alongside whose save, if someone saved since. */
  saved?:
    { revision: number; alongside?: { by: string; revision: number } | undefined } | undefined;
  conflict?: Conflict | undefined;
  /** What a list's button did, said in the page's live region, and the button to focus. */
  moved?: { message: string; focus?: Drawing['focus'] } | undefined;
  /** Just added: its id, proposed from its words. */
  added?: string | undefined;
  /** Just given an id published before (`joinedId`): said to be that question, relabelled. */
  joined?: string | undefined;
  /** The problems were just found by a save (announced and focused). */
  alert?: boolean;
  before?: Html;
  after?: Html;
}

function savedNotice(saved: NonNullable<EditPageData['saved']>): Html {
  return html`<div class="notice good" role="status">
    <p>Saved to the draft as revision ${saved.revision}.</p>
    ${
      saved.alongside
        ? html`<p>
            ${saved.alongside.by} had saved the draft since you opened this page (revision
            ${saved.alongside.revision}), in other parts of the form: their changes are kept with
            yours.
          </p>`
        : ''
    }
  </div>`;
}

function conflictNotice(conflict: Conflict): Html {
  return html`<div class="notice" role="alert">
    <p>
      <strong>Not saved yet:</strong> ${conflict.by} saved this part of the draft
      ${when(conflict.at)}, after you opened this page. What they changed:
    </p>
    <ul>
      ${conflict.lines.length > 0 ? conflict.lines.map((line) => html`<li>${line}</li>`) : html`<li>The order of its items.</li>`}
    </ul>
    <p>
      Your changes are below, as you typed them. Save to put yours in place of theirs, or
      <a href="">reload the page</a> to start again from theirs.
    </p>
  </div>`;
}

/** The page's problems and missing texts as summary lines linking to their fields. */
function problemLines(placed: readonly PlacedIssue[], here: string) {
  return placed.map((p) => ({
    href: `${p.url === here ? '' : p.url}#${p.place?.id ?? 'main'}`,
    text: p.words,
  }));
}

/** The problems of this page by the control they are shown beside. */
function problemsByField(placed: readonly PlacedIssue[]): Map<string, string[]> {
  const problems = new Map<string, string[]>();
  for (const { place, words } of placed)
    if (place) problems.set(place.key, [...(problems.get(place.key) ?? []), words]);
  return problems;
}

/** An edit page's content. */
export function editPage(data: EditPageData): Html {
  const { part, languages } = data;
  const value = viewOf(part, data.config);
  const here = part.url;
  const missing = data.missing;
  return html`${backLink(data.back.href, data.back.words)}
    <h1>${part.title}</h1>
    ${data.conflict ? conflictNotice(data.conflict) : ''}
    ${
      data.added !== undefined
        ? html`<div class="notice good" role="status">
            <p>
              Added with the id <code>${data.added}</code>, proposed from its words. You may change
              the id until the form is live; from then on it is fixed.
            </p>
            <p>Fill in the rest and save: the page says then what is still needed.</p>
          </div>`
        : data.saved
          ? savedNotice(data.saved)
          : ''
    }
    ${
      data.joined
        ? html`<div class="notice" role="note">
            <p>
              The id <code>${data.joined}</code> was published before: the platform files answers
              under it as one question. So this question is taken as that one with new words, its
              answers filed with that one's, and held to its kind of answer and its options’ stored
              values. If it asks something else, give it an id of its own.
            </p>
          </div>`
        : ''
    }
    <p
      class="visually-hidden"
      role="status"
      id="studio-live"
      data-message="${data.moved?.message ?? ''}"
    ></p>
    ${errorSummary(
      data.placed.length === 1
        ? 'There is a problem to fix before this can go live'
        : `There are ${counted(data.placed.length, 'problem')} to fix before this can go live`,
      problemLines(data.placed, here),
      data.alert === true,
    )}
    ${
      missing.length > 0
        ? html`<div class="notice missing-box">
            <p>
              <strong
                >${counted(missing.length, 'text')} on this page still missing a language:</strong
              >
            </p>
            <ul>
              ${missing.map((m) => html`<li><a href="#${m.place.id}">${m.place.name}</a></li>`)}
            </ul>
          </div>`
        : ''
    }
    ${data.before ?? ''}
    ${
      data.canEdit
        ? html`<form method="post" action="${here}" class="studio-form" novalidate>
            ${draftFields(data.csrf, data.revision, data.base)}
            <!-- The form's default button: Enter in a box saves, never moves or removes an item. -->
            <button type="submit" class="visually-hidden" tabindex="-1" aria-hidden="true">
              Save
            </button>
            ${drawFields(part.fields, value, { languages, problems: problemsByField(data.placed), focus: data.moved?.focus })}
            <div class="actions"><button type="submit" class="primary">Save</button></div>
          </form>`
        : summaryOf(part.fields, value, languages)
    }
    ${data.after ?? ''}`;
}
