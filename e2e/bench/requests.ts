/**
 * The request bodies the benchmarks send: the proxy's multipart submission (as the widget
 * sends it) and the enquiry API's JSON create body (what the proxy sends upstream for the same
 * enquiry), both from the one valid enquiry the tests use.
 */
import { lawFirm } from '../../demo/forms/index.ts';
import { enquiryPartSchema } from '../../proxy/contract/schemas/enquiry-part.ts';
import type { SubmitResponse } from '../../proxy/contract/wire.ts';
import { buildUpstreamEnquiry } from '../../proxy/intake/upstream-enquiry.ts';
import { createFormTokens } from '../../proxy/http/bots/form-token.ts';
import { TEST_FORM_TOKEN_SECRET } from '../../proxy/test/fixtures/proxy-env.ts';
import { ORIGIN, validEnquiry } from '../../proxy/test/fixtures/proxy-harness.ts';

export interface BenchFile {
  name: string;
  bytes: Uint8Array;
}

export interface EncodedBody {
  contentType: string;
  bytes: Buffer;
  /**
   * A form token inside `bytes`: every request sends a fresh one in its place, since a token
   * is spent by the one enquiry that uses it (a replayed body would be refused).
   */
  token?: { inBody: string; issue: () => string };
}

const benchTokens = createFormTokens(TEST_FORM_TOKEN_SECRET);

/**
 * The submission with a fresh form token in each request, issued as the proxy would (its secret
 * is the tests' `TEST_FORM_TOKEN_SECRET`, and the benchmarks run with `MIN_FILL_SECONDS=0`).
 */
export async function submissionEachFresh(files: readonly BenchFile[] = []): Promise<EncodedBody> {
  const token = benchTokens.issue();
  return {
    ...(await submissionBytes(token, files)),
    token: { inBody: token, issue: () => benchTokens.issue() },
  };
}

/** A form token from the proxy (valid at once: the benchmarks run with `MIN_FILL_SECONDS=0`). */
export async function formToken(proxyOrigin: string): Promise<string> {
  const response = await fetch(`${proxyOrigin}/api/form-token`);
  const { token } = (await response.json()) as { token: string };
  return token;
}

/** `POST /api/enquiries` as the widget sends it: the enquiry part, then one part per file. */
export function submissionForm(token: string, files: readonly BenchFile[] = []): FormData {
  const form = new FormData();
  form.append('enquiry', JSON.stringify({ ...validEnquiry(), form_token: token }));
  for (const file of files)
    form.append('files', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name));
  return form;
}

/** The same submission as bytes with its boundary, for a load generator to replay. */
export async function submissionBytes(
  token: string,
  files: readonly BenchFile[] = [],
): Promise<EncodedBody> {
  const request = new Request('http://127.0.0.1/', {
    method: 'POST',
    body: submissionForm(token, files),
  });
  return {
    contentType: request.headers.get('content-type') ?? '',
    bytes: Buffer.from(await request.arrayBuffer()),
  };
}

/** The create body (spec section 2.1) the proxy sends upstream for `validEnquiry()`. */
export function createBody(): EncodedBody {
  const upstream = buildUpstreamEnquiry(
    lawFirm,
    enquiryPartSchema.parse(validEnquiry()),
    Date.now(),
  );
  return { contentType: 'application/json', bytes: Buffer.from(JSON.stringify(upstream)) };
}

/** Sends one submission through the proxy and reads its answer. */
export async function submit(
  proxyOrigin: string,
  form: FormData,
): Promise<{ status: number; body: SubmitResponse }> {
  const response = await fetch(`${proxyOrigin}/api/enquiries`, {
    method: 'POST',
    body: form,
    headers: { origin: ORIGIN },
  });
  return { status: response.status, body: (await response.json()) as SubmitResponse };
}
