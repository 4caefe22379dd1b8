/**
 * One description of each control of the studio's pages, read by both of its renderers (the
 * form an editor fills in, `field-controls.ts`, and the read-only summary a marketer reads,
 * `field-summary.ts`), by the reading of a post back into the draft (`field-read.ts`), and by
 * the placing of each problem beside its field (`locate.ts`). A field's `path` is where its
 * value sits, from the root of its page's part (a question, the consent block, …).
 */
import type { Path } from './raw-config.ts';

/** One choice of a `choice` or `checks` field: the value stored, and the words shown. */
export interface Choice {
  value: string;
  label: string;
  hint?: string;
}

interface FieldBase {
  path: Path;
  /** The field's name on the page: "Question", "Hint". */
  label: string;
  hint?: string;
}

/** Words a visitor reads: one box per language when the form has several. */
export interface TextField extends FieldBase {
  kind: 'text';
  /** Written per language (`{"en", "cy"}`) in a form in several languages. */
  translated?: boolean;
  /** Kept as '' when emptied (the schema names it), rather than left out. */
  required?: boolean;
  /** A box of this many lines, for long words (an email's introduction). */
  lines?: number;
  type?: 'url' | 'email' | 'tel';
  /** Letters a person would not spell-check: an id, an address, a time zone. */
  code?: boolean;
}

/** A number; `scale` stores it multiplied (megabytes shown, bytes stored). */
export interface NumberField extends FieldBase {
  kind: 'number';
  scale?: number;
  unit?: string;
}

/** A tick box: ticked is `true`, not ticked leaves the key out (every flag's default is false). */
export interface FlagField extends FieldBase {
  kind: 'flag';
}

/** One of a few values, as radios; `none` names the choice that leaves the key out. */
export interface ChoiceField extends FieldBase {
  kind: 'choice';
  choices: readonly Choice[];
  none?: string;
}

/** Several of a few values, as tick boxes: a list, left out when none is ticked. */
export interface ChecksField extends FieldBase {
  kind: 'checks';
  choices: readonly Choice[];
}

/**
 * An id the platform files answers under: editable until it is published, then shown and kept
 * as it is (`fixed`, with why in `hint`).
 */
export interface IdField extends FieldBase {
  kind: 'id';
  fixed: boolean;
}

/** Where a value comes from: a parameter of the page's address, or an attribute of the tag. */
export interface SourceField extends FieldBase {
  kind: 'source';
}

/** An earlier choice question a question may be shown after, with its options. */
export interface Condition {
  id: string;
  label: string;
  /** Its options' stored values and labels; none for a question answered in words. */
  options: readonly Choice[];
}

/** `showIf`: always, or only after given answers to one earlier question. */
export interface ShowIfField extends FieldBase {
  kind: 'showIf';
  earlier: readonly Condition[];
}

/** A question a routing rule may read: a number's answers are read as a range. */
export interface AnswerQuestion extends Condition {
  number: boolean;
}

/**
 * A routing rule's reading of one answer, written into its `when` (`question`, with `equals` or
 * `between`): no question read, a question answered at all, some of its options, some words, or
 * a range of numbers (`field-conditions.ts`).
 */
export interface AnswerField extends FieldBase {
  kind: 'answer';
  questions: readonly AnswerQuestion[];
}

/**
 * A list of items of the same fields (a question's options, consent statements, steps), each
 * with buttons to move it up or down and remove it, and an empty row to add one.
 */
export interface ListField extends FieldBase {
  kind: 'list';
  /** What one item is called: "option", "statement", "step". */
  noun: string;
  /** The fields of item `i`, from the item as `row` gives it. */
  fields: (row: unknown, i: number) => readonly Field[];
  /** The item as its fields read it (an option written as a string becomes `{value, label}`). */
  row?: (item: unknown) => unknown;
  /** The item as the file holds it, from its row. */
  item?: (row: unknown) => unknown;
  /** What names an item beside its noun (`“Buying”`), or '' while it has nothing to go by. */
  name: (row: unknown) => string;
  /** How many empty rows to offer after the items, whatever their number (`blankRows`). */
  newRows?: number;
  /** Whether item `i` may be removed (a published option may: it is retired). */
  removable?: (row: unknown) => boolean;
}

/** Any field of a studio page. */
export type Field =
  | TextField
  | NumberField
  | FlagField
  | ChoiceField
  | ChecksField
  | IdField
  | SourceField
  | ShowIfField
  | AnswerField
  | ListField;

/** What drawing and reading a page's fields need of the form around them. */
export interface FieldContext {
  /** The form's languages (`[]` for a form in one). */
  languages: readonly string[];
}

/**
 * A field's name in a posted form and the start of its id on the page.
 *
 * @example nameOf(['options', 2, 'label']) // 'options.2.label'
 */
export const nameOf = (path: Path): string => path.join('.');

/** The id of a field's control on the page (and of its language's box, for a text). */
export const idOf = (path: Path, lang?: string): string =>
  `f-${[...path, ...(lang ? [lang] : [])].join('-')}`;

/** An item named in words: `Option “Buying”`, or `Option 2` while it has no name. */
export function itemWords(list: ListField, row: unknown, position?: number): string {
  const noun = list.noun.charAt(0).toUpperCase() + list.noun.slice(1);
  const name = list.name(row);
  const at = position === undefined ? '' : ` ${String(position + 1)}`;
  if (!name) return `${noun}${at}`;
  return position === undefined ? `${noun} ${name}` : `${noun}${at}: ${name}`;
}
