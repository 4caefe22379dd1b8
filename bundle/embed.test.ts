import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { lawFirm } from '../demo/forms/index.ts';
import { publicConfig } from '../proxy/contract/public-config.ts';
import { DRAWN_CSS } from './embed-code.ts';

let server: Server | undefined;
afterEach(() => {
  server?.close();
  server = undefined;
});

/** A proxy's `GET /api/form`, answering `status` with `body`. */
async function proxyAnswering(status: number, body: unknown): Promise<string> {
  server = createServer((request, response) => {
    response.writeHead(request.url === '/api/form' ? status : 404, {
      'content-type': 'application/json',
    });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** `npm run embed -- ...args` (asynchronously: the proxy answers from this very process). */
const embed = (...args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', 'bundle/embed.ts', ...args], {
    encoding: 'utf8',
    timeout: 30_000,
  }).then(
    ({ stdout, stderr }) => ({ status: 0, stdout, stderr }),
    (error: unknown) => ({ status: 1, stdout: '', ...(error as { code: number; stderr: string }) }),
  );

describe('npm run embed', () => {
  it('prints the embed code for the proxy’s configuration, and the style hash a CSP needs', async () => {
    const proxy = await proxyAnswering(200, publicConfig(lawFirm, { minFillSeconds: 3 }));
    const run = await embed(
      '--proxy',
      `${proxy}/`,
      '--case-type',
      'conveyancing',
      '--attribute',
      'campaign=a=b',
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`<script type="module" src="${proxy}/enquiry-form.js"></script>`);
    expect(run.stdout).toContain('<enquiry-form case-type="conveyancing" campaign="a=b">');
    expect(run.stdout).toContain('Are you buying or selling?');
    const hash = createHash('sha256').update(DRAWN_CSS).digest('base64');
    expect(run.stderr).toContain(`style-src 'sha256-${hash}'`);
  });

  it('says what went wrong when the proxy refuses, and how to call it without --proxy', async () => {
    const proxy = await proxyAnswering(403, { error: 'origin_not_allowed' });
    const refused = await embed('--proxy', proxy);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain(`${proxy}/api/form answered 403`);
    const usage = await embed();
    expect(usage.status).not.toBe(0);
    expect(usage.stderr).toContain('Usage: npm run embed -- --proxy');
  });
});
