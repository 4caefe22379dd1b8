/**
 * The file picker, after the GOV.UK file upload pattern: a real button opens the browser's
 * picker (the native input stays hidden, so it can be labelled and styled like the rest of the
 * form), a drop zone around it takes dragged files as an extra, and each chosen file is listed
 * with its size and a button that removes it.
 */
import { html } from 'lit';
import { acceptAttribute, convertsAny, kindList, type FormConfig } from '#contract';
import type { Translator } from '../i18n.ts';
import {
  describedBy,
  fieldClass,
  hintAndError,
  invalid,
  labelText,
  type FieldFrame,
} from './field-parts.ts';

/** What the picker shows. */
export interface FilesView {
  t: Translator;
  limits: FormConfig['files'];
  files: readonly File[];
  /** Files refused when chosen, listed after the others until removed. */
  refused: readonly File[];
  errors: readonly string[];
  dragging: boolean;
  /** Names of files chosen before the page reloaded (browsers do not keep the files). */
  lost: readonly string[];
}

/** What the picker's controls do. */
export interface FilesActions {
  open: () => void;
  picked: (event: Event) => void;
  remove: (index: number) => void;
  drag: (event: DragEvent) => void;
  drop: (event: DragEvent) => void;
}

/** The id of the button that opens the picker: what the error summary links to. */
export const FILES_CONTROL = 'files';

/** The picker, its drop zone and the list of chosen files. */
export function filesField(view: FilesView, on: FilesActions) {
  const { t, limits, files } = view;
  const frame: FieldFrame = {
    id: FILES_CONTROL,
    label: t.text('files'),
    hint: [
      t.text('filesHint', {
        kinds: kindList(limits.kinds),
        max: t.bytes(limits.maxFileBytes),
        count: limits.maxFiles,
      }),
      ...(convertsAny(limits.kinds) ? [t.text('filesConverted')] : []),
    ].join(' '),
    optional: true,
    errors: view.errors,
  };
  return html`<div class=${fieldClass(frame)} part="field">
    <label class="label" id="files-label" for=${FILES_CONTROL} part="label"
      >${labelText(frame, t)}</label
    >
    ${hintAndError(frame, t)}
    <div
      class="drop-zone ${view.dragging ? 'drop-zone--active' : ''}"
      part="file-picker"
      @dragenter=${on.drag}
      @dragover=${on.drag}
      @dragleave=${on.drag}
      @drop=${on.drop}
    >
      <input
        id="files-input"
        type="file"
        multiple
        accept=${acceptAttribute(limits.kinds)}
        hidden
        tabindex="-1"
        @change=${on.picked}
      />
      <button
        class="button button--secondary"
        id=${FILES_CONTROL}
        type="button"
        aria-labelledby="files-label files-button-text"
        aria-describedby=${describedBy(frame)}
        aria-invalid=${invalid(frame)}
        @click=${on.open}
      >
        <span id="files-button-text">${t.text('chooseFiles')}</span>
      </button>
      <span class="drop-zone__text">${t.text('dropFiles')}</span>
    </div>
    ${
      files.length + view.refused.length === 0
        ? html`<p class="file-status">
            ${
              view.lost.length > 0
                ? t.text('filesLost', { names: view.lost.join(', ') })
                : t.text('noFiles')
            }
          </p>`
        : html`<ul class="file-list" part="file-list">
            ${[...files, ...view.refused].map(
              (file, i) =>
                html`<li class="file-list__item">
                  <span class="file-list__name">${file.name}</span>
                  <span class="file-list__size">${t.bytes(file.size)}</span>
                  <button
                    class="button button--secondary button--small"
                    type="button"
                    @click=${() => {
                      on.remove(i);
                    }}
                  >
                    ${t.text('removeFile')}<span class="visually-hidden"> ${file.name}</span>
                  </button>
                </li>`,
            )}
          </ul>`
    }
  </div>`;
}
