/**
 * Reads a control's new value into the visitor's values. The form listens for `input` once, on
 * itself; every control says where its value goes by its `name`: a contact field's name,
 * `answers.<question id>`, `consent.<statement id>`, or `send_copy`.
 */
import type { Answer } from '#contract';
import { TEXT_VALUES, type TextValue, type Values } from './draft.ts';

const TEXT_NAMES: ReadonlySet<string> = new Set(TEXT_VALUES);

/** Stores the control's value; false when the control is not one the values keep. */
export function readInput(values: Values, control: HTMLInputElement): boolean {
  const { name } = control;
  if (name.startsWith('consent.')) {
    values.consent[name.slice('consent.'.length)] = control.checked;
    return true;
  }
  if (name === 'send_copy') {
    values.sendCopy = control.checked;
    return true;
  }
  if (name.startsWith('answers.')) {
    values.answers[name.slice('answers.'.length)] = answerOf(control);
    return true;
  }
  if (!TEXT_NAMES.has(name)) return false; // the honeypot, the file input
  values[name as TextValue] = control.value;
  return true;
}

/** A checkbox question with options answers with the ticked ones; a lone box with "Yes". */
function answerOf(control: HTMLInputElement): Answer {
  if (control.type !== 'checkbox') return control.value;
  const group = control.closest('fieldset');
  if (!group) return control.checked ? 'Yes' : '';
  return [...group.querySelectorAll<HTMLInputElement>('input[type=checkbox]')]
    .filter((box) => box.checked && box.name === control.name)
    .map((box) => box.value);
}
