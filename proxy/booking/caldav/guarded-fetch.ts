/**
 * The only way a host's calendar server is reached (`caldav-calendar.ts` hands it to tsdav as its
 * `fetch`). A calendar's address was typed by an operator and may be wrong; its server may be
 * hostile. So: only the origin typed is ever asked (a redirect is an error that names where it
 * leads, never followed); a name that resolves to this machine's loopback, a link-local address
 * (a cloud's metadata service) or no address at all is refused unless the operator typed a
 * loopback address or `localhost` themselves; every request ends within its timeout; no answer
 * is read past its size. A refusal is a `CalendarFault` in words an operator can act on.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, fetch as undiciFetch, type RequestInit as UndiciInit } from 'undici';
import { CalendarFault } from './calendar-fault.ts';

/** An address that is this machine, a link-local neighbour, or nowhere. */
function isInternal(address: string): boolean {
  const ip = address.toLowerCase().replace(/^::ffff:/, '');
  if (isIP(ip) === 4) {
    const [a = 0, b = 0] = ip.split('.').map(Number);
    return a === 127 || a === 0 || (a === 169 && b === 254) || a >= 224;
  }
  return ip === '::1' || ip === '::' || /^fe[89ab]/.test(ip) || ip.startsWith('ff');
}

/**
 * True when the operator typed this machine (`localhost`) or an address itself: an address typed
 * is asked as typed (only a name is looked up, and guarded).
 */
const typedLoopback = (hostname: string): boolean => {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' || host.endsWith('.localhost') || (isIP(host) > 0 && isInternal(host))
  );
};

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** `dns.lookup`, refusing names that lead inside this machine or its link. */
function guardedLookup(hostname: string, options: object, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, []);
      return;
    }
    const inside = addresses.find((found) => isInternal(found.address));
    if (inside) {
      const refused = Object.assign(
        new Error(`${hostname} resolves to ${inside.address}, inside this machine or its link`),
        { code: 'EINTERNAL' },
      );
      callback(refused, []);
      return;
    }
    if ((options as { all?: boolean }).all) callback(null, addresses);
    else callback(null, addresses[0]?.address ?? '', addresses[0]?.family);
  });
}

let guardedAgent: Agent | undefined;
let loopbackAgent: Agent | undefined;

/** The pool for `url`: the guarded one, unless the operator typed `localhost` or an address. */
const agentFor = (url: URL): Agent =>
  typedLoopback(url.hostname)
    ? (loopbackAgent ??= new Agent({ connections: 4, keepAliveTimeout: 4_000 }))
    : (guardedAgent ??= new Agent({
        connections: 4,
        keepAliveTimeout: 4_000,
        connect: { lookup: guardedLookup },
      }));

/** What every request to one calendar is held to. */
export interface FetchLimits {
  /** The calendar's address as typed: no other origin is asked. */
  origin: string;
  timeoutMs: number;
  /** No answer is read past this many bytes. */
  maxBytes: number;
}

/** Reads `body` to `maxBytes` at most; a longer answer is a fault. */
async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const parts: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    const part = read.value;
    size += part.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new CalendarFault(
        'too_large',
        `the calendar answered more than ${String(maxBytes)} bytes`,
      );
    }
    parts.push(part);
  }
  return Buffer.concat(parts);
}

/**
 * A `fetch` held to `limits` (see the module's comment): what tsdav calls for every request.
 *
 * @example const answer = await guardedFetch(limits)(`${calendar}event.ics`, { method: 'DELETE' });
 */
export function guardedFetch(limits: FetchLimits): typeof fetch {
  return async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    if (url.origin !== limits.origin)
      throw new CalendarFault(
        'refused',
        `the calendar named another server, ${url.origin}: not asked`,
      );
    const signal = AbortSignal.any([
      AbortSignal.timeout(limits.timeoutMs),
      ...(init.signal ? [init.signal] : []),
    ]);
    let answer;
    try {
      answer = await undiciFetch(url, {
        ...(init as UndiciInit),
        redirect: 'manual',
        signal,
        dispatcher: agentFor(url),
      });
    } catch (error) {
      throw CalendarFault.fromNetwork(error, url.host, limits.timeoutMs);
    }
    if (answer.status >= 300 && answer.status < 400) {
      await answer.body?.cancel();
      throw new CalendarFault(
        'redirected',
        `the calendar redirects to ${answer.headers.get('location') ?? 'another address'}: connect that address instead`,
      );
    }
    const body = await readCapped(
      answer.body as ReadableStream<Uint8Array> | null,
      limits.maxBytes,
    ).catch((error: unknown) => {
      throw error instanceof CalendarFault
        ? error
        : CalendarFault.fromNetwork(error, url.host, limits.timeoutMs);
    });
    // A status without a body (204, 205, 304) cannot be given one, even empty.
    const bodiless = [204, 205, 304].includes(answer.status);
    return new Response(bodiless ? null : (body as Uint8Array<ArrayBuffer>), {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.headers as unknown as HeadersInit,
    });
  };
}
