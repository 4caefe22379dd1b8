/**
 * The form studio's small script, served at `/admin/form/studio.js` to the studio's pages (the
 * console allows scripts from its own origin, never inline). Every page works without it; with
 * it, as GOV.UK Frontend does: the error summary of a save has focus, so a screen reader reads
 * it first; the live region says where a moved item went once the page is there (a region
 * filled before it loads is not announced); and the answers of a `showIf` are shown only under
 * the question chosen (without the script, every question's answers show, each under its own).
 */

/** The script's text. */
export const STUDIO_SCRIPT = String.raw`
const summary = document.querySelector('.error-summary[data-focus]');
if (summary && !document.querySelector('[autofocus]')) summary.focus();
const live = document.getElementById('studio-live');
if (live && live.dataset.message) setTimeout(() => { live.textContent = live.dataset.message; }, 150);
for (const group of document.querySelectorAll('fieldset')) {
  const reveals = group.querySelectorAll(':scope > .reveal[data-reveal-for]');
  if (reveals.length === 0) continue;
  const show = () => {
    for (const reveal of reveals) {
      const radio = document.getElementById(reveal.dataset.revealFor);
      reveal.hidden = !radio || !radio.checked;
    }
  };
  group.addEventListener('change', show);
  show();
}
`;
