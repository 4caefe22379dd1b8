/**
 * The drawn form's part: a first render the page brought with it. The embed code of `npm run
 * embed` holds the form as declarative shadow DOM, so a visitor can start typing before this
 * script has run. The element takes that form over once its configuration is in: what was typed
 * (and where the caret was) is read, the drawn form is removed, and the element's own render
 * gets the values back. A part of its own (`late-bundle.ts`): only a page that drew the form
 * fetches it, before the element takes the form over; the drawn form stays on screen meanwhile.
 */

/** What the visitor did in the drawn form: values by control id, and the focused control. */
export interface Typed {
  values: Map<string, string | boolean>;
  focused: { id: string; start: number | null; end: number | null } | undefined;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The value a visitor gave a control, or undefined when it still holds what it was drawn with. */
function changed(control: Control): string | boolean | undefined {
  if (control instanceof HTMLSelectElement) {
    return control.selectedOptions[0]?.defaultSelected ? undefined : control.value;
  }
  if (control.type === 'radio' || control.type === 'checkbox') {
    const box = control as HTMLInputElement;
    return box.checked === box.defaultChecked ? undefined : box.checked;
  }
  return control.value === control.defaultValue ? undefined : control.value;
}

/** Reads what was typed into the drawn form, then empties the shadow root for the element. */
export function takeOver(root: ShadowRoot): Typed {
  const values = new Map<string, string | boolean>();
  for (const control of root.querySelectorAll<Control>('input, select, textarea')) {
    const value = control.type === 'file' ? undefined : changed(control);
    if (value !== undefined && control.id) values.set(control.id, value);
  }
  const active = root.activeElement as HTMLInputElement | null;
  const caret = active && 'selectionStart' in active && active.type !== 'radio';
  const focused = active?.id
    ? {
        id: active.id,
        start: caret ? active.selectionStart : null,
        end: caret ? active.selectionEnd : null,
      }
    : undefined;
  root.replaceChildren();
  return { values, focused };
}

/**
 * Puts what was typed into the element's own controls, each told to `input` as if typed there
 * (so the draft keeps it), and the focus and caret back where they were.
 */
export function giveBack(root: ShadowRoot, typed: Typed, input: (control: Control) => void) {
  for (const [id, value] of typed.values) {
    const control = root.getElementById(id) as Control | null;
    if (!control) continue;
    if (typeof value === 'boolean') (control as HTMLInputElement).checked = value;
    else control.value = value;
    input(control);
  }
  const { focused } = typed;
  const control = focused && (root.getElementById(focused.id) as HTMLInputElement | null);
  if (!focused || !control) return;
  control.focus({ preventScroll: true });
  if (focused.start !== null) control.setSelectionRange(focused.start, focused.end);
}
