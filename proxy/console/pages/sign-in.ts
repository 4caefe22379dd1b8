/** The sign-in page: the admin token typed into a form (never in an address, where it is logged). */
import { html } from 'hono/html';
import { barePage } from './layout.ts';

/** The page, with what went wrong last time if anything did. */
export function signInPage(csrf: string, problem?: string) {
  return barePage(
    problem ? 'Error: Sign in' : 'Sign in',
    html`<h1>Enquiry console</h1>
      <form class="sign-in" method="post" action="/admin/sign-in">
        <p>Sign in with the proxy's admin token (<code>ADMIN_TOKEN</code>).</p>
        ${problem ? html`<p class="error" id="problem" role="alert">${problem}</p>` : ''}
        <input type="hidden" name="csrf" value="${csrf}" />
        <label for="token">Admin token</label>
        <input
          id="token"
          name="token"
          type="password"
          autocomplete="current-password"
          required
          ${problem ? html`aria-invalid="true" aria-describedby="problem"` : ''}
        />
        <p></p>
        <button type="submit" class="primary">Sign in</button>
      </form>`,
  );
}
