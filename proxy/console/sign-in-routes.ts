/**
 * The console's ways in, before a session exists: the sign-in page, the admin token typed into
 * it (every check of it through `http/admin-only.ts`: one limiter, one audit), passkeys
 * (`passkey-routes.ts`) and the firm's identity provider (`oidc-routes.ts`). Each opens its
 * session through `begin` (`sign-in-kit.ts`), so every session's cookie is set the same way.
 */
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { checkAdminToken } from '../http/admin-only.ts';
import { formOf, refusal, type ConsoleVariables } from './access.ts';
import { oidcRoutes } from './oidc-routes.ts';
import { passkeyRoutes } from './passkey-routes.ts';
import { signInPage } from './pages/sign-in.ts';
import { begin, strictCookie, type SignInKit } from './sign-in-kit.ts';
import { addressAdvice } from './console-address.ts';
import { SIGN_IN_COOKIE, signInNonce } from './session.ts';

/** The sign-in page and the admin token's way in, as a Hono app to mount at `/`. */
export function signInRoutes(kit: SignInKit) {
  const { deps, parts, keys, reached } = kit;
  const app = new Hono<{ Variables: ConsoleVariables }>();
  const adminToken = deps.adminToken;

  const signInForm = (c: Context, status: 200 | 401, problem?: string) => {
    const nonce = signInNonce();
    setCookie(c, SIGN_IN_COOKIE, nonce, strictCookie(c, reached));
    const csrf = keys.csrfToken(`sign-in.${nonce}`);
    return c.html(
      signInPage({
        csrf,
        token: adminToken !== undefined,
        oidc: parts.oidc !== undefined,
        problem,
        address: addressAdvice(c, reached),
      }),
      status,
    );
  };
  app.get('/admin/sign-in', (c) => signInForm(c, 200));
  app.post('/admin/sign-in', async (c) => {
    if (!adminToken) return c.notFound();
    const form = await formOf(c);
    if (!keys.csrfMatches(form.csrf, `sign-in.${getCookie(c, SIGN_IN_COOKIE) ?? ''}`))
      return signInForm(c, 401, 'The sign-in form had expired. Type the token again.');
    const verdict = await checkAdminToken(
      c,
      { ...deps, adminToken },
      form.token ?? '',
      'sign-in refused',
    );
    if (verdict.kind === 'limited') {
      c.header('Retry-After', String(verdict.retryAfterSeconds));
      return refusal(c, 429, 'Too many sign-in attempts from here. Wait a minute, then try again.');
    }
    if (verdict.kind === 'wrong') return signInForm(c, 401, 'That is not the admin token.');
    const who = { personId: null, email: 'admin token', name: '', role: 'operator' } as const;
    await begin(kit, c, 'token', who, async (record) => {
      await parts.store.signInWithToken(record);
      return true;
    });
    return c.redirect('/admin/', 303);
  });
  app.route('/', passkeyRoutes(kit));
  app.route('/', oidcRoutes(kit));
  return app;
}
