/**
 * The box of unfinished enquiries on the form without JavaScript (`docs/unfinished.md`): the
 * widget's box and its line, unticked, under the contact fields, and the page's way of keeping
 * what is typed without a script: a button, "Keep what I have typed", that posts the form to
 * `/form/unfinished` (`intake/unfinished/unfinished-page-route.ts`). The page carries the
 * record's id and secret, made when it is first drawn, in hidden fields, so that each post of
 * the same page keeps the same record; drawn again, it keeps them.
 */
import { html } from 'hono/html';
import { base64urlOf, DRAFT_ID } from '../../contract/draft-formats.ts';
import { formatIn } from '../../contract/plurals.ts';
import type { UnfinishedConfig } from '../../contract/schemas/unfinished.ts';
import { lengthIn } from '../../contract/unfinished.ts';
import { newDraftId } from '../drafts/draft-secrets.ts';
import { newUnfinishedSecret } from '../unfinished/unfinished-secrets.ts';
import { fieldId, singleCheckbox, type FieldState, type PageLanguage } from './form-fields.ts';
import { CONSENT_TICKED, type PlainFields } from './plain-fields.ts';

/** The names of the box's fields, and of the button that erases what is kept. */
export const UNFINISHED_FIELDS = {
  keep: 'unfinished.keep',
  id: 'unfinished.id',
  secret: 'unfinished.secret',
  erase: 'unfinished.erase',
} as const;

/** What a post says of the box: the record it names, ticked or not, and Erase pressed or not. */
export interface PostedBox {
  id: string;
  secret: string;
  ticked: boolean;
  erase: boolean;
}

/** The box as `fields` have it; an id or secret of the wrong shape is made afresh. */
export function boxOf(fields: PlainFields): PostedBox {
  const one = (name: string) => fields.get(name)?.[0] ?? '';
  const id = one(UNFINISHED_FIELDS.id);
  const secret = one(UNFINISHED_FIELDS.secret);
  return {
    id: DRAFT_ID.test(id) ? id : newDraftId(),
    secret: base64urlOf(16).test(secret) ? secret : newUnfinishedSecret(),
    ticked: one(UNFINISHED_FIELDS.keep) === CONSENT_TICKED,
    erase: one(UNFINISHED_FIELDS.erase) === CONSENT_TICKED,
  };
}

/** The box under the contact fields, with the record's id and secret the page posts. */
export function unfinishedBox(
  block: UnfinishedConfig,
  values: PlainFields,
  { lang, words }: PageLanguage,
) {
  const box = boxOf(values);
  const state: FieldState = { values: box.ticked ? [CONSENT_TICKED] : [], words };
  const hint = formatIn(lang, words.unfinishedKeepHint, {
    days: lengthIn(lang, block.keepDays * 24),
  });
  return html`<input type="hidden" name="${UNFINISHED_FIELDS.id}" value="${box.id}" />
    <input type="hidden" name="${UNFINISHED_FIELDS.secret}" value="${box.secret}" />
    ${singleCheckbox(
      {
        id: fieldId(UNFINISHED_FIELDS.keep),
        name: UNFINISHED_FIELDS.keep,
        label: words.unfinishedKeep,
        required: false,
        markOptional: false,
        hint,
        state,
      },
      CONSENT_TICKED,
    )}`;
}

/**
 * The box's buttons, after Send (which stays the button Enter presses): "Keep what I have
 * typed", and once the box is ticked, "Erase what is kept". Neither asks the browser to check
 * the fields first: what is half typed is kept as typed. None where the page does not post to the
 * intake (`action` undefined: the studio's preview).
 */
export function unfinishedButtons(
  action: string | undefined,
  values: PlainFields,
  { words }: PageLanguage,
) {
  if (action === undefined) return '';
  const ticked = boxOf(values).ticked;
  return html`<button type="submit" class="secondary" formaction="${action}" formnovalidate>
      ${words['unfinished.pageKeep']}
    </button>
    ${
      ticked
        ? html`<button
            type="submit"
            class="secondary"
            formaction="${action}"
            formnovalidate
            name="${UNFINISHED_FIELDS.erase}"
            value="${CONSENT_TICKED}"
          >
            ${words['unfinished.pageErase']}
          </button>`
        : ''
    }`;
}
