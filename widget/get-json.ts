/**
 * The widget's two GETs (the configuration when it is not inlined, and the form token), with
 * `fetch`. The submission's own HTTP is in `late/transport.ts`.
 */

/** An answer other than 2xx to a GET. */
export class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

/**
 * `GET` a JSON document from the proxy. Credentials are never sent: the proxy needs none. No
 * answer at all rejects as `fetch` does; both callers only tell a refusal (`HttpError`) from
 * the rest.
 */
export async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, {
    credentials: 'omit',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new HttpError(response.status);
  return (await response.json()) as T;
}
