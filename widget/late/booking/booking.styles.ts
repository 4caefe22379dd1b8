/**
 * The time picker's look: days and times as tiles in a grid that fills the form's width (four or
 * so to a row on a 320 px phone), each at least 44 px tall, the chosen one filled with the text
 * colour; focus in the form's yellow. Colours are the theme's, so it is light or dark with the
 * form.
 */
import { css } from '../lit-tags.ts';

/** Styles of `.booking__*`: the days, the times, what was chosen, the notes; the sent panel's call. */
export const bookingStyles = css`
  /* The sent panel's links to the call (sent.ts), in the panel's own colour. */
  .booking__links a {
    margin: 0 0.5em;
    color: inherit;
  }
  .booking__caption {
    margin: 0 0 10px;
    font-weight: 700;
  }
  .booking__options {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(4em, 1fr));
    gap: 8px;
    max-width: 40em;
    margin-bottom: var(--_space);
  }
  .booking__options--times {
    grid-template-columns: repeat(auto-fill, minmax(4.75em, 1fr));
  }
  .booking__option {
    position: relative;
    display: flex;
  }
  /* The radio covers its tile, out of sight: the tile is what is seen and pressed. */
  .booking__input {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    margin: 0;
    opacity: 0;
    cursor: pointer;
  }
  .booking__label {
    flex: 1;
    display: flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    min-height: 44px;
    padding: 6px 4px;
    text-align: center;
    border: 2px solid var(--_text);
    border-radius: var(--_radius);
    cursor: pointer;
    touch-action: manipulation;
    font-variant-numeric: tabular-nums;
  }
  .booking__weekday {
    font-weight: 700;
  }
  .booking__input:hover + .booking__label {
    background: var(--_shade);
  }
  .booking__input:checked + .booking__label {
    color: var(--_background);
    background: var(--_text);
  }
  .booking__input[aria-invalid='true'] + .booking__label {
    border-color: var(--_error);
  }
  .booking__input:focus + .booking__label {
    outline: 3px solid var(--_focus);
    outline-offset: 0;
    box-shadow: inset 0 0 0 2px var(--_focus);
  }
  .booking__note,
  .booking__chosen {
    max-width: 40em;
    margin: 0 0 var(--_space);
  }
  /* A time no longer free: set apart as GOV.UK sets apart inset text. */
  .booking__note--gone {
    padding-inline-start: calc(var(--_space) * 0.75);
    border-inline-start: 5px solid var(--_border);
  }
  .booking__chosen {
    font-weight: 700;
  }
  .booking__preferred {
    margin: 15px 0 var(--_space);
  }
  /* The field's own margin follows the last button; one between blocks keeps them apart. */
  .booking__switch:last-child {
    margin-bottom: 0;
  }
  /* Forced colours drop the filled background: the chosen tile keeps a thicker border. */
  @media (forced-colors: active) {
    .booking__input:checked + .booking__label {
      border-width: 5px;
      border-color: Highlight;
    }
  }
`;
