/**
 * A real HTTP endpoint for the one thing `page.route()` cannot show: upload progress. An
 * intercepted request is handed to Playwright whole, so the browser never reports progress on
 * it; a request that really crosses a socket does. Answers `POST /api/enquiries` with a
 * delivered receipt, with the CORS headers a proxy on another origin must send.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ORIGIN } from './widget-harness.ts';

export interface UploadServer {
  origin: string;
  /** Bytes received per POST. */
  received: number[];
  close(): Promise<void>;
}

function cors(response: ServerResponse) {
  response.setHeader('Access-Control-Allow-Origin', ORIGIN);
  response.setHeader('Access-Control-Allow-Methods', 'POST');
  response.setHeader('Access-Control-Allow-Headers', 'Content-Type, Idempotency-Key');
  response.setHeader('Access-Control-Expose-Headers', 'Retry-After');
}

export async function startUploadServer(): Promise<UploadServer> {
  const received: number[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    cors(response);
    if (request.method !== 'POST') return response.writeHead(204).end();
    // A proxy without uploads (`/api/uploads`): the widget sends the files with the enquiry.
    if (request.url !== '/api/enquiries') return response.writeHead(404).end();
    let bytes = 0;
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      received.push(bytes);
      response.writeHead(201, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify({ status: 'delivered', reference: 'ENQ-REAL-01', enquiryId: 1, files: [] }),
      );
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((closed) => {
        server.closeAllConnections();
        server.close(() => {
          closed();
        });
      }),
  };
}
