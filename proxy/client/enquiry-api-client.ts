/**
 * The typed client of the enquiry API: create an enquiry, then upload its files one by one.
 *
 * @example
 * const api = createEnquiryApiClient({ baseUrl, username, password });
 * const postId = await api.createEnquiry(enquiry);
 * await api.uploadFile(postId, { name: 'plan.pdf', mime: 'application/pdf', postname: 'plan.pdf', bytes });
 */
import { EnquiryApiError, errorFromNetwork, errorFromResponse } from './errors.ts';
import {
  byteLength,
  successEnvelopeSchema,
  uploadFileSchema,
  upstreamEnquirySchema,
  type UploadFile,
  type UpstreamEnquiry,
} from './schemas.ts';
import { uploadBody } from './upload-body.ts';

/** Where the enquiry API is and how to log in. */
export interface EnquiryApiClientOptions {
  /** The service root including the version, e.g. `https://crm.example.com/wp-json/acme/v1`. */
  baseUrl: string;
  username: string;
  /** The account password or an application password. */
  password: string;
  /** Per attempt; a hung platform must not hold a delivery forever. Default 30 s. */
  timeoutMs?: number;
  /** Uploads of large files get longer: this many extra ms per MiB of file. Default 2000. */
  uploadMsPerMiB?: number;
  fetch?: typeof globalThis.fetch;
}

/** The two operations of the enquiry API (spec section 4). */
export interface EnquiryApiClient {
  /** Creates the enquiry and returns its id (`post_id` for uploads). */
  createEnquiry(enquiry: UpstreamEnquiry, signal?: AbortSignal): Promise<number>;
  /** Attaches one file to an enquiry and returns the integer the API answers with. */
  uploadFile(postId: number, file: UploadFile, signal?: AbortSignal): Promise<number>;
}

/** How long one call may take, by default. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** A client for the enquiry API at `options.baseUrl` (see the file's example). */
export function createEnquiryApiClient(options: EnquiryApiClientOptions): EnquiryApiClient {
  const root = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const uploadMsPerMiB = options.uploadMsPerMiB ?? 2000;
  // Built once; kept out of every message and log line by construction.
  const authorization = `Basic ${Buffer.from(`${options.username}:${options.password}`, 'utf8').toString('base64')}`;

  async function post(
    endpoint: 'create' | 'upload',
    body: { stream: ReadableStream<Uint8Array> | string; length: number },
    attemptMs: number,
    signal?: AbortSignal,
  ): Promise<number> {
    const timeout = AbortSignal.timeout(attemptMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await doFetch(`${root}/enquiries/${endpoint}`, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/json',
          accept: 'application/json',
          'content-length': String(body.length),
        },
        body: body.stream,
        // Needed by fetch for a streamed request body.
        ...(typeof body.stream === 'string' ? {} : { duplex: 'half' }),
        signal: combined,
        redirect: 'error',
      });
    } catch (error) {
      throw errorFromNetwork(endpoint, error, timeout.aborted);
    }
    const answer = await readJson(response, endpoint, timeout);
    if (response.ok) {
      // Any 2xx means the step was done: read the id leniently, and never send it again blindly.
      const success = successEnvelopeSchema.safeParse(answer);
      if (success.success) return success.data.result;
      throw new EnquiryApiError(
        `enquiry API answered ${response.status} on ${endpoint} without a readable id`,
        {
          kind: 'unknown',
          endpoint,
          status: response.status,
          body: answer,
          outcomeUnknown: true,
          answeredSuccess: true,
        },
      );
    }
    throw errorFromResponse(endpoint, response.status, answer, response.headers.get('retry-after'));
  }

  return {
    async createEnquiry(enquiry, signal) {
      const json = JSON.stringify(upstreamEnquirySchema.parse(enquiry));
      return post('create', { stream: json, length: Buffer.byteLength(json) }, timeoutMs, signal);
    },
    async uploadFile(postId, file, signal) {
      const checked = uploadFileSchema.parse(file);
      const mib = byteLength(checked.bytes) / (1024 * 1024);
      return post(
        'upload',
        uploadBody(postId, checked),
        timeoutMs + Math.ceil(mib * uploadMsPerMiB),
        signal,
      );
    },
  };
}

/** The body as JSON, or its first 2 KB as text when it is not JSON (kept for the logs). */
async function readJson(
  response: Response,
  endpoint: 'create' | 'upload',
  timeout: AbortSignal,
): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // The status arrived but the body did not: the outcome is as unknown as a dropped connection.
    throw errorFromNetwork(endpoint, error, timeout.aborted);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text.slice(0, 2048);
  }
}

export { EnquiryApiError };
