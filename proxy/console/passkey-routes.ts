/**
 * Passkeys (WebAuthn, with `@simplewebauthn/server`) for people the firm invited: the
 * invitation link's page, its registration (the invitation spent on one passkey, the first
 * session opened), and signing in with a passkey. Each challenge lives in a short-lived cookie
 * sealed with the session key, so any instance can check the answer, and a sign-in's is spent
 * in the outbox at its first use, so an answer sent again opens no second session; the relying party is the
 * console's own origin (`PUBLIC_URL`, or as a trusted proxy says it was reached). Failed
 * sign-ins spend the sign-in limiter's tries, as a wrong admin token does.
 */
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { publicOrigin } from '../http/public-origin.ts';
import { addressAdvice } from './console-address.ts';
import { rateLimitKey } from '../http/client-ip.ts';
import { invitationHash } from '../operator/invitations.ts';
import type { ConsoleVariables } from './access.ts';
import { invitationPage, spentInvitationPage } from './pages/invitation.ts';
import { begin, strictCookie, type SignInKit } from './sign-in-kit.ts';
import { SIGN_IN_COOKIE, signInNonce } from './session.ts';

/** What a passkey whose use count went back is told: it is ours, and why it was refused. */
const COUNT_WENT_BACK =
  'That passkey is one of this console’s, but its use count went back since it was last used here, as a copy of a passkey’s does, so it was refused. Sign in on the device you made it on, or ask an operator for a new invitation.';

/** The cookie holding a ceremony's challenge, sealed, for this long. */
const CHALLENGE_COOKIE = 'console_passkey';
const CHALLENGE_MS = 5 * 60_000;

