/**
 * The sign-in page: each way in the proxy is set up for. The firm's identity provider is a
 * link; a passkey is a button the console's script answers (`passkey-script.ts`); the admin
 * token is typed into a form (never in an address, where it is logged).
 */
import { html } from 'hono/html';
import { addressNotice, barePage, type AddressAdvice } from './layout.ts';

/** Which ways in to offer, and what went wrong last time if anything did. */
export interface SignInOptions {
  csrf: string;
  /** `ADMIN_TOKEN` is set. */
  token: boolean;
  /** `OIDC_ISSUER` is set. */
  oidc: boolean;
  problem?: string | undefined;
  /** Where to open the console instead, when this address cannot take a passkey. */
  address?: AddressAdvice | undefined;
}

/** The page. */
export function signInPage(options: SignInOptions) {
  const { csrf, problem } = options;
  return barePage(
    problem ? 'Error: Sign in' : 'Sign in',
    html`<h1>Enquiry console</h1>
      ${addressNotice(options.address)}
      ${problem ? html`<p class="error" id="problem" role="alert">${problem}</p>` : ''}
      ${
        options.oidc
          ? html`<p>
              <a class="button primary" href="/admin/oidc/start">Sign in with your work account</a>
            </p>`
          : ''
      }
      <form
        class="sign-in"
        id="passkey-sign-in"
        data-csrf="${csrf}"
        method="post"
        action="/admin/passkeys/sign-in"
      >
        <input type="hidden" name="csrf" value="${csrf}" />
        <p>Were you invited? Sign in with the passkey you made then.</p>
        <button type="submit">Sign in with a passkey</button>
        <p class="error" id="passkey-problem" role="alert" hidden></p>
      </form>
      ${
        options.token
          ? html`<form class="sign-in" method="post" action="/admin/sign-in">
              <p>Or sign in with the proxy's admin token (<code>ADMIN_TOKEN</code>).</p>
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
            </form>`
          : ''
      }
      <script type="module" src="/admin/console.js"></script>`,
  );
}
