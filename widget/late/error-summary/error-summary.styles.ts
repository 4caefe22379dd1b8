/** The error summary's look: a red box whose links are bold, underlined and yellow on focus. */
import { css } from '../lit-tags.ts';

/** Styles of `.error-summary` and its list of links. */
export const errorSummaryStyles = css`
  .error-summary {
    margin-bottom: calc(var(--_space) * 1.5);
    padding: calc(var(--_space) * 0.75);
    border: 5px solid var(--_error);
    border-radius: var(--_radius);
  }
  .error-summary:focus {
    outline: 3px solid var(--_focus);
    outline-offset: 0;
  }
  .error-summary__list {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .error-summary__list li + li {
    margin-top: 5px;
  }
  .error-summary a {
    font-weight: 700;
    color: var(--_error);
    text-decoration: underline;
    text-decoration-thickness: max(1px, 0.0625rem);
    text-underline-offset: 0.15em;
  }
  .error-summary a:hover {
    text-decoration-thickness: max(3px, 0.1875rem);
  }
  .error-summary a:focus {
    outline: 3px solid transparent;
    color: var(--_focus-text);
    background: var(--_focus);
    box-shadow:
      0 -2px var(--_focus),
      0 4px var(--_text);
    text-decoration: none;
  }
`;