/** What the script posts: the sign-in CSRF token, an invitation's token, the browser's answer. */
interface PasskeyPost {
  csrf?: unknown;
  invitation?: unknown;
  response?: unknown;
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** The passkey routes, as a Hono app to mount at `/` before the session gate. */
export function passkeyRoutes(kit: SignInKit) {
  const { deps, parts, keys, reached } = kit;
  const store = parts.store;
  const app = new Hono<{ Variables: ConsoleVariables }>();
  const party = (c: Context) => {
    const origin = publicOrigin(c, reached).origin;
    return { origin, rpID: new URL(origin).hostname };
  };
  const refuse = (c: Context, status: 400 | 401 | 403 | 429, message: string) =>
    c.json({ error: 'refused', message }, status);

  /** The posted JSON, if its CSRF token is the sign-in page's. */
  async function posted(c: Context): Promise<PasskeyPost | undefined> {
    const body = (await c.req.json().catch(() => undefined)) as PasskeyPost | undefined;
    const csrf = typeof body?.csrf === 'string' ? body.csrf : undefined;
    return keys.csrfMatches(csrf, `sign-in.${getCookie(c, SIGN_IN_COOKIE) ?? ''}`)
      ? body
      : undefined;
  }
  const keepChallenge = (c: Context, purpose: string, challenge: string) => {
    const sealed = keys.seal(`${purpose}|${challenge}|${String(deps.now() + CHALLENGE_MS)}`);
    setCookie(c, CHALLENGE_COOKIE, sealed, {
      ...strictCookie(c, reached),
      maxAge: CHALLENGE_MS / 1000,
    });
  };
  /**
   * The challenge kept for `purpose` and when it runs out, if it is this key's and not out of
   * date. The browser is asked to forget it; a sign-in spends it in the outbox as well, since
   * whoever captured the request could send the cookie again.
   */
  const challengeFor = (c: Context, purpose: string) => {
    const [kept, challenge, until] = keys.unseal(getCookie(c, CHALLENGE_COOKIE))?.split('|') ?? [];
    deleteCookie(c, CHALLENGE_COOKIE, { path: '/admin' });
    const expiresAt = Number(until);
    return kept === purpose && challenge && expiresAt > deps.now()
      ? { challenge, expiresAt }
      : undefined;
  };
  const limiter = parts.signInLimiter;

  app.get('/admin/invitation/:token', async (c) => {
    const token = c.req.param('token');
    const invited = await store.findInvitation(invitationHash(token), deps.now());
    if (!invited) return c.html(spentInvitationPage(), 404);
    const nonce = signInNonce();
    setCookie(c, SIGN_IN_COOKIE, nonce, strictCookie(c, reached));
    const csrf = keys.csrfToken(`sign-in.${nonce}`);
    const address = addressAdvice(c, reached);
    return c.html(invitationPage({ ...invited, token, csrf, address }));
  });

  app.post('/admin/passkeys/register/options', async (c) => {
    const body = await posted(c);
    if (!body) return refuse(c, 403, 'The page is out of date. Reload it and try again.');
    const token = typeof body.invitation === 'string' ? body.invitation : '';
    const invited = await store.findInvitation(invitationHash(token), deps.now());
    if (!invited) return refuse(c, 403, 'This invitation was used already, or it ran out.');
    const options = await generateRegistrationOptions({
      rpName: 'Enquiry console',
      rpID: party(c).rpID,
      userName: invited.email,
      attestationType: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    keepChallenge(c, `register:${invitationHash(token)}`, options.challenge);
    return c.json(options);
  });

  app.post('/admin/passkeys/register', async (c) => {
    const body = await posted(c);
    const token = typeof body?.invitation === 'string' ? body.invitation : '';
    // Registering twice is refused by the invitation, spent on its first passkey.
    const answered = challengeFor(c, `register:${invitationHash(token)}`);
    if (!body || !answered)
      return refuse(c, 403, 'The page is out of date. Reload it and try again.');
    const invited = await store.findInvitation(invitationHash(token), deps.now());
    const verified = await verifyRegistrationResponse({
      response: body.response as RegistrationResponseJSON,
      expectedChallenge: answered.challenge,
      expectedOrigin: party(c).origin,
      expectedRPID: party(c).rpID,
      requireUserVerification: false,
    }).catch(() => undefined);
    if (!invited || !verified?.verified) return refuse(c, 400, 'The passkey could not be checked.');
    const { credential } = verified.registrationInfo;
    const who = { personId: invited.personId, email: invited.email, name: '', role: invited.role };
    const passkey = {
      credentialId: credential.id,
      publicKey: b64(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
    };
    const opened = await begin(kit, c, 'passkey', who, (record) =>
      store.acceptInvitation(invitationHash(token), passkey, record),
    );
    if (!opened) return refuse(c, 403, 'This invitation was used already, or it ran out.');
    return c.json({ next: '/admin/' });
  });

  app.post('/admin/passkeys/sign-in/options', async (c) => {
    if (!(await posted(c)))
      return refuse(c, 403, 'The page is out of date. Reload it and try again.');
    const options = await generateAuthenticationOptions({
      rpID: party(c).rpID,
      userVerification: 'preferred',
    });
    keepChallenge(c, 'sign-in', options.challenge);
    return c.json(options);
  });

  app.post('/admin/passkeys/sign-in', async (c) => {
    const key = rateLimitKey(deps.clientIp(c));
    const verdict = await limiter?.take(key);
    if (verdict && !verdict.allowed) {
      c.header('Retry-After', String(Math.max(1, Math.ceil(verdict.waitMs / 1000))));
      return refuse(c, 429, 'Too many sign-in attempts from here. Wait a minute, then try again.');
    }
    const body = await posted(c);
    const answered = challengeFor(c, 'sign-in');
    if (!body || !answered)
      return refuse(c, 403, 'The page is out of date. Reload it and try again.');
    const response = body.response as AuthenticationResponseJSON | undefined;
    const passkey =
      typeof response?.id === 'string' ? await store.findPasskey(response.id) : undefined;
    let refusedBy: unknown;
    const verified =
      passkey &&
      (await verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: answered.challenge,
        expectedOrigin: party(c).origin,
        expectedRPID: party(c).rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, 'base64url'),
          counter: passkey.counter,
        },
        requireUserVerification: false,
      }).catch((error: unknown) => {
        refusedBy = error;
        return undefined;
      }));
    // A use count lower than the last one seen here: a copy of the passkey, or its device restored.
    const countWentBack = refusedBy instanceof Error && /counter value/.test(refusedBy.message);
    if (!passkey || !verified?.verified) {
      await store.recordAudit({
        at: deps.now(),
        client: deps.clientIp(c),
        action: 'sign-in refused',
        reference: null,
        detail: countWentBack ? 'passkey: its use count went back' : 'passkey',
      });
      return refuse(
        c,
        401,
        countWentBack ? COUNT_WENT_BACK : 'That passkey is not one of this console’s.',
      );
    }
    await limiter?.giveBack(key);
    const { personId, email, name, role } = passkey;
    const who = { personId, email, name, role };
    const { newCounter } = verified.authenticationInfo;
    const opened = await begin(kit, c, 'passkey', who, (record) =>
      store.signInWithPasskey(passkey.credentialId, newCounter, record, answered),
    );
    if (!opened)
      return refuse(
        c,
        401,
        'This sign-in was used already, or its passkey was removed. Reload the page and try again.',
      );
    return c.json({ next: '/admin/' });
  });
  return app;
}
