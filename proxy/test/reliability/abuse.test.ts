/**
 * One unfriendly client, a full disk, and retries racing deliveries, against a real proxy on
 * loopback: six trickling uploads from one address hold up none of 50 visitors; the disk
 * filling up costs a 503, never a 500 or a lost enquiry; and however retries race, each enquiry
 * is created upstream once.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnquiryApi, type RunningEnquiryApi } from '../../../demo/enquiry-api/server.ts';
import { loadProxyEnv } from '../../env.ts';
import { createFormTokens } from '../../http/bots/form-token.ts';
import { createMemoryLogger } from '../fixtures/memory-logger.ts';
import { waitFor } from '../fixtures/proxy-child.ts';
import { startProxy, type RunningProxy } from '../../server.ts';
import { adminStatus, proxyEnvFor, TEST_FORM_TOKEN_SECRET } from '../fixtures/proxy-env.ts';
import { onSmallDisk, ROOT } from '../fixtures/small-disk.ts';
import { ORIGIN, sampleFiles, validEnquiry } from '../fixtures/proxy-harness.ts';
import { enquiryPart, filePart, multipartBody, multipartType } from '../fuzz/multipart.ts';
import { arrivals } from './load.ts';

const CREDENTIALS = { username: 'abuse-test', password: 'abuse test password' };
const tokens = createFormTokens(TEST_FORM_TOKEN_SECRET);
const BOUNDARY = 'abuse-boundary';
let api: RunningEnquiryApi;

beforeAll(async () => {
  api = await startEnquiryApi({ credentials: CREDENTIALS });
});
afterAll(async () => api.close());

const bodyFor = (run: string, n: number, fileBytes = 0) => {
  const answers = { ...validEnquiry().answers, notes: `${run}:${n}` };
  const json = JSON.stringify({ ...validEnquiry(), answers, form_token: tokens.issue() });
  const files = fileBytes > 0 ? [filePart(`plan-${n}.pdf`, sampleFiles.pdf(fileBytes))] : [];
  return multipartBody(BOUNDARY, [enquiryPart(json), ...files]);
};

/** POSTs a body from a given loopback address; resolves with the status. */
function post(
  url: string,
  body: Uint8Array,
  from: string,
  headers: Record<string, string> = {},
): { sent: ClientRequest; status: Promise<number> } {
  const target = new URL(`${url}/api/enquiries`);
  let sent!: ClientRequest;
  const status = new Promise<number>((resolve, reject) => {
    sent = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        localAddress: from,
        headers: { origin: ORIGIN, 'content-type': multipartType(BOUNDARY), ...headers },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    sent.on('error', reject);
  });
  if (body.byteLength > 0) sent.end(body);
  return { sent, status };
}

async function proxyWith(dataDir: string, extra: Record<string, string> = {}) {
  const logs = createMemoryLogger('info');
  const env = loadProxyEnv(proxyEnvFor(api, CREDENTIALS, { DATA_DIR: dataDir, ...extra }));
  return { proxy: await startProxy(env, logs.log), logs };
}

