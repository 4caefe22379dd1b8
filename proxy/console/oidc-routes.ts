/**
 * Signing in with the firm's identity provider over OpenID Connect (`openid-client`): the
 * authorization code flow with PKCE, state and nonce, the client authenticated with its secret.
 * The library checks the answer (the issuer, in the callback's `iss` and the ID token; the
 * audience; the signature; the nonce), and `OIDC_ROLES` decides who may come in, as what
 * (`oidc-settings.ts`); anyone else is refused with a page saying so. The flow's secrets wait
 * in a cookie sealed with the session key (any instance can finish a flow another began),
 * `SameSite=Lax` because the provider sends the browser back from its own site.
 */
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as client from 'openid-client';
import { rateLimitKey } from '../http/client-ip.ts';
import { publicOrigin } from '../http/public-origin.ts';
import { refusal, type ConsoleVariables } from './access.ts';
import { claimed, lacksClaims, withUserinfo, type ProviderClaims } from './oidc-claims.ts';
import { roleOf } from './oidc-settings.ts';
import { barePage } from './pages/layout.ts';
import { begin, type SignInKit } from './sign-in-kit.ts';

const FLOW_COOKIE = 'console_oidc';
/** How long a sign-in at the provider may take. */
const FLOW_MS = 10 * 60_000;
const CALLBACK = '/admin/oidc/callback';
/** How long a failed discovery of the provider answers before it is tried again. */
export const DISCOVERY_RETRY_MS = 30_000;

