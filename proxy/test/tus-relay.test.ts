/**
 * A tus client nobody here wrote (tus-js-client, in Node) sends a 20 MB PNG to a running proxy
 * through a TCP relay that cuts the connection after every 2 MB it carries, as a phone's uplink
 * drops in a tunnel. The client resumes after each cut from where the proxy says the upload is,
 * so it sends the file about once (at most 1.2 times); the enquiry naming the upload then
 * reaches the stand-in with the file byte for byte.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleConfigPath } from '../../demo/forms/index.ts';
import { startEnquiryApi, type RunningEnquiryApi } from '../../demo/enquiry-api/server.ts';
import { cuttingRelay } from './fixtures/cutting-relay.ts';
import { proxyEnvFor } from './fixtures/proxy-env.ts';
import { ORIGIN, validEnquiry } from './fixtures/proxy-harness.ts';
import { startProxyProcess, waitFor, type ProxyProcess } from './reliability/proxy-process.ts';

const CUT_EVERY = 2 * 1024 * 1024;
const CREDENTIALS = { username: 'relay-test', password: 'relay test password' };

/** A PNG of random pixels, so it does not compress: about 20 MB. */
const noisePng = () =>
  sharp(randomBytes(2600 * 2600 * 3), { raw: { width: 2600, height: 2600, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

describe('a tus client through a connection cut every 2 MB', () => {
  let api: RunningEnquiryApi;
  let proxy: ProxyProcess;
  let proxyUrl: string;
  let relay: ReturnType<typeof cuttingRelay>;
  let relayUrl: string;

  beforeAll(async () => {
    api = await startEnquiryApi({ credentials: CREDENTIALS });
    const dir = mkdtempSync(join(tmpdir(), 'relay-'));
    const config = JSON.parse(readFileSync(exampleConfigPath('law-firm'), 'utf8')) as {
      files: { maxFileBytes: number };
    };
    config.files.maxFileBytes = 25 * 1024 * 1024;
    writeFileSync(join(dir, 'form.json'), JSON.stringify(config));
    proxy = startProxyProcess(
      proxyEnvFor(api, CREDENTIALS, { FORM_CONFIG: join(dir, 'form.json') }),
    );
    proxyUrl = await proxy.listening;
    relay = cuttingRelay(Number(new URL(proxyUrl).port), CUT_EVERY);
    relayUrl = `http://127.0.0.1:${String(await relay.listen())}`;
  }, 60_000);

  afterAll(async () => {
    await relay.close();
    proxy.child.kill('SIGTERM');
    await proxy.exited;
    await api.close();
  });

  it('resumes after every cut, sends the file about once, and the stand-in gets it byte for byte', async () => {
    const png = await noisePng();
    expect(png.byteLength).toBeGreaterThan(20_000_000);
    const { token } = (await (
      await fetch(`${proxyUrl}/api/form-token`, { headers: { origin: ORIGIN } })
    ).json()) as { token: string };

    const location = await new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(png, {
        endpoint: `${relayUrl}/api/uploads`,
        headers: { Origin: ORIGIN },
        metadata: { filename: 'accident.png', filetype: 'image/png', form_token: token },
        retryDelays: [0, 100, 300, 1000],
        onError: reject,
        onSuccess: () => {
          resolve(upload.url ?? '');
        },
      });
      upload.start();
    });
    expect(relay.carried.cuts).toBeGreaterThanOrEqual(9);
    expect(relay.carried.bytes).toBeLessThanOrEqual(1.2 * png.byteLength);

    const form = new FormData();
    const id = location.split('/').pop() ?? '';
    form.append('enquiry', JSON.stringify({ ...validEnquiry(), form_token: token, uploads: [id] }));
    const sent = await fetch(`${proxyUrl}/api/enquiries`, {
      method: 'POST',
      headers: { origin: ORIGIN },
      body: form,
    });
    expect([201, 202]).toContain(sent.status);

    type Inbox = { enquiries: { files: { name: string; url: string }[] }[] };
    const inbox = async () => (await (await fetch(`${api.origin}/inbox.json`)).json()) as Inbox;
    expect(
      await waitFor(async () => (await inbox()).enquiries[0]?.files.length === 1, 30_000),
    ).toBe(true);
    const [file] = (await inbox()).enquiries[0]?.files ?? [];
    expect(file?.name).toBe('accident.png');
    const delivered = Buffer.from(
      await (await fetch(`${api.origin}${file?.url ?? ''}`)).arrayBuffer(),
    );
    expect(delivered.equals(png)).toBe(true);
  }, 120_000);
});
