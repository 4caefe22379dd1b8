/**
 * Servers that answer at the platform's address but are not the enquiry API, each answering
 * every request the same way, as an operator who mistyped `ENQUIRY_API_URL` meets them: a web
 * server that takes no POST, a site's own 404 page, another JSON API. (The stand-in under
 * another namespace is the fourth: `platformSession({ url })` points the proxy there.)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One way of not being the enquiry API. */
export interface Impostor {
  name: string;
  status: number;
  contentType: string;
  body: string;
}

export const IMPOSTORS: readonly Impostor[] = [
  {
    name: 'a web server that answers 501 to POST',
    status: 501,
    contentType: 'text/html;charset=utf-8',
    // What `python3 -m http.server` answers.
    body: '<!DOCTYPE HTML>\n<html lang="en">\n<head><meta charset="utf-8"><title>Error response</title></head>\n<body><h1>Error response</h1><p>Error code: 501</p><p>Message: Unsupported method (\'POST\').</p></body>\n</html>\n',
  },
  {
    name: 'a site’s 404 page',
    status: 404,
    contentType: 'text/html',
    body: '<html><head><title>404 Not Found</title></head><body><center><h1>404 Not Found</h1></center><hr><center>nginx</center></body></html>',
  },
  {
    name: 'a plain-text 404',
    status: 404,
    contentType: 'text/plain;charset=UTF-8',
    body: '404 Not Found',
  },
  {
    name: 'a web server that answers 405 to POST',
    status: 405,
    contentType: 'text/html',
    body: '<html><head><title>405 Not Allowed</title></head><body><h1>405 Not Allowed</h1></body></html>',
  },
  {
    name: 'another JSON API’s 404',
    status: 404,
    contentType: 'application/json',
    body: '{"error":"Not Found","path":"/api/enquiries/create"}',
  },
  {
    name: 'another JSON API taking the POST',
    status: 200,
    contentType: 'application/json',
    body: '{"ok":true,"items":[]}',
  },
  {
    name: 'another JSON API refusing the POST',
    status: 422,
    contentType: 'application/json',
    body: '{"errors":[{"field":"name","message":"is required"}]}',
  },
];

/** A running impostor: its address in `ENQUIRY_API_URL`'s form, and how many POSTs it saw. */
export interface RunningImpostor {
  url: string;
  posts: number;
  close(): Promise<void>;
}

/** Starts `impostor` on loopback. */
export async function startImpostor(impostor: Impostor): Promise<RunningImpostor> {
  const running = { posts: 0 };
  const server = createServer((request, response) => {
    if (request.method === 'POST') running.posts += 1;
    request.resume();
    request.on('end', () => {
      response.writeHead(impostor.status, { 'Content-Type': impostor.contentType });
      response.end(impostor.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(running, {
    url: `http://127.0.0.1:${String(port)}/wp-json/acme/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  });
}
