/** The page an invitation link opens: whose it is, and the button that makes their passkey. */
import { html } from 'hono/html';
import type { Role } from '../../outbox/roles.ts';
import { addressNotice, barePage, type AddressAdvice } from './layout.ts';

/** The page for a live invitation. */
export function invitationPage(options: {
  email: string;
  role: Role;
  token: string;
  csrf: string;
  /** Where to open the link instead, when this address cannot take a passkey. */
  address?: AddressAdvice | undefined;
}) {
  return barePage(
    'Make your passkey',
    html`<h1>Enquiry console</h1>
      ${addressNotice(options.address, '/admin/invitation/' + options.token)}
      <form
        class="sign-in"
        id="passkey-register"
        data-csrf="${options.csrf}"
        data-invitation="${options.token}"
        method="post"
        action="/admin/passkeys/register"
      >
        <p>
          You are invited as <strong>${options.email}</strong>, with the ${options.role} role. Make
          a passkey on this device (your fingerprint, face or screen lock, or a security key); you
          sign in with it from then on. No password is kept.
        </p>
        <button type="submit" class="primary">Make a passkey and sign in</button>
        <p class="error" role="alert" hidden></p>
      </form>
      <script type="module" src="/admin/console.js"></script>`,
  );
}

/** The page for a link that was used or ran out. */
export const spentInvitationPage = () =>
  barePage(
    'Invitation not valid',
    html`<h1>This invitation link does not work</h1>
      <p>
        It was used already, or it ran out (a link works once, for a week). Ask an operator of the
        console for a new one.
      </p>`,
  );
