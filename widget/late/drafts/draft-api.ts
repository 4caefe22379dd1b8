/**
 * The saved enquiries' requests to the proxy (`/api/drafts`, `docs/http-api.md`): JSON posts
 * without credentials, each answered with its status, its JSON and when to try again. The id
 * and code travel in bodies, never in an address; the key never travels but in a save, to be
 * written into the emailed link.
 */
import { base64urlOf, DRAFT_FRAGMENT, DRAFT_ID } from '#contract';

/** An answer from the proxy; `status` 0 when none came (offline, refused by CORS). */
export interface DraftAnswer {
  status: number;
  body: Record<string, unknown>;
  /** Seconds, from `Retry-After`. */
  retryAfter: number;
}

/** Posts `body` to `url` as JSON. */
export async function postJson(url: string, body: unknown): Promise<DraftAnswer> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return {
      status: response.status,
      body: json,
      retryAfter: Number(response.headers.get('retry-after')) || 60,
    };
  } catch {
    return { status: 0, body: {}, retryAfter: 0 };
  }
}

/**
 * The draft's id and key from the link's fragment (`#enquiry-draft=<id>.<key>`); null when the
 * fragment names a draft in a shape no link has (copied only in part), undefined when it names
 * none.
 */
export function linkIn(hash: string): { id: string; key: string } | null | undefined {
  const named = new URLSearchParams(hash.slice(1)).get(DRAFT_FRAGMENT);
  if (named === null) return undefined;
  const [id = '', key = ''] = named.split('.');
  return DRAFT_ID.test(id) && base64urlOf(32).test(key) ? { id, key } : null;
}
