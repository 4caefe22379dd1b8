/**
 * The list of chosen files, each with its size and a button that removes it. A file that will
 * not be sent (refused when chosen, or by the proxy when sent) says so on its own row, in words
 * and with an icon, not by colour alone, with its reason. It is late because files are only ever
 * chosen through the late bundle; until then the picker says that none are chosen
 * (`templates/files.ts`).
 */
import { formatBytes } from '#contract';
import { html } from './lit-tags.ts';
import type { Translator } from '../i18n.ts';

/** A listed file, and why it will not be sent, if it will not; else how its upload goes. */
export interface ListedFile<Issue = { text: string }> {
  /** The file, or what is known of it after a reload (its upload was kept). */
  file: { name: string; size: number };
  issue?: Issue | undefined;
  note?: string | undefined;
}

/** The files as listed (the refused ones after the others), each with its Remove button. */
export function fileList(
  files: readonly ListedFile[],
  t: Translator,
  remove: (index: number) => void,
) {
  return html`<ul class="file-list" part="file-list">
    ${files.map(
      ({ file, issue, note }, i) =>
        html`<li class="file-list__item">
          <span class="file-list__name">${file.name}</span>
          <span class="file-list__size">${formatBytes(file.size, t.locale)}</span>
          <button
            class="button button--secondary button--small"
            type="button"
            @click=${() => {
              remove(i);
            }}
          >
            ${t.text('removeFile')}<span class="visually-hidden"> ${file.name}</span>
          </button>
          ${
            issue
              ? // A warning sign (text, not emoji, presentation), then the words, as errors look.
                html`<p class="error-message">
                  <span aria-hidden="true">⚠︎</span> ${t.text('fileNotAttached')} ${issue.text}
                </p>`
              : html`<span class="file-list__note">${note}</span>`
          }
        </li>`,
    )}
  </ul>`;
}
