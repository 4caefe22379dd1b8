/**
 * A platform that misbehaves on purpose, on loopback: it echoes the request (Authorization
 * header, decoded login, body) back in every kind of answer a real server or the proxies in
 * front of it give, or answers a create with a body of any size, gzip bombs included. Counts
 * each create it sees, so a test can tell a duplicate.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/** How the platform answers. */
export type HostileMode =
  | 'echo-400'
  | 'echo-html-200'
  | 'echo-500'
  | 'echo-401'
  | 'echo-redirect'
  | 'echo-upload-400'
  | 'huge-201'
  | 'gzip-bomb-201';

/** Every echoing mode. */
export const ECHO_MODES = [
  'echo-400',
  'echo-html-200',
  'echo-500',
  'echo-401',
  'echo-redirect',
  'echo-upload-400',
] as const satisfies HostileMode[];

/** A running hostile platform. */
export interface HostilePlatform {
  url: string;
  creates: number;
  uploads: number;
  close(): Promise<void>;
}

const HUGE_BYTES = 100 * 1024 * 1024;

/** What the request carried, as a debugging dump would show it. */
function dumpOf(request: IncomingMessage, body: string): string {
  const authorization = request.headers.authorization ?? '';
  const login = Buffer.from(authorization.replace(/^Basic /, ''), 'base64').toString('utf8');
  return `Authorization: ${authorization}\nLogin: ${login}\nUser: ${login.split(':')[0] ?? ''}\nBody: ${body.slice(0, 300)}`;
}

/** 100 MB of JSON that never closes its string, sent in 64 KB writes as the socket drains. */
function sendHuge(response: ServerResponse): void {
  response.writeHead(201, { 'Content-Type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 'x');
  let sent = 0;
  response.write('{"code":201,"result":1001,"padding":"');
  const pump = () => {
    while (sent < HUGE_BYTES) {
      sent += chunk.length;
      if (!response.write(chunk)) return void response.once('drain', pump);
    }
    response.end('"}');
  };
  response.on('error', () => undefined);
  pump();
}

/** A gzip body that inflates to 100 MB: the proxy asks for identity; this one sends it anyway. */
const BOMB = gzipSync(Buffer.alloc(HUGE_BYTES, ' '), { level: 9 });

type Reply = [status: number, headers: Record<string, string>, body: string | Buffer];

/** The answer of an echoing mode (or a gzip bomb): status, headers and body. */
function replyOf(mode: HostileMode, endpoint: string, dump: string): Reply {
  const json = (status: number, body: unknown): Reply => [
    status,
    { 'Content-Type': 'application/json' },
    JSON.stringify(body),
  ];
  const html = (status: number): Reply => [
    status,
    { 'Content-Type': 'text/html' },
    `<!DOCTYPE html><html><body><h1>Debug</h1><pre>${dump}</pre></body></html>`,
  ];
  if (endpoint === 'create' && mode === 'gzip-bomb-201')
    return [201, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, BOMB];
  if (mode === 'echo-upload-400' && endpoint === 'create')
    return json(201, { code: 201, result: 7 });
  if (mode === 'echo-upload-400' || mode === 'echo-400')
    return json(400, {
      code: 400,
      status: `Invalid parameter: \`filename\`. You sent:\n${dump}`,
      result: false,
    });
  if (mode === 'echo-html-200') return html(200);
  if (mode === 'echo-500') return html(500);
  if (mode === 'echo-401')
    return json(401, { code: 'incorrect_password', message: dump, data: { status: 401 } });
  const login = /Login: (.*)/.exec(dump)?.[1] ?? '';
  return [302, { Location: `http://${encodeURI(login)}@127.0.0.1:9/elsewhere` }, ''];
}

function answer(mode: HostileMode, endpoint: string, dump: string, response: ServerResponse) {
  if (endpoint === 'create' && mode === 'huge-201') {
    sendHuge(response);
    return;
  }
  const [status, headers, body] = replyOf(mode, endpoint, dump);
  response.writeHead(status, headers);
  response.end(body);
}

/** Starts the platform on loopback; `mode()` is read at each request. */
export async function startHostilePlatform(mode: () => HostileMode): Promise<HostilePlatform> {
  const platform = { creates: 0, uploads: 0 };
  const server = createServer((request, response) => {
    const endpoint = request.url?.includes('/upload') ? 'upload' : 'create';
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      if (size < 4096) chunks.push(chunk);
      size += chunk.length;
    });
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      // The start's check posts `{}`: not an enquiry.
      if (endpoint === 'create' && body !== '{}') platform.creates += 1;
      if (endpoint === 'upload') platform.uploads += 1;
      answer(mode(), endpoint, dumpOf(request, body), response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(platform, {
    url: `http://127.0.0.1:${port}/wp-json/enquiries/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  });
}
