/**
 * The typed client of the enquiry API: create an enquiry, then upload its files one by one, and
 * a probe that proves the address, the route and the login without creating anything.
 *
 * @example
 * const api = createEnquiryApiClient({ baseUrl, username, password });
 * const postId = await api.createEnquiry(enquiry);
 * await api.uploadFile(postId, { name: 'plan.pdf', mime: 'application/pdf', postname: 'plan.pdf', bytes });
 */
import { endpointUrl } from './endpoint.ts';
import { interpret } from './interpret.ts';
import { errorFromNetwork } from './network-errors.ts';
import { AnswerUnreadableError, readAnswer, type Answer } from './read-answer.ts';
import { createScrubber } from './scrub.ts';
import {
  byteLength,
  uploadFileSchema,
  upstreamEnquirySchema,
  type UploadFile,
  type UpstreamEnquiry,
} from './schemas.ts';
import { callLimit } from './call-limit.ts';
import { poolTransport, type AnswerHeaders, type Incoming, type Transport } from './transport.ts';
import { uploadBody } from './upload-body.ts';

/** How much longer an upload may take per MiB of its file, by default. */
const UPLOAD_MS_PER_MIB = 2000;

/**
 * The longest one call may take: the timeout, plus the upload allowance for the largest file
 * allowed. A delivery's lease on a step outlasts this, so only a dead holder loses it.
 *
 * @example longestCallMs(30_000, 10 * 1024 * 1024) // 50_000
 */
export const longestCallMs = (timeoutMs: number, maxFileBytes: number) =>
  timeoutMs + Math.ceil((maxFileBytes / (1024 * 1024)) * UPLOAD_MS_PER_MIB);

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
  /** Told the first time each kind of PHP notice comes before an answer's JSON. */
  onNotice?: (notice: { kind: string; endpoint: 'create' | 'upload'; sample: string }) => void;
  /** Told of every answer's status (metrics); `0` when none came (a network error). */
  onAnswer?: (answer: { endpoint: 'create' | 'upload'; status: number }) => void;
  /** How requests leave; the shared keep-alive pool by default (`transport.ts`). */
  transport?: Transport;
}

/** The two operations of the enquiry API (spec section 4). */
export interface EnquiryApiClient {
  /** Creates the enquiry and returns its id (`post_id` for uploads). */
  createEnquiry(enquiry: UpstreamEnquiry, signal?: AbortSignal): Promise<number>;
  /** Attaches one file to an enquiry and returns the integer the API answers with. */
  uploadFile(postId: number, file: UploadFile, signal?: AbortSignal): Promise<number>;
}

/** What a raw call returned: the status, the headers and the (bounded) answer. */
export interface RawAnswer {
  status: number;
  headers: AnswerHeaders;
  answer: Answer;
}

/** The client, and the raw call the startup check uses. */
export interface EnquiryApiClientWithProbe extends EnquiryApiClient {
  /**
   * POSTs `body` to `create` and returns what came back, uninterpreted: for the check, which
   * sends `{}` (a create without `forename` creates nothing).
   */
  rawCreate(body: string, signal?: AbortSignal): Promise<RawAnswer>;
}

/** How long one call may take, by default. */
const DEFAULT_TIMEOUT_MS = 30_000;

/** A client for the enquiry API at `options.baseUrl` (see the file's example). */
export function createEnquiryApiClient(
  options: EnquiryApiClientOptions,
): EnquiryApiClientWithProbe {
  const send = options.transport ?? poolTransport;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const uploadMsPerMiB = options.uploadMsPerMiB ?? UPLOAD_MS_PER_MIB;
  const scrub = createScrubber(options);
  const noticed = new Set<string>();
  // Built once; kept out of every message and log line by construction (and by `scrub`).
  const authorization = `Basic ${Buffer.from(`${options.username}:${options.password}`, 'utf8').toString('base64')}`;

  // Each endpoint's address, worked out at its first call rather than parsed again each time.
  const urls: Partial<Record<'create' | 'upload', string>> = {};

  async function call(
    endpoint: 'create' | 'upload',
    body: { stream: AsyncIterable<Uint8Array> | string; length: number },
    attemptMs: number,
    signal?: AbortSignal,
  ): Promise<RawAnswer> {
    const limit = callLimit(attemptMs, signal);
    let response: Incoming;
    try {
      response = await send({
        url: (urls[endpoint] ??= endpointUrl(options.baseUrl, endpoint)),
        headers: {
          authorization,
          'content-type': 'application/json',
          accept: 'application/json',
          // No compressed answers: an answer is read only up to a cap, and a gzip bomb would
          // cost the decompressing before the cap applied.
          'accept-encoding': 'identity',
          'content-length': String(body.length),
        },
        body: body.stream,
        // A redirect is a configuration error, said as such (see interpret.ts), not followed.
        signal: limit.signal,
      });
    } catch (error) {
      limit.end();
      throw errorFromNetwork(endpoint, error, limit.timedOut());
    }
    try {
      return {
        status: response.status,
        headers: response.headers,
        answer: await readAnswer(response.body),
      };
    } catch (error) {
      if (!(error instanceof AnswerUnreadableError)) throw error;
      // A 2xx whose body broke off: the step was done (see interpret.ts, "without a readable
      // id"). Anything else: as unknown as a dropped connection.
      if (response.status >= 200 && response.status < 300) {
        const empty: Answer = { text: '', truncated: true, html: false, notices: [] };
        return { status: response.status, headers: response.headers, answer: empty };
      }
      throw errorFromNetwork(endpoint, error, limit.timedOut());
    } finally {
      limit.end();
    }
  }

  async function post(
    endpoint: 'create' | 'upload',
    body: { stream: AsyncIterable<Uint8Array> | string; length: number },
    attemptMs: number,
    signal?: AbortSignal,
  ): Promise<number> {
    const { status, headers, answer } = await call(endpoint, body, attemptMs, signal).catch(
      (error: unknown) => {
        options.onAnswer?.({ endpoint, status: 0 });
        throw error;
      },
    );
    options.onAnswer?.({ endpoint, status });
    for (const kind of answer.notices) {
      if (noticed.has(kind)) continue;
      noticed.add(kind);
      options.onNotice?.({ kind, endpoint, sample: scrub.text(answer.text, 300) });
    }
    return interpret({ endpoint, status, headers, answer, scrub });
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
    rawCreate: (body, signal) =>
      call('create', { stream: body, length: Buffer.byteLength(body) }, timeoutMs, signal),
  };
}
