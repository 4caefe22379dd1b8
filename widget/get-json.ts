/**
 * The widget's two GETs (the configuration when it is not inlined, and the form token), with
 * `fetch`. The submission's own HTTP is in `late/transport.ts`.
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
