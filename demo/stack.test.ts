import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../proxy/logger.ts';
import { startDemo } from './stack.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the demo stack (npm start)', () => {
  it('closes though a browser holds a connection to the site it never sent a request on', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'demo-stack-'));
    dirs.push(dataDir);
    const running = await startDemo({
      log: createLogger({ level: 'error' }),
      env: {},
      sitePort: 0,
      proxyPort: 0,
      apiPort: 0,
      dataDir,
    });
    // A browser opens connections ahead of need (a preconnect); Node's close() waits for them.
    const socket = connect(Number(new URL(running.siteUrl).port), '127.0.0.1');
    await once(socket, 'connect');
    const cut = once(socket, 'close');
    await running.close();
    await cut;
    expect(socket.destroyed).toBe(true);
  });
});
