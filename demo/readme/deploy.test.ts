/**
 * The deployment files say what the manual promises: nginx leaves room for the largest
 * submission and passes the client's address, its compose twin proxies the same way, the
 * systemd unit verifies, the image runs the compiled proxy as a user, and the production
 * commands are the ones `npm run proxy` needs. nginx and systemd-analyze check the files where
 * they are installed (skipped, saying why, where they are not).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { proxyEnvSchema } from '../../proxy/env.ts';
import { PROXY_NODE_FLAGS } from '../../proxy/test/fixtures/node-flags.ts';
import { maxSubmissionBytes } from '../../proxy/intake/read-multipart.ts';
import { lacking, toolPath } from '../../proxy/test/fixtures/system-tools.ts';
import { lawFirm } from '../forms/index.ts';
import { readManual } from './manual.ts';

const read = (path: string) => readFileSync(path, 'utf8');
const NGINX = read('deploy/nginx.conf');
const COMPOSE_NGINX = read('deploy/compose/nginx.conf');
const DEFAULT_PORT = String(proxyEnvSchema.shape.PORT.parse(undefined));

/** The `location / { … }` block of an nginx file. */
const location = (conf: string) => /location \/ \{[^}]*\}/.exec(conf)?.[0];

/** `nginx -t` on a server block made to listen on loopback without TLS: what it says. */
function nginxSyntax(conf: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'nginx-'));
  const plain = conf
    .replace(/listen (443 ssl|80);/, 'listen 127.0.0.1:18443;')
    .replace(/^\s*ssl_.*$/gm, '')
    .replace(/server proxy-[ab]:/g, 'server 127.0.0.1:');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `pid ${dir}/nginx.pid; error_log ${dir}/error.log; events {} http { access_log off; ${plain} }`,
  );
  return spawnSync(toolPath('nginx'), ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], {
    encoding: 'utf8',
  }).stderr;
}

describe('deployment files', () => {
  it('nginx leaves room for the largest submission and passes the client address', () => {
    const [, size] = /client_max_body_size (\d+)m;/.exec(NGINX) ?? [];
    expect(Number(size) * 1024 * 1024).toBeGreaterThanOrEqual(maxSubmissionBytes(lawFirm.files));
    expect(NGINX).toContain(`server 127.0.0.1:${DEFAULT_PORT};`);
    expect(NGINX).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    // The console's sign-in checks that the browser's https: origin is the proxy's own.
    expect(NGINX).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
    // Uploads stream through: nginx does not hold a whole submission first.
    expect(NGINX).toContain('proxy_request_buffering off;');
  });

  it('the compose stack’s nginx proxies exactly as the manual’s snippet does', () => {
    expect(location(COMPOSE_NGINX)).toBe(location(NGINX));
    expect(COMPOSE_NGINX).toMatch(/client_max_body_size 60m;/);
  });

  it.skipIf(lacking('nginx -t on the nginx files of deploy/', 'nginx'))(
    'both nginx files pass nginx -t',
    () => {
      expect(nginxSyntax(NGINX)).toContain('syntax is ok');
      expect(nginxSyntax(COMPOSE_NGINX)).toContain('syntax is ok');
    },
  );

  it('the systemd unit runs the compiled proxy and is hardened', () => {
    const unit = read('deploy/enquiry-form.service');
    for (const line of [
      `ExecStart=/usr/bin/node ${PROXY_NODE_FLAGS.join(' ')} dist/proxy/main.js`,
      'DynamicUser=yes',
      'StateDirectory=enquiry-form',
      'ProtectSystem=strict',
      'Environment=DATA_DIR=/var/lib/enquiry-form ENV_FILE=%d/env',
    ])
      expect(unit).toContain(line);
  });

  it.skipIf(lacking('systemd-analyze verify on deploy/enquiry-form.service', 'systemd-analyze'))(
    'the systemd unit verifies',
    () => {
      const verify = spawnSync(
        toolPath('systemd-analyze'),
        ['verify', 'deploy/enquiry-form.service'],
        { encoding: 'utf8' },
      );
      expect(`${verify.stdout}${verify.stderr}`.trim()).toBe('');
      expect(verify.status).toBe(0);
    },
  );

  it('the image runs the compiled proxy as an unprivileged user, ready-checked on /readyz', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^FROM node:20-slim AS build$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toContain(
      `CMD ["${['node', ...PROXY_NODE_FLAGS, 'dist/proxy/main.js'].join('", "')}"]`,
    );
    expect(dockerfile).toContain('/readyz');
    expect(dockerfile).toContain(`PORT=${DEFAULT_PORT}`);
    expect(dockerfile).toContain('npm ci --omit=dev');
    const compose = read('compose.yaml');
    expect(compose).toContain('DATABASE_URL: postgres://');
    expect(compose).toContain('./deploy/compose/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
  });

  it('the manual asks for every file of the clone that compose.yaml mounts and the clone lacks', () => {
    const mounted = [...read('compose.yaml').matchAll(/^\s+- (\.\/[^:\s]+):/gm)].map(
      ([, path]) => path ?? '',
    );
    expect(mounted).toContain('./form.json');
    const readme = readManual();
    const composeParagraphs = readme.split('\n\n').filter((text) => text.includes('compose.yaml'));
    for (const path of mounted.filter((each) => !existsSync(each)))
      expect(composeParagraphs.join('\n')).toContain(`\`${path}\``);
  });

  it('the production chapter names only commands a production install runs', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> })
      .scripts;
    const readme = read('docs/production.md');
    // From the production install on: the build before it runs on the full install.
    const from = readme.indexOf('npm ci --omit=dev');
    const section = readme.slice(from, readme.indexOf('\n## ', from));
    const named = [...section.matchAll(/npm run ([\w:-]+)/g)].map(([, name]) => name ?? '');
    expect(named).toEqual(expect.arrayContaining(['proxy', 'outbox']));
    // `npm ci --omit=dev` leaves tsx, vitest and the rest out: only node (its own flags, no
    // loader) and dist/ are there.
    for (const name of new Set(named))
      expect(scripts[name]).toMatch(/^node (--[\w-]+(=[\w.-]+)? )*dist\//);
    expect(section).toMatch(/development tools .* full install \(`npm ci`\)/s);
  });

  it('production runs the compiled proxy with npm run proxy, after the build', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> })
      .scripts;
    expect(scripts.proxy).toBe(`node ${PROXY_NODE_FLAGS.join(' ')} dist/proxy/main.js`);
    expect(scripts.build).toContain('build:proxy');
    const readme = read('docs/production.md');
    const commands = /```sh production\n([\s\S]*?)\n```/.exec(readme)?.[1] ?? '';
    expect(commands.split('\n').map((line) => line.replace(/\s+#.*$/, ''))).toEqual([
      'npm ci && npm run build',
      'npm ci --omit=dev',
      'cp .env.example .env',
      'npm run proxy',
    ]);
  });
});
