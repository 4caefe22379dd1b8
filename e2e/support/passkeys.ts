/**
 * Passkeys in a test's Chromium: the virtual authenticator (WebAuthn over the DevTools protocol),
 * which makes and uses a passkey at once, as a phone's screen lock would.
 */
import type { BrowserContext, Page } from '@playwright/test';

/** A passkey the page's browser can make and use: Chromium's virtual authenticator. */
export async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  /** The passkey as a copy made before its last use has it: its use count back to 0. */
  const countBack = async () => {
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    for (const credential of credentials) {
      await cdp.send('WebAuthn.removeCredential', {
        authenticatorId,
        credentialId: credential.credentialId,
      });
      await cdp.send('WebAuthn.addCredential', {
        authenticatorId,
        credential: { ...credential, signCount: 0 },
      });
    }
  };
  return { countBack };
}
