/**
 * The funnel page's charts: horizontal bars, one to a line, each drawn as a small SVG on the
 * server (no script, no library; SVG's own `width` attributes, since the console's policy allows
 * no inline style). A bar's length is its value against the longest bar's; a part of it (those
 * who left, say) is drawn darker at its end. The names and values are HTML around the drawing, so
 * they keep the page's type at 320 px.
 *
 * The chart is hidden from screen readers (`aria-hidden`): each one sits beside a table holding
 * the same numbers, which is what a screen reader reads.
 */
import { html } from 'hono/html';

/** One bar. */
export interface Bar {
  label: string;
  value: number;
  /** Drawn darker at the bar's end (a part of `value`). */
  part?: number;
  /** What the bar's end says (its value in words). */
  note: string;
  /** Drawn in the second colour: the second arm of a comparison. */
  second?: boolean;
}

/** The drawing's width: a bar's length is a share of it. */
const WIDTH = 100;

/** A bar's length in the drawing's units, to a tenth. */
const barLength = (value: number, longest: number) =>
  longest > 0 ? Number(((Math.max(0, value) / longest) * WIDTH).toFixed(1)) : 0;

/**
 * The bars, scaled to the longest of them (`longest`, when a chart must share its scale with
 * another: the two arms of a comparison).
 */
export function barChart(bars: readonly Bar[], options: { kind: string; longest?: number }) {
  const longest = options.longest ?? Math.max(0, ...bars.map((bar) => bar.value));
  return html`<div class="bars bars--${options.kind}" aria-hidden="true">
    ${bars.map((bar) => {
      const whole = barLength(bar.value, longest);
      const part = Math.min(whole, barLength(bar.part ?? 0, longest));
      return html`<div class="bars__row">
        <span class="bars__label">${bar.label}</span>
        <svg
          class="bars__bar"
          viewBox="0 0 ${WIDTH} 10"
          preserveAspectRatio="none"
          focusable="false"
        >
          <rect class="bars__track" x="0" y="0" width="${WIDTH}" height="10"></rect>
          <rect
            class="bars__value${bar.second ? ' bars__value--second' : ''}"
            x="0"
            y="0"
            width="${whole}"
            height="10"
          ></rect>
          ${
            bar.part === undefined
              ? ''
              : html`<rect
                  class="bars__part"
                  x="${(whole - part).toFixed(1)}"
                  y="0"
                  width="${part}"
                  height="10"
                ></rect>`
          }
        </svg>
        <span class="bars__note">${bar.note}</span>
      </div>`;
    })}
  </div>`;
}