describe('one address trickling uploads', () => {
  it('holds up none of 50 enquiries from other addresses', async () => {
    const { proxy } = await proxyWith(mkdtempSync(join(tmpdir(), 'trickle-')), {
      MAX_UPLOADS_PER_CLIENT: '4',
      MAX_CONNECTIONS_PER_CLIENT: '16',
      MAX_IN_FLIGHT_BYTES: String(2 * 1024 * 1024),
    });
    const run = `trickle-${Date.now()}`;
    // Six uploads from 127.0.0.9 that each declare 40 MB and send a few bytes a second. Which
    // two of them the proxy refuses depends on the order their connections reach it, so the
    // test notes each answer as it comes rather than expecting it of the fifth and sixth.
    const answered: number[] = [];
    const trickles = Array.from({ length: 6 }, () => {
      const upload = post(proxy.url, new Uint8Array(), '127.0.0.9', {
        'content-length': String(40 * 1024 * 1024),
      });
      upload.sent.flushHeaders();
      // Cut off by the test at the end (a 0): that is how a trickle ends.
      void upload.status.then(
        (status) => answered.push(status),
        () => undefined,
      );
      return upload;
    });
    const drip = setInterval(() => {
      for (const { sent } of trickles) if (!sent.destroyed) sent.write(`--${BOUNDARY}`.slice(0, 4));
    }, 500);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    const visitors = await Promise.all(
      Array.from(
        { length: 50 },
        (_, n) => post(proxy.url, bodyFor(run, n, 20_000), `127.0.0.${10 + n}`).status,
      ),
    );
    const ms = Date.now() - started;
    // The two past the four allowed were told at once; the four still trickle. The two answers
    // are awaited as a person would (up to 2 s more), then a moment for a wrong third answer.
    await waitFor(() => answered.length >= 2, 2000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    clearInterval(drip);
    const refused = [...answered];
    for (const { sent } of trickles) sent.destroy();
    await proxy.close();
    console.log(
      `six trickling uploads from one address, 50 visitors: ${JSON.stringify(countBy(visitors))} in ${ms} ms; the uploads answered while trickling: ${refused.join(', ')}`,
    );
    expect(visitors.every((status) => status === 201 || status === 202)).toBe(true);
    expect(refused).toEqual([429, 429]);
  }, 60_000);
});

describe('a full disk', () => {
  /** Runs `use` with a proxy whose DATA_DIR is on a tmpfs of `size` (mounted, then unmounted). */
  const proxyOnSmallDisk = (
    size: string,
    use: (proxy: RunningProxy, mount: string) => Promise<void>,
  ) =>
    onSmallDisk(size, async ({ mount, dataDir }) => {
      const { proxy } = await proxyWith(dataDir);
      try {
        await use(proxy, mount);
      } finally {
        await proxy.close();
      }
    });

  it.runIf(ROOT)(
    'answers 503 with Retry-After and shows in health, then takes enquiries again',
    () =>
      proxyOnSmallDisk('3m', async (proxy, mount) => {
        const run = `full-${Date.now()}`;
        expect(await post(proxy.url, bodyFor(run, 0, 1000), '127.0.0.1').status).toBe(201);
        // Fill what is left of the disk.
        const filler = join(mount, 'filler');
        try {
          writeFileSync(filler, Buffer.alloc(4 * 1024 * 1024));
        } catch {
          // ENOSPC: the disk is as full as it gets.
        }
        const full = await post(proxy.url, bodyFor(run, 1, 300_000), '127.0.0.1').status;
        const health = await healthOf(proxy.url);
        const publicStatus = (await fetch(`${proxy.url}/healthz`)).status;
        rmSync(filler);
        const again = await post(proxy.url, bodyFor(run, 2, 300_000), '127.0.0.1').status;
        const after = await healthOf(proxy.url);
        console.log(
          `full disk: answered ${full}, health ${JSON.stringify(health)}; freed: ${again}`,
        );
        expect(full).toBe(503);
        expect(health).toMatchObject({ status: 'failing', storage: 'full' });
        expect(publicStatus).toBe(503);
        expect(again).toBe(201);
        expect(after).toMatchObject({ storage: 'ok' });
        expect(after.status).not.toBe('failing');
      }),
    30_000,
  );

  it.runIf(ROOT)(
    'answers 503 storage_full, not 500, when the disk fills while a file is being written',
    () =>
      proxyOnSmallDisk('2m', async (proxy) => {
        // Room for the outbox and part of the file, not all of it.
        const answer = await fetch(`${proxy.url}/api/enquiries`, {
          method: 'POST',
          headers: { origin: ORIGIN, 'content-type': multipartType(BOUNDARY) },
          body: bodyFor(`part-${String(Date.now())}`, 0, 3 * 1024 * 1024).slice(),
        });
        expect(answer.status).toBe(503);
        expect(answer.headers.get('retry-after')).toBe('60');
        expect(await answer.json()).toMatchObject({ error: 'storage_full' });
      }),
    30_000,
  );
});

describe('retries racing deliveries', () => {
  it('creates each enquiry upstream once, however many times and ways it is retried', async () => {
    api.faults.set({ latencyMs: 80 });
    const { proxy }: { proxy: RunningProxy } = await proxyWith(
      mkdtempSync(join(tmpdir(), 'once-')),
      {
        DELIVERY_DEADLINE_MS: '50',
        RETRY_BASE_MS: '20',
      },
    );
    const run = `once-${Date.now()}`;
    const ENQUIRIES = 20;
    // Each enquiry sent five times at once under its key, and again after a pause.
    const bodies = Array.from({ length: ENQUIRIES }, (_, n) => bodyFor(run, n, 500));
    const send = (n: number) =>
      post(proxy.url, bodies[n] ?? new Uint8Array(), '127.0.0.1', {
        'idempotency-key': `${run}-${n}`,
      }).status;
    const first = await Promise.all(bodies.flatMap((_, n) => [0, 1, 2, 3, 4].map(() => send(n))));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await Promise.all(bodies.map((_, n) => send(n)));
    const all = await waitUntilArrived(run, ENQUIRIES);
    api.faults.reset();
    await proxy.close();
    const copies = [...all.values()].map((list) => list.length);
    console.log(
      `retries racing deliveries: answers ${JSON.stringify(countBy([...first, ...second]))}, creates per enquiry ${JSON.stringify(countBy(copies))}`,
    );
    expect([...first, ...second].every((s) => [201, 202, 409].includes(s))).toBe(true);
    expect(all.size).toBe(ENQUIRIES);
    expect(copies.every((count) => count === 1)).toBe(true);
  }, 60_000);
});

async function waitUntilArrived(run: string, count: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const arrived = await arrivals(api, run);
    if (arrived.size >= count || Date.now() > deadline) {
      // A moment more, so that a second create would have arrived too.
      await new Promise((resolve) => setTimeout(resolve, 500));
      return arrivals(api, run);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function healthOf(url: string) {
  return adminStatus(url);
}

function countBy(values: readonly number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
