/**
 * The language switch's look (`language-switch.ts`): a row of the languages at the form's end
 * edge, quiet as links, the one read now in bold. Logical properties only, so the row sits at
 * the right of a form in English and at the left of one in Arabic.
 */
import { css } from './lit-tags.ts';

/** `.language-switch` and its `.language-switch__choice` buttons. */
export const languageSwitchStyles = css`
  .language-switch {
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    gap: 4px 16px;
    margin: 0 0 var(--_space);
    padding: 0;
    list-style: none;
  }
  .language-switch[hidden] {
    display: none;
  }
  .language-switch__choice {
    min-height: 44px;
    padding: 0 4px;
    font: inherit;
    color: var(--_text);
    text-decoration: underline;
    text-underline-offset: 0.15em;
    cursor: pointer;
    background: none;
    border: 0;
    border-radius: var(--_radius);
  }
  .language-switch__choice[aria-pressed='true'] {
    font-weight: 700;
    text-decoration: none;
    cursor: default;
  }
  .language-switch__choice:hover {
    text-decoration-thickness: 3px;
  }
  .language-switch__choice:focus {
    outline: 3px solid transparent;
    color: var(--_focus-text);
    background: var(--_focus);
    box-shadow: 0 4px var(--_text);
    text-decoration: none;
  }
`;
