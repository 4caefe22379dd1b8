/**
 * `Authorization: Bearer $ADMIN_TOKEN` for the operator's routes (`/admin/*`, `/metrics`): 404
 * when no token is configured (the routes do not exist), 401 for anything but the token.
 */
import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/**
 * True when the request carries `Authorization: Bearer <token>`, compared in constant time. A
 * bare token is refused: it would teach clients a form no other bearer-token server takes.
 */
function authorised(authorization: string | undefined, token: string): boolean {
  const given = Buffer.from(authorization ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** Lets through only requests with the admin token. */
export const adminOnly =
  ({ adminToken }: { adminToken?: string }): MiddlewareHandler =>
  async (c, next) => {
    if (!adminToken) return c.notFound();
    if (!authorised(c.req.header('authorization'), adminToken))
      return c.json({ error: 'unauthorised' }, 401);
    await next();
  };
