/**
 * nginx terminating TLS on loopback in front of a running proxy, from the shipped snippet
 * (`deploy/nginx.conf`) as `docs/production.md` has firms run it: only its listen address, its
 * certificate and the proxy's port are this machine's. The certificate is self-signed, made with
 * openssl for the run; nginx's pid, logs and temporary files stay in a directory of its own.
 * The caller checks for both tools first (`lacking(…, 'nginx', 'openssl')`, `system-tools.ts`).
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run, stopGroup, waitFor } from '../../proxy/test/fixtures/local-servers.ts';
import { toolPath } from '../../proxy/test/fixtures/system-tools.ts';

/** A running nginx in front of the proxy. */
export interface NginxTls {
  /** `https://127.0.0.1:port`, as browsers reach it. */
  origin: string;
  close(): Promise<void>;
}

/** `deploy/nginx.conf` with this machine's listen address, certificate and proxy port. */
function shippedSnippet(port: number, proxyPort: number, dir: string): string {
  let snippet = readFileSync('deploy/nginx.conf', 'utf8');
  const replace = (pattern: RegExp, by: string) => {
    if (!pattern.test(snippet))
      throw new Error(`deploy/nginx.conf no longer has ${pattern.source}`);
    snippet = snippet.replace(pattern, by);
  };
  replace(/listen 443 ssl;/, `listen 127.0.0.1:${String(port)} ssl;`);
  replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${join(dir, 'cert.pem')};`);
  replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${join(dir, 'key.pem')};`);
  replace(/server 127\.0\.0\.1:\d+;/, `server 127.0.0.1:${String(proxyPort)};`);
  return snippet;
}

/**
 * Starts nginx on `port` (loopback) in front of the proxy listening on `proxyPort`.
 *
 * @example const nginx = await startNginxTls(8443, 8080); // https://127.0.0.1:8443
 */
export async function startNginxTls(port: number, proxyPort: number): Promise<NginxTls> {
  const dir = mkdtempSync(join(tmpdir(), 'nginx-tls-'));
  // Workers run as nobody when the master is root: they must reach their temporary paths.
  chmodSync(dir, 0o755);
  await run(toolPath('openssl'), [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    join(dir, 'key.pem'),
    '-out',
    join(dir, 'cert.pem'),
  ]);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `${kind}_temp_path ${join(dir, kind)};`)
    .join(' ');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off; worker_processes 1; pid ${join(dir, 'nginx.pid')};
events { worker_connections 64; }
http { access_log off; ${temp}
${shippedSnippet(port, proxyPort, dir)}
}
`,
  );
  const child = spawn(
    toolPath('nginx'),
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')],
    {
      detached: true,
      stdio: 'ignore',
    },
  );
  const listening = () =>
    new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve();
      });
      socket.once('error', reject);
    });
  try {
    await waitFor(listening, 'nginx', 10_000);
  } catch (error) {
    await stopGroup(child, 1000);
    throw new Error(`${String(error)}: ${readFileSync(join(dir, 'error.log'), 'utf8')}`);
  }
  return {
    origin: `https://127.0.0.1:${String(port)}`,
    async close() {
      await stopGroup(child, 5000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
