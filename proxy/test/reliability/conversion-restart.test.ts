/**
 * Transient is not final, and nothing is left behind: a real proxy process converting a
 * document (real soffice in its box) is stopped with SIGTERM, or killed with SIGKILL, or runs
 * out of temporary disk; each time the document stays queued and, after a restart or once
 * space returns, reaches the stand-in as a PDF. After the SIGKILL, no LibreOffice of the dead
 * proxy runs on and none of its job folders stays. Skipped, saying why, without LibreOffice and
 * its box.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnquiryApi, type RunningEnquiryApi } from '../../../demo/enquiry-api/server.ts';
import { createFormTokens } from '../../http/bots/form-token.ts';
import { documentsLacking } from '../fixtures/document-converter.ts';
import { hugeRtf } from '../fixtures/hostile-documents.ts';
import { ORIGIN, validEnquiry } from '../fixtures/proxy-harness.ts';
import { adminStatus, proxyEnvFor, TEST_FORM_TOKEN_SECRET } from '../fixtures/proxy-env.ts';
import { watchSoffice } from '../fixtures/soffice-watch.ts';
import { kill, startProxyProcess, waitFor, type ProxyProcess } from './proxy-process.ts';
import { fetchInbox } from '../../../demo/enquiry-api/inbox.ts';

const noDocuments = documentsLacking();
const CREDENTIALS = { username: 'conversion-restart', password: 'conversion restart password' };
/** An RTF LibreOffice takes seconds over: long enough to be caught mid-conversion. */
const SLOW_LETTER = hugeRtf(10_000);

let api: RunningEnquiryApi;
beforeAll(async () => {
  api = await startEnquiryApi({ credentials: CREDENTIALS });
});
afterAll(async () => {
  await api.close();
});

/** A proxy process converting documents, its temporary folder `tmp`, on `dataDir`. */
function proxyOn(dataDir: string, tmp: string): ProxyProcess {
  return startProxyProcess(
    proxyEnvFor(api, CREDENTIALS, {
      DATA_DIR: dataDir,
      TMPDIR: tmp,
      CONVERT_DOCUMENTS: '1',
      CONVERT_TIMEOUT_MS: '120000',
      DELIVERY_DEADLINE_MS: '0',
      SHUTDOWN_DRAIN_MS: '0',
      RETRY_BASE_MS: '200',
      RETRY_MAX_DELAY_MS: '1000',
    }),
  );
}

/** Sends one enquiry with `letter.rtf`; its reference. */
async function sendLetter(url: string, letter = SLOW_LETTER): Promise<string> {
  const form = new FormData();
  const enquiry = {
    ...validEnquiry(),
    form_token: createFormTokens(TEST_FORM_TOKEN_SECRET).issue(),
  };
  form.append('enquiry', JSON.stringify(enquiry));
  form.append('files', new File([new Uint8Array(letter)], 'letter.rtf'));
  const response = await fetch(`${url}/api/enquiries`, {
    method: 'POST',
    body: form,
    headers: { origin: ORIGIN },
  });
  expect(response.status).toBe(202);
  return ((await response.json()) as { reference: string }).reference;
}

/** The files of each enquiry the stand-in holds, in the order they arrived. */
async function filesArrived(): Promise<{ name: string; mime: string }[][]> {
  return (await fetchInbox(api.origin)).map((enquiry) => enquiry.files);
}

const outbox = async (url: string) =>
  (await adminStatus<{ outbox: { queued: number; partial: number; delivered: number } }>(url))
    .outbox;

const folders = (tmp: string) => readdirSync(join(tmp, 'enquiry-convert')).sort();

describe.skipIf(noDocuments)('a document being converted when the proxy stops', () => {
  it('is converted and delivered after a SIGTERM and a restart, not refused', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'convert-term-'));
    const tmp = mkdtempSync(join(tmpdir(), 'convert-term-tmp-'));
    const before = (await filesArrived()).length;
    const first = proxyOn(dataDir, tmp);
    await sendLetter(await first.listening);
    const watch = watchSoffice();
    expect(await waitFor(() => watch.seen.size > 0, 60_000)).toBe(true);
    watch.stop();
    await kill(first, 'SIGTERM');

    const second = proxyOn(dataDir, tmp);
    const url = await second.listening;
    expect(
      await waitFor(
        async () =>
          (await filesArrived()).length > before && (await filesArrived())[before]?.length === 1,
        120_000,
        500,
      ),
    ).toBe(true);
    expect((await filesArrived())[before]).toEqual([
      expect.objectContaining({ name: 'letter.pdf', mime: 'application/pdf' }),
    ]);
    expect((await outbox(url)).partial).toBe(0);
    await kill(second, 'SIGTERM');
  }, 240_000);

  it('leaves no LibreOffice running and no job folder after a SIGKILL and a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'convert-kill-'));
    const tmp = mkdtempSync(join(tmpdir(), 'convert-kill-tmp-'));
    const first = proxyOn(dataDir, tmp);
    await sendLetter(await first.listening);
    const watch = watchSoffice();
    expect(await waitFor(() => watch.seen.size > 0, 60_000)).toBe(true);
    watch.stop();
    expect(folders(tmp).some((name) => name.startsWith(`${String(first.pid)}-job-`))).toBe(true);
    await kill(first, 'SIGKILL');

    const second = proxyOn(dataDir, tmp);
    await second.listening;
    const running = () => [...watch.seen].filter((pid) => existsSync(`/proc/${String(pid)}`));
    expect(await waitFor(() => running().length === 0, 10_000)).toBe(true);
    expect(folders(tmp).filter((name) => name.startsWith(`${String(first.pid)}-`))).toEqual([]);
    await kill(second, 'SIGTERM');
  }, 240_000);
});

describe.skipIf(noDocuments)('a full temporary disk', () => {
  const disk = join(tmpdir(), `convert-full-${String(process.pid)}`);
  afterAll(() => {
    execFileSync('umount', [disk]);
    rmSync(disk, { recursive: true, force: true });
  });

  it('leaves the document queued, and it is delivered once space returns', async () => {
    mkdirSync(disk, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', disk]);
    const before = (await filesArrived()).length;
    const proxy = proxyOn(mkdtempSync(join(tmpdir(), 'convert-full-data-')), disk);
    const url = await proxy.listening;
    // Filled after the start, as a disk fills up under a running proxy.
    const filler = join(disk, 'filler');
    try {
      writeFileSync(filler, Buffer.alloc(64 * 1024 * 1024));
    } catch {
      // Full: as meant.
    }
    await sendLetter(url, Buffer.from('{\\rtf1\\ansi A short letter.\\par}'));
    expect(
      await waitFor(
        async () => proxy.messages.includes('delivery failed; will retry'),
        60_000,
        200,
      ),
    ).toBe(true);
    expect(await outbox(url)).toMatchObject({ queued: 1, partial: 0 });

    rmSync(filler);
    expect(
      await waitFor(async () => (await filesArrived())[before]?.length === 1, 120_000, 500),
    ).toBe(true);
    expect((await filesArrived())[before]?.[0]).toMatchObject({ mime: 'application/pdf' });
    expect(await outbox(url)).toMatchObject({ queued: 0, partial: 0, delivered: 1 });
    await kill(proxy, 'SIGTERM');
  }, 240_000);
});
