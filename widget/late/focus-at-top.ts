/**
 * Where focus goes after a change the visitor must notice (a step, the error summary, the
 * confirmation): to `target` at once, and `target` to the top of the view (below any sticky
 * header, `--enquiry-form-scroll-margin`) in the frame that shows it.
 */
export function focusAtTop(target: HTMLElement): void {
  // Focused without a scroll of its own (Firefox focuses without scrolling into view anyway).
  target.focus({ preventScroll: true });
  // The scroll needs the layout: in the next animation frame that is the frame's own layout,
  // where now it would be a second one, forced before the frame restyles the focused element.
  requestAnimationFrame(() => {
    target.scrollIntoView({ block: 'start' });
  });
}
