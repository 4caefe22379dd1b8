/**
 * The saved enquiries' screens as plain DOM, in the element's own classes (`.field`, `.label`,
 * `.hint`, `.input`, `.button`), so they look, theme and read as its fields do. They live beside
 * what the element renders, never inside it (Lit leaves nodes outside its markers alone), so no
 * byte of them is in the entry or the late bundle.
 */

type Child = Node | string;

/** An element with attributes and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Readonly<Record<string, string>> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/** A button of the form's kind; `secondary` for the quieter one. */
export function button(type: 'submit' | 'button', secondary: boolean, press?: () => void) {
  const made = el('button', { type, class: secondary ? 'button button--secondary' : 'button' });
  if (press) made.addEventListener('click', press);
  return made;
}

/** A field as the element draws one: label, hint, an error when there is one, the input. */
export interface TextField {
  field: HTMLDivElement;
  label: HTMLLabelElement;
  hint: HTMLDivElement;
  input: HTMLInputElement;
  /** Shows `message` (prefixed "Error:" for screen readers), or takes it away. */
  error(message: string | undefined, prefix: string): void;
}

/** A field with `id`, its input of `attributes` (type, autocomplete, inputmode...). */
export function textField(id: string, attributes: Readonly<Record<string, string>>): TextField {
  const label = el('label', { class: 'label', for: id, part: 'label' });
  const hint = el('div', { class: 'hint', id: `${id}-hint`, part: 'hint' });
  const input = el('input', {
    class: 'input input--email',
    id,
    part: 'input',
    'aria-describedby': hint.id,
    ...attributes,
  });
  const field = el('div', { class: 'field', part: 'field' }, label, hint, input);
  let shown: HTMLDivElement | undefined;
  return {
    field,
    label,
    hint,
    input,
    error(message, prefix) {
      shown?.remove();
      shown = undefined;
      field.classList.toggle('field--error', message !== undefined);
      input.classList.toggle('input--error', message !== undefined);
      if (message === undefined) {
        input.removeAttribute('aria-invalid');
        input.setAttribute('aria-describedby', hint.id);
        return;
      }
      shown = el(
        'div',
        { class: 'error-message', id: `${id}-error`, part: 'error-message' },
        el('p', {}, el('span', { class: 'visually-hidden' }, prefix), ` ${message}`),
      );
      hint.after(shown);
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', `${hint.id} ${shown.id}`);
    },
  };
}
