/**
 * "Did you mean ada@gmail.com?" under the email field (docs/lead-quality.md): when the visitor
 * leaves the field with an address whose domain looks mistyped (`#contract`'s `suggestEmail`,
 * the table the page without JavaScript reads too), a button that applies the correction. It
 * only offers: sending never waits for it, and it is gone once the address changes or is applied.
 * An address left before this bundle arrived is judged as it does.
 */
import { regionOf, suggestEmail } from '#contract';
import type { ElementBase } from '../element-base.ts';
import type { LatePorts } from './ports.ts';
import { html, nothing } from './lit-tags.ts';

/** Listens for the visitor leaving the email field; returns what to show under it. */
export function emailSuggestion(
  host: ElementBase,
  { session, t, announce }: Pick<LatePorts, 'session' | 't' | 'announce'>,
) {
  // The address the offer was made for: once the field holds another, the offer is stale.
  let typed = '';
  let address: string | undefined;
  const root = host.renderRoot;
  const judge = () => {
    typed = session.values.email;
    address = suggestEmail(typed, regionOf([t().locale, ...navigator.languages]));
    const show = () => {
      host.requestUpdate();
    };
    // Once a press that took focus away is over: a button appearing under the field mid-click
    // would push what was pressed (Send) from under the pointer.
    if (host.matches(':active')) addEventListener('click', show, { once: true, capture: true });
    else show();
  };
  root.addEventListener('focusout', (event) => {
    if ((event.target as HTMLInputElement).name === 'email') judge();
  });
  // A visitor quicker than this bundle left the field before anything listened: judged now.
  if ((root.activeElement as HTMLInputElement | null)?.name !== 'email') judge();
  // Written into the field as typing would (the form's one `input` listener keeps it in the
  // draft); focus goes back to the field, as the button it was on is gone.
  const apply = () => {
    const field = root.querySelector<HTMLInputElement>('[name=email]');
    if (!field || !address) return;
    field.value = address;
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.focus();
    announce(t().text('emailSuggestionApplied', { address }));
  };
  return () =>
    address && session.values.email === typed
      ? html`<button
          class="button button--secondary button--small suggestion"
          type="button"
          part="email-suggestion"
          @click=${apply}
        >
          ${t().text('emailSuggestion', { address })}
        </button>`
      : nothing;
}
