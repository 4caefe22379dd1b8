/**
 * Following an error summary link the way govuk-frontend does. The links cannot rely on the
 * browser: `#id` fragments do not reach into a shadow root, and even in a page they would scroll
 * the input to the top edge, hiding the question above it.
 */

type Control = HTMLElement & { labels?: NodeListOf<HTMLLabelElement> | null };

/**
 * What to scroll into view for a control: its fieldset's legend when the legend and the control
 * fit on screen together (the question stays readable above the answers), else its label.
 */
function headingOf(control: Control): HTMLElement {
  const legend = control.closest('fieldset')?.querySelector<HTMLElement>(':scope > legend');
  if (legend) {
    const legendTop = legend.getBoundingClientRect().top;
    const controlBottom = control.getBoundingClientRect().bottom;
    if (controlBottom - legendTop < window.innerHeight / 2) return legend;
  }
  return control.labels?.[0] ?? legend ?? control;
}

/** Focuses a control and brings its question into view. */
function focusControl(control: Control): void {
  headingOf(control).scrollIntoView({ block: 'start' });
  // preventScroll: the heading above was scrolled into view on purpose; focus must not undo it.
  control.focus({ preventScroll: true });
}

/**
 * The click handler of a summary link: focuses the control its `href` names in `root` (or
 * hands the id to `elsewhere`, for a control outside the shadow root, and returns).
 */
export function followIssueLink(
  event: Event,
  root: ParentNode,
  elsewhere?: (id: string) => boolean,
): void {
  event.preventDefault();
  const id = (event.currentTarget as HTMLAnchorElement).getAttribute('href')?.slice(1) ?? '';
  if (elsewhere?.(id)) return;
  const control = root.querySelector<HTMLElement>(`[id="${CSS.escape(id)}"]`);
  if (control) focusControl(control);
}
