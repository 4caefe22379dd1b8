/**
 * The widget's two GETs (the configuration when it is not inlined, and the form token), with
 * `fetch`; and the random keys it makes. The submission's own HTTP is in `late/transport.ts`.
 */

/** An answer other than 2xx to a GET. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

/** `GET` a JSON document from the proxy. Credentials are never sent: the proxy needs none. */
export async function getJson<T>(url: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'omit', headers: { accept: 'application/json' } });
  } catch (error) {
    throw new Error(`GET ${url} failed`, { cause: error });
  }
  if (!response.ok) throw new HttpError(response.status);
  return (await response.json()) as T;
}

/**
 * A random UUID v4. `crypto.randomUUID` exists only in secure contexts; a landing page served
 * over plain http still has `getRandomValues`.
 */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
