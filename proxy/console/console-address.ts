/**
 * The address the console works at, and what a page opened elsewhere says. WebAuthn takes a host
 * name as its relying party, never an IP address: a passkey made or used at
 * `http://127.0.0.1:8080/admin/` fails with the browser's own "This is an invalid domain." With
 * `PUBLIC_URL` set, the console is that origin's alone: its passkeys are made for it, and a form
 * posted from any other address is refused as another site's. So the invitation links name the
 * address where passkeys work (`PUBLIC_URL`, else the loopback address as `localhost`), and the
 * sign-in and invitation pages opened anywhere else say in words where to go.
 */
import { isIP } from 'node:net';
import type { Context } from 'hono';
import { publicOrigin, type PublicOriginOptions } from '../http/public-origin.ts';
import type { AddressAdvice } from './pages/layout.ts';

/** The origin the browser used, as its `Host` (or a trusted proxy's headers) says. */
const seenOrigin = (c: Context, reached: PublicOriginOptions) =>
  publicOrigin(c, { fromTrustedProxy: reached.fromTrustedProxy }).origin;

/** `host` without the brackets of an IPv6 literal. */
const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/** True for an address of this machine: 127.0.0.0/8 and ::1. */
const isLoopback = (hostname: string) =>
  /^127\.\d+\.\d+\.\d+$/.test(hostname) || bare(hostname) === '::1';

/**
 * The origin where the console's passkeys work: `PUBLIC_URL`'s; else where the browser came
 * from, a loopback IP address named `localhost` instead (the same machine, by a host name).
 *
 * @example consoleOrigin(c, reached) // 'http://localhost:8080' for a page at http://127.0.0.1:8080
 */
export function consoleOrigin(c: Context, reached: PublicOriginOptions): string {
  if (reached.publicUrl) return new URL(reached.publicUrl).origin;
  const seen = new URL(seenOrigin(c, reached));
  if (isLoopback(seen.hostname)) seen.hostname = 'localhost';
  return seen.origin;
}

/**
 * What a page of the ways in says when it was opened where passkeys or its forms cannot work
 * (an IP address, or not `PUBLIC_URL`'s origin), with the address to open instead; undefined
 * where all is well.
 */
export function addressAdvice(c: Context, reached: PublicOriginOptions): AddressAdvice | undefined {
  const seen = seenOrigin(c, reached);
  const { hostname, host } = new URL(seen);
  const better = consoleOrigin(c, reached);
  if (reached.publicUrl && seen !== better)
    return {
      text: `This console works at ${better} (PUBLIC_URL), not at ${host}: passkeys and sign-in are refused here. Open it there:`,
      origin: better,
    };
  if (isIP(bare(hostname)) === 0) return undefined;
  return better !== seen
    ? {
        text: `Passkeys do not work at an IP address such as ${bare(hostname)}: browsers need a host name. Open the console at its host name instead:`,
        origin: better,
      }
    : {
        text: `Passkeys do not work at an IP address such as ${bare(hostname)}: browsers need a host name. Open the console at a host name that leads here (in production, the host of PUBLIC_URL).`,
      };
}

/**
 * The refusal of a form posted from another site, naming the console's address when the form
 * came from this console at another one (its port opened directly, with `PUBLIC_URL` set).
 */
export function crossSiteWords(c: Context, reached: PublicOriginOptions): string {
  const words = 'This form was sent from another site, so it was not acted on.';
  const origin = c.req.header('origin');
  if (!reached.publicUrl || origin !== seenOrigin(c, reached)) return words;
  return `${words} This console works at ${consoleOrigin(c, reached)}/admin/ (PUBLIC_URL): open it there and sign in again.`;
}
