/**
 * The console's way in for `npm start`: the operator's own `ADMIN_TOKEN` (or `ADMIN_TOKEN_FILE`)
 * when they set one, else a token made for this run, which the banner prints once. Without it the
 * console at `/admin/` would answer 404 and a new user would not know it was there.
 */
import { randomBytes } from 'node:crypto';

/** The environment to start the demo with, and the token made for it, if one was. */
export interface ConsoleAccess {
  env: Record<string, string | undefined>;
  /** 32 random bytes, base64url: made because no admin token was set. */
  madeToken?: string;
}

/**
 * `env` with an admin token: its own, or a new one.
 *
 * @example consoleAccess({}).madeToken // 'r2V…' (43 characters)
 */
export function consoleAccess(env: Record<string, string | undefined>): ConsoleAccess {
  // An empty variable counts as unset, as the proxy reads it.
  if (env.ADMIN_TOKEN || env.ADMIN_TOKEN_FILE) return { env };
  const madeToken = randomBytes(32).toString('base64url');
  return { env: { ...env, ADMIN_TOKEN: madeToken }, madeToken };
}
