/**
 * Drives many submissions through a running proxy and checks, at the stand-in enquiry API,
 * that each accepted one arrived with its files: shared by the fault-injection suite and the
 * crash test.
 */
import { createHash } from 'node:crypto';
import type { RunningEnquiryApi } from '../../../demo/enquiry-api/server.ts';
import { createFormTokens } from '../../http/bots/form-token.ts';
import { TEST_FORM_TOKEN_SECRET } from '../fixtures/proxy-env.ts';
import { ORIGIN, sampleFiles, validEnquiry } from '../fixtures/proxy-harness.ts';
import { fetchInbox, type InboxEnquiry } from '../../../demo/enquiry-api/inbox.ts';

export interface SentSubmission {
  n: number;
  status: number;
  reference: string;
  files: { name: string; sha256: string }[];
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The files of submission `n`: one or two, of different kinds, with bytes unique to `n`. */
function filesFor(n: number): { name: string; bytes: Uint8Array }[] {
  const stamp = (bytes: Uint8Array) => {
    new DataView(bytes.buffer, bytes.byteOffset).setUint32(bytes.length - 4, n);
    return bytes;
  };
  const pdf = { name: `plan-${n}.pdf`, bytes: stamp(sampleFiles.pdf(2000 + (n % 7) * 1000)) };
  return n % 2 === 0
    ? [pdf, { name: `photo-${n}.png`, bytes: stamp(sampleFiles.png(1500)) }]
    : [pdf];
}

/** Sends submissions `from` to `to - 1`, `concurrency` at a time, each marked with `runId`. */
export async function sendSubmissions(
  proxyUrl: string,
  range: { from: number; to: number },
  options: { concurrency: number; runId: string },
): Promise<SentSubmission[]> {
  // One token per enquiry, as each visitor's form gets its own (a token is spent by one).
  const tokens = createFormTokens(TEST_FORM_TOKEN_SECRET);
  const results: SentSubmission[] = [];
  let next = range.from;
  const worker = async () => {
    while (next < range.to) {
      const n = next;
      next += 1;
      const files = filesFor(n);
      const form = new FormData();
      const answers = { ...validEnquiry().answers, notes: `${options.runId}:${n}` };
      const enquiry = { ...validEnquiry(), answers, form_token: tokens.issue() };
      form.append('enquiry', JSON.stringify(enquiry));
      for (const file of files)
        form.append('files', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name));
      const response = await fetch(`${proxyUrl}/api/enquiries`, {
        method: 'POST',
        body: form,
        headers: { origin: ORIGIN, 'idempotency-key': `${options.runId}-${n}` },
      });
      const body = (await response.json()) as { reference?: string };
      results.push({
        n,
        status: response.status,
        reference: body.reference ?? '',
        files: files.map((f) => ({ name: f.name, sha256: sha(f.bytes) })),
      });
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return results.sort((a, b) => a.n - b.n);
}

/** What the stand-in holds for this run: enquiries by the submission number in their notes. */
export async function arrivals(
  api: RunningEnquiryApi,
  runId: string,
): Promise<Map<number, InboxEnquiry[]>> {
  const byN = new Map<number, InboxEnquiry[]>();
  for (const enquiry of await fetchInbox(api.origin)) {
    const notes = enquiry.meta.find((m) => m.id === 'notes')?.value ?? '';
    if (!notes.startsWith(`${runId}:`)) continue;
    const n = Number(notes.slice(runId.length + 1));
    byN.set(n, [...(byN.get(n) ?? []), enquiry]);
  }
  return byN;
}

export interface Reconciliation {
  accepted: number;
  /** Accepted submissions whose recorded enquiry holds every file, byte for byte. */
  deliveredIntact: number;
  lost: string[];
  /** Extra enquiries the platform holds for a submission (a create retried after an unknown outcome). */
  duplicateEnquiries: number;
  /** Extra copies of files on the recorded enquiries (an upload retried after an unknown outcome). */
  duplicateUploads: number;
}

/**
 * Matches what was accepted against what arrived. `enquiryIdOf` gives the enquiry id the
 * proxy recorded for a reference.
 */
export function reconcile(
  sent: readonly SentSubmission[],
  arrived: Map<number, InboxEnquiry[]>,
  enquiryIdOf: (reference: string) => number | null,
): Reconciliation {
  const accepted = sent.filter((s) => s.status === 201 || s.status === 202);
  const lost: string[] = [];
  let duplicateEnquiries = 0;
  let duplicateUploads = 0;
  for (const submission of accepted) {
    const copies = arrived.get(submission.n) ?? [];
    duplicateEnquiries += Math.max(0, copies.length - 1);
    const recorded = copies.find((copy) => copy.id === enquiryIdOf(submission.reference));
    const hashes = recorded?.files.map((f) => f.sha256) ?? [];
    if (!recorded || !submission.files.every((f) => hashes.includes(f.sha256)))
      lost.push(submission.reference);
    duplicateUploads += Math.max(0, hashes.length - submission.files.length);
  }
  return {
    accepted: accepted.length,
    deliveredIntact: accepted.length - lost.length,
    lost,
    duplicateEnquiries,
    duplicateUploads,
  };
}

/** Polls `check` until it returns true or `timeoutMs` passes. */
export async function waitUntil(
  check: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 100,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return check();
}