/** The identity provider's routes, as a Hono app to mount at `/` before the session gate. */
export function oidcRoutes(kit: SignInKit) {
  const app = new Hono<{ Variables: ConsoleVariables }>();
  const { deps, parts, keys, reached } = kit;
  const oidc = parts.oidc;
  if (!oidc) return app;
  const issuer = new URL(oidc.issuer);
  // Discovered at first use and kept. A failed discovery (the provider down, its address
  // mistyped) is remembered for `DISCOVERY_RETRY_MS`: anyone may open the start, and a flood of
  // it must not become a flood of requests to the provider, nor of lines in the log.
  let configuration: Promise<client.Configuration> | undefined;
  let failed: { at: number; error: Error } | undefined;
  const config = () => {
    if (failed && deps.now() - failed.at < DISCOVERY_RETRY_MS) return Promise.reject(failed.error);
    return (configuration ??= client
      .discovery(issuer, oidc.clientId, oidc.clientSecret, undefined, {
        // `env.ts` takes plain http only for an issuer on this machine.
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- loopback only, as the platform's address
        ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        configuration = undefined;
        failed = {
          at: deps.now(),
          error: error instanceof Error ? error : new Error(String(error)),
        };
        deps.log.warn(
          { issuer: issuer.href, err: error },
          `the identity provider could not be reached: its sign-in is off for ${String(DISCOVERY_RETRY_MS / 1000)} s`,
        );
        throw error;
      }));
  };
  const refuse = async (c: Context, status: 401 | 403, message: string, detail: string) => {
    await parts.store.recordAudit({
      at: deps.now(),
      client: deps.clientIp(c),
      action: 'sign-in refused',
      reference: null,
      detail: `oidc: ${detail}`.slice(0, 300),
    });
    return refusal(c, status, message);
  };

  app.get('/admin/oidc/start', async (c) => {
    let settings: client.Configuration;
    try {
      settings = await config();
    } catch (error) {
      return unreachable(c, issuer, error);
    }
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const origin = publicOrigin(c, reached);
    setCookie(c, FLOW_COOKIE, keys.seal([state, nonce, verifier, deps.now() + FLOW_MS].join('|')), {
      httpOnly: true,
      sameSite: 'Lax',
      secure: origin.https,
      path: '/admin/oidc',
      maxAge: FLOW_MS / 1000,
    });
    const url = client.buildAuthorizationUrl(settings, {
      redirect_uri: `${origin.origin}${CALLBACK}`,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return c.redirect(url.href, 302);
  });

  app.get(CALLBACK, async (c) => {
    const key = rateLimitKey(deps.clientIp(c));
    const verdict = await parts.signInLimiter?.take(key);
    if (verdict && !verdict.allowed)
      return refusal(c, 429, 'Too many sign-in attempts from here. Wait a minute, then try again.');
    const [state, nonce, verifier, until] =
      keys.unseal(getCookie(c, FLOW_COOKIE))?.split('|') ?? [];
    deleteCookie(c, FLOW_COOKIE, { path: '/admin/oidc' });
    if (!state || !nonce || !verifier || !(Number(until) > deps.now()))
      return refuse(
        c,
        401,
        'The sign-in took too long, or was not started here. Sign in again.',
        'no flow',
      );
    const origin = publicOrigin(c, reached).origin;
    const here = new URL(`${origin}${CALLBACK}${new URL(c.req.url).search}`);
    let claims: ProviderClaims;
    try {
      const settings = await config();
      const tokens = await client.authorizationCodeGrant(settings, here, {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      const id = tokens.claims();
      claims = id ?? {};
      // A provider keeping to the spec says who someone is at userinfo, not in the ID token.
      if (id && lacksClaims(id, oidc.roles))
        claims = withUserinfo(
          id,
          await client.fetchUserInfo(settings, tokens.access_token, id.sub),
        );
    } catch (error) {
      return refuse(
        c,
        401,
        'The identity provider’s answer could not be checked, so nobody was signed in. Sign in again.',
        error instanceof Error ? error.message : 'unchecked answer',
      );
    }
    const who = claimed(claims);
    if (who.kind === 'not one address')
      return refuse(
        c,
        403,
        `The identity provider gave ${JSON.stringify(who.claim.slice(0, 120))} as your address, which is not one email address, so nobody was signed in. Ask the provider’s administrator to correct it.`,
        `email claim not one address: ${JSON.stringify(who.claim)}`,
      );
    // The address names the person (their row, their role, the audit): one the provider says it
    // has not verified names nobody, even when a group would let its bearer in.
    const { email, emailVerified, groups, name } = who;
    const role = roleOf(oidc.roles, { email, emailVerified, groups });
    if (!role || !email)
      return refuse(
        c,
        403,
        `Your account${email ? ` (${email})` : ''} is not one of those this console lets in. Ask an operator of the console to add you.`,
        `${email ?? 'no verified email'} not in OIDC_ROLES`,
      );
    await parts.signInLimiter?.giveBack(key);
    const person = { email, name, role };
    const signedIn = { personId: 0, ...person };
    await begin(kit, c, 'oidc', signedIn, async (record) => {
      // The role kept may be less than OIDC_ROLES's (lowered in the console): the audit names it.
      signedIn.role = await parts.store.signInFromProvider(person, record);
      return true;
    });
    // A page, not a redirect: a browser keeps SameSite=Strict cookies back on a chain of
    // redirects that began at the provider's site, so /admin/ would not see the new session.
    return c.html(
      barePage(
        'Signed in',
        html`<h1>Signed in</h1>
          <p><a href="/admin/">Continue to the console</a></p>`,
        '/admin/',
      ),
    );
  });
  return app;
}

/** The start's answer while the provider cannot be reached: what failed, and who can mend it. */
function unreachable(c: Context, issuer: URL, error: unknown) {
  const why = error instanceof Error ? error.message : String(error);
  return c.html(
    barePage(
      'Sign-in unavailable',
      html`<h1>The identity provider cannot be reached</h1>
        <p>
          Signing in with ${issuer.href} cannot start: ${why}. Try again in a minute. If it goes on,
          ask whoever runs the proxy to check <code>OIDC_ISSUER</code> and that the provider is up.
        </p>
        <p><a href="/admin/sign-in">Other ways to sign in</a></p>`,
    ),
    503,
  );
}
