/** Test data for the outbox, shared by its tests and the delivery tests. */
import { memorySource, readAll } from '../client/byte-source.ts';
import type { EnquiryApiClient } from '../client/enquiry-api-client.ts';
import { EnquiryApiError } from '../client/errors.ts';
import type { NewSubmission } from './store.ts';

export const SAMPLE_PDF = new Uint8Array([
  ...Buffer.from('%PDF-1.7\n'),
  ...Array.from({ length: 2000 }, (_, i) => i % 251),
]);
export const SAMPLE_PNG = new Uint8Array([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  ...Array.from({ length: 500 }, (_, i) => i % 7),
]);

/** A queued submission with two files; override any field. */
export function sampleSubmission(overrides: Partial<NewSubmission> = {}): NewSubmission {
  return {
    reference: 'EQ-TEST-0001',
    receivedAt: 1_000,
    state: 'queued',
    upstream: {
      forename: 'Ada',
      surname: 'Lovelace',
      telephone_mobile: '',
      email: 'ada@example.com',
      case_type: 'conveyancing',
      meta: [{ id: 'transaction', label: 'Are you buying or selling?', value: 'Buying' }],
      marketing_lead_referer: '',
      marketing_campaign: 'spring-2027',
      marketing_keywords: '',
      marketing_detail: '',
    },
    files: [
      {
        name: 'plan.pdf',
        postname: 'plan.pdf',
        mime: 'application/pdf',
        content: memorySource(SAMPLE_PDF),
        size: SAMPLE_PDF.byteLength,
        sha256: 'a',
      },
      {
        name: 'photo.png',
        postname: 'photo.png',
        mime: 'image/png',
        content: memorySource(SAMPLE_PNG),
        size: SAMPLE_PNG.byteLength,
        sha256: 'b',
      },
    ],
    ...overrides,
  };
}

/** One call the fake enquiry API received. */
export interface ApiCall {
  endpoint: 'create' | 'upload';
  postId?: number;
  name?: string;
  bytes?: Uint8Array;
}

/**
 * A fake enquiry API client: `answer` decides each call's fate (return an id, throw an
 * EnquiryApiError, or wait on a promise); every call is recorded.
 */
export function fakeClient(answer: (call: ApiCall, n: number) => number | Promise<number>): {
  client: EnquiryApiClient;
  calls: ApiCall[];
} {
  const calls: ApiCall[] = [];
  const record = (call: ApiCall) => {
    calls.push(call);
    return answer(call, calls.length);
  };
  return {
    calls,
    client: {
      createEnquiry: async () => record({ endpoint: 'create' }),
      uploadFile: async (postId, file) => {
        const bytes = file.bytes instanceof Uint8Array ? file.bytes : await readAll(file.bytes);
        return record({ endpoint: 'upload', postId, name: file.name, bytes });
      },
    },
  };
}

/** Builds the errors the real client throws. */
export const apiError = (
  kind: EnquiryApiError['kind'],
  endpoint: 'create' | 'upload',
  extra: {
    status?: number;
    outcomeUnknown?: boolean;
    retryAfterMs?: number;
    parameter?: string;
  } = {},
) =>
  new EnquiryApiError(`${endpoint} failed (${kind})`, {
    kind,
    endpoint,
    outcomeUnknown: false,
    ...extra,
  });
