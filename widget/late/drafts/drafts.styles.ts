/**
 * The saved enquiries' screens: the save button and its panel under the form, a link's page in
 * place of the form, and the notice above it. The fields and buttons are the element's own.
 */
import { css } from '../lit-tags.ts';

/** The save and resume panels' and the notice's styles, adopted with the chunk. */
export const draftStyles = css`
  .drafts {
    margin-top: var(--_space);
  }
  .drafts__panel,
  .drafts--resuming {
    max-width: 40em;
    padding: var(--_space);
    border: 2px solid var(--_border);
    border-radius: var(--_radius);
  }
  .drafts__title {
    margin: 0 0 var(--_space);
    font-size: 1.5em;
  }
  .drafts__title:focus,
  .drafts__outcome:focus,
  .drafts-notice:focus {
    outline: 3px solid var(--_focus);
    outline-offset: 0;
  }
  .drafts__buttons {
    display: flex;
    flex-wrap: wrap;
    gap: 0 15px;
  }
  .drafts__outcome p,
  .drafts-notice p {
    margin: 0 0 10px;
  }
  .drafts__outcome--refused {
    padding-inline-start: calc(var(--_space) * 0.75);
    border-inline-start: 5px solid var(--_error);
  }
  .input--code {
    max-width: 10em;
    letter-spacing: 0.2em;
  }
  /* A link's page stands in for the form until its code is typed. */
  .root:has(> .drafts--resuming) > .form,
  .root:has(> .drafts--resuming) > .loading,
  .root:has(> .drafts--resuming) > .drafts:not(.drafts--resuming) {
    display: none;
  }
  .drafts-notice {
    max-width: 40em;
    margin-bottom: calc(var(--_space) * 1.5);
    padding: var(--_space);
    border: 5px solid var(--_accent);
    border-radius: var(--_radius);
  }
  .drafts-notice ul {
    margin: 0;
    padding-inline-start: 1.25em;
  }
`;
