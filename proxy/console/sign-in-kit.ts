/**
 * What the console's ways in share (`sign-in-routes.ts`, `passkey-routes.ts`, `oidc-routes.ts`):
 * the strict attributes of its cookies, and `begin`, which opens every session the same way.
 */
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { publicOrigin, type PublicOriginOptions } from '../http/public-origin.ts';
import type { NewSession, SignedInBy } from '../outbox/machine/sessions.ts';
import type { SignedIn } from '../outbox/roles.ts';
import { consoleAudit } from './access.ts';
import type { ConsoleDeps, ConsoleRouteDeps } from './console-deps.ts';
import { SESSION_COOKIE, SESSION_MS, SIGN_IN_COOKIE, type SessionKeys } from './session.ts';

/** What the ways in share. */
export interface SignInKit {
  deps: ConsoleRouteDeps;
  parts: ConsoleDeps;
  keys: SessionKeys;
  reached: PublicOriginOptions;
}

/** The strict cookie attributes of the console's own cookies. */
export const strictCookie = (c: Context, reached: PublicOriginOptions) => ({
  httpOnly: true,
  sameSite: 'Strict' as const,
  secure: publicOrigin(c, reached).https,
  path: '/admin',
});

/**
 * Opens a session `store` keeps (false from it: nothing was opened), sets its cookie, forgets
 * the sign-in form's, and records the sign-in as `who`.
 */
export async function begin(
  kit: SignInKit,
  c: Context,
  via: SignedInBy,
  who: SignedIn,
  store: (record: NewSession) => Promise<boolean>,
): Promise<boolean> {
  const { value, record } = kit.keys.create(via, kit.deps.now());
  if (!(await store(record))) return false;
  setCookie(c, SESSION_COOKIE, value, {
    ...strictCookie(c, kit.reached),
    maxAge: SESSION_MS / 1000,
  });
  deleteCookie(c, SIGN_IN_COOKIE, { path: '/admin' });
  await consoleAudit({ ...kit.deps, store: kit.parts.store }, c, {
    action: 'sign-in',
    detail: via,
    who,
  });
  return true;
}
