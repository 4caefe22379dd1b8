/**
 * The list of chosen files, each with its size and a button that removes it. It is late
 * because files are only ever chosen through the late bundle; until then the picker says that
 * none are chosen (`templates/files.ts`).
 */
import { html } from './lit-tags.ts';
import type { Translator } from '../i18n.ts';

/** The files as listed (the refused ones after the others), each with its Remove button. */
export function fileList(files: readonly File[], t: Translator, remove: (index: number) => void) {
  return html`<ul class="file-list" part="file-list">
    ${files.map(
      (file, i) =>
        html`<li class="file-list__item">
          <span class="file-list__name">${file.name}</span>
          <span class="file-list__size">${t.bytes(file.size)}</span>
          <button
            class="button button--secondary button--small"
            type="button"
            @click=${() => {
              remove(i);
            }}
          >
            ${t.text('removeFile')}<span class="visually-hidden"> ${file.name}</span>
          </button>
        </li>`,
    )}
  </ul>`;
}
