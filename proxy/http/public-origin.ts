/**
 * The origin browsers use to reach the proxy, which a request cannot simply tell: behind a
 * reverse proxy that terminates TLS the proxy is spoken to over plain HTTP, often on another
 * port. `PUBLIC_URL` says it outright; without it, the scheme comes from `X-Forwarded-Proto` and
 * the host from `X-Forwarded-Host` or `Host`, the forwarded headers believed only from one of
 * `TRUSTED_PROXIES` (anyone else can write them).
 */
import type { Context } from 'hono';

/** Where the public origin comes from. */
export interface PublicOriginOptions {
  /** `PUBLIC_URL`, an origin, when the operator set it. */
  publicUrl?: string | undefined;
  /** True when the request came through one of `TRUSTED_PROXIES`. */
  fromTrustedProxy: (c: Context) => boolean;
}

/**
 * The scheme and origin the browser used for `c`.
 *
 * @example publicOrigin(c, { publicUrl: 'https://forms.example.com', fromTrustedProxy })
 * // { https: true, origin: 'https://forms.example.com' }
 */
export function publicOrigin(
  c: Context,
  options: PublicOriginOptions,
): { https: boolean; origin: string } {
  if (options.publicUrl) {
    const url = new URL(options.publicUrl);
    return { https: url.protocol === 'https:', origin: url.origin };
  }
  const url = new URL(c.req.url);
  const trusted = options.fromTrustedProxy(c);
  const forwarded = (name: string) =>
    trusted ? c.req.header(name)?.split(',')[0]?.trim() : undefined;
  const https = url.protocol === 'https:' || forwarded('x-forwarded-proto') === 'https';
  const host = forwarded('x-forwarded-host') ?? c.req.header('host') ?? url.host;
  return { https, origin: `${https ? 'https' : 'http'}://${host}` };
}
