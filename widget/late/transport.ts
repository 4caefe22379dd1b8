/**
 * The submission's HTTP: XMLHttpRequest, the one browser API that reports upload progress.
 */
import { retryAfterMs } from '#contract';

/** The request never got an answer: offline, DNS, CORS refusal, connection reset. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

/** Any HTTP answer to the submission. */
export interface PostAnswer {
  status: number;
  /** The parsed JSON body, or `undefined` when it is not JSON (a proxy's HTML error page). */
  body: unknown;
  /** Seconds from now, from `Retry-After` (seconds or an HTTP date), when present. */
  retryAfter: number | undefined;
}

/** The submission's key and who to tell about upload progress. */
export interface PostOptions {
  idempotencyKey: string;
  /** Called with the fraction of the body uploaded so far, 0 to 1. */
  onProgress: (fraction: number) => void;
}

/**
 * `POST` a multipart body. Resolves with any HTTP answer (the caller decides what a status
 * means); rejects with `NetworkError` only when no answer came.
 */
export function postForm(url: string, body: FormData, options: PostOptions): Promise<PostAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Idempotency-Key', options.idempotencyKey);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      resolve({
        status: xhr.status,
        body: parseJson(xhr.responseText),
        retryAfter: secondsFrom(retryAfterMs(xhr.getResponseHeader('Retry-After'))),
      });
    };
    xhr.onerror = () => {
      reject(new NetworkError(`POST ${url} failed`));
    };
    xhr.onabort = xhr.onerror;
    xhr.ontimeout = xhr.onerror;
    xhr.send(body);
  });
}

const secondsFrom = (ms: number | undefined) => (ms === undefined ? undefined : ms / 1000);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** FNV-1a, 32 bits: enough to tell whether a retry sends the same thing, and short to store. */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
