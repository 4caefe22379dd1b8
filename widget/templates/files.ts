/**
 * The file picker, after the GOV.UK file upload pattern: a real button opens the browser's
 * picker (the native input stays hidden, so it can be labelled and styled like the rest of the
 * form), a drop zone around it takes dragged files as an extra, and the chosen files are listed
 * below it (by the late bundle, which takes them).
 */
import { html } from 'lit/html.js';
import { FILES_FIELD, filesHint, type FilePicker, type FormConfig } from '#contract';
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
  picker: FilePicker;
  /** The chosen files (`late/file-list.ts`), once there are any. */
  list: unknown;
  errors: readonly string[];
  dragging: boolean;
  /** Names of files chosen before the page reloaded (browsers do not keep the files). */
  lost: readonly string[];
}

/** What the picker's controls do. */
export interface FilesActions {
  open: () => void;
  picked: (event: Event) => void;
  drag: (event: DragEvent) => void;
  drop: (event: DragEvent) => void;
}

/** The id of the button that opens the picker (the field's name): what the error summary links to. */
const FILES_CONTROL = FILES_FIELD;

/** The picker, its drop zone, and the list of chosen files or a line saying there are none. */
export function filesField(view: FilesView, on: FilesActions) {
  const { t, limits, picker } = view;
  const frame: FieldFrame = {
    id: FILES_CONTROL,
    label: t.text('files'),
    hint: filesHint(picker, limits, t),
    optional: true,
    required: false,
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
        accept=${picker.accept}
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
      view.list ??
      html`<p class="file-status">
        ${
          view.lost.length > 0
            ? t.text('filesLost', { names: view.lost.join(', ') })
            : t.text('noFiles')
        }
      </p>`
    }
  </div>`;
}
