/**
 * The box is proven at start with the real bubblewrap, and a box that fails, one that runs its
 * command with the network, or none at all turns documents off, naming why. LibreOffice in it
 * sees none of the proxy's secrets. Each part is skipped, saying why, without its tools.
 */
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startEnquiryApi } from '../../demo/enquiry-api/server.ts';
import { documentsLacking } from '../test/fixtures/document-converter.ts';
import { proxyEnvFor } from '../test/fixtures/proxy-env.ts';
import { watchSoffice } from '../test/fixtures/soffice-watch.ts';
import { lacking, toolPath } from '../test/fixtures/system-tools.ts';
import { conversionRoot } from './job-folders.ts';
import { convertEnvShape, createConverter, openDocuments } from './open-converter.ts';
import { proveBox } from './sandbox.ts';

const LIMITS = { memoryMb: 1024, cpuSeconds: 20 };
const noBox = lacking('the box proven with bubblewrap', 'bwrap');
// Documents are turned off for a missing soffice before the box is looked at.
const noSoffice = lacking('documents turned off when their box fails', 'soffice');
const noDocuments = documentsLacking();
const realPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = realPath;
});

/** A folder of programs put first on the PATH (`fakes` as name to shell script). */
function pathWith(fakes: Record<string, string>, only = false): void {
  const dir = mkdtempSync(join(tmpdir(), 'fake-tools-'));
  for (const [name, script] of Object.entries(fakes)) {
    writeFileSync(join(dir, name), `#!/bin/sh\n${script}\n`);
    chmodSync(join(dir, name), 0o755);
  }
  if (only) {
    for (const tool of ['prlimit', 'bash']) symlinkSync(`/usr/bin/${tool}`, join(dir, tool));
    symlinkSync(toolPath('soffice'), join(dir, 'soffice'));
  }
  process.env.PATH = only ? dir : `${dir}:${realPath ?? ''}`;
}

const documentsEnv = () =>
  z.object(convertEnvShape).parse({ CONVERT_DOCUMENTS: '1', CONVERT_TIMEOUT_MS: '20000' });

describe('the box is proven at start', () => {
  it.skipIf(noBox)(
    'proves bubblewrap here: a command in it runs and cannot reach 127.0.0.1',
    async () => {
      expect(await proveBox(conversionRoot(), LIMITS)).toEqual({ proven: true });
    },
  );

  it.skipIf(noSoffice)(
    'turns documents off when bwrap fails, naming why, and offers no document kind',
    async () => {
      pathWith({ bwrap: 'echo "bwrap: No permissions to create new namespace" >&2; exit 1' });
      const documents = await openDocuments(documentsEnv());
      expect(documents.converter).toBeUndefined();
      expect(documents.off).toMatch(/could not be proven.*No permissions to create new namespace/);
      const converter = createConverter({
        heic: false,
        documents: documents.converter,
        maxSide: 3000,
        timeoutMs: 20_000,
        workers: 1,
      });
      expect(converter.kinds).not.toContain('docx');
    },
  );

  it.skipIf(noSoffice)(
    'turns documents off when the "box" runs its command with the network',
    async () => {
      // Skips bwrap's options and runs the command as it is: no isolation at all.
      pathWith({ bwrap: 'while [ "$1" != "--" ]; do shift; done; shift; exec "$@"' });
      const documents = await openDocuments(documentsEnv());
      expect(documents.converter).toBeUndefined();
      expect(documents.off).toMatch(/reached 127\.0\.0\.1: it has the network/);
    },
  );

  it.skipIf(noSoffice)('turns documents off when there is no bwrap at all', async () => {
    pathWith({}, true);
    const documents = await openDocuments(documentsEnv());
    expect(documents.converter).toBeUndefined();
    expect(documents.off).toMatch(/could not be proven/);
  });

  it.skipIf(noBox)('leaves no folder of its proof behind', async () => {
    await proveBox(conversionRoot(), LIMITS);
    const mine = readdirSync(conversionRoot()).filter((name) =>
      name.startsWith(`${String(process.pid)}-proof-`),
    );
    expect(mine).toEqual([]);
  });
});

describe.skipIf(noDocuments)('LibreOffice in the box', () => {
  it("sees none of the proxy's secrets in its environment", async () => {
    const secrets = {
      ENQUIRY_API_PASSWORD: 'platform-password-1',
      ADMIN_TOKEN: randomBytes(32).toString('base64url'),
      SMTP_URL: 'smtp://user:mail-password-3@127.0.0.1:25',
      NOTIFY_WEBHOOK_SECRET: 'webhook-secret-4',
      FORM_TOKEN_SECRET: 'form-token-secret-5',
    };
    Object.assign(process.env, secrets);
    const { converter } = await openDocuments(documentsEnv());
    const watch = watchSoffice();
    try {
      await converter?.convert(Buffer.from('A short letter.\n'), 'txt');
    } finally {
      watch.stop();
      await converter?.close();
      for (const name of Object.keys(secrets)) Reflect.deleteProperty(process.env, name);
    }
    expect(watch.environments.length).toBeGreaterThan(0);
    const seen = watch.environments.flat().join('\n');
    for (const [name, value] of Object.entries(secrets)) {
      expect(seen).not.toContain(name);
      expect(seen).not.toContain(value);
    }
    // Only the box's four, and what LibreOffice's launcher sets for itself (its shell's PWD
    // and OLDPWD, its own SAL_ switches). Which stage the watch sees first is a matter of
    // timing, so every environment is checked, not the first.
    const box = new Set(['HOME', 'LANG', 'LC_ALL', 'PATH', 'PWD', 'OLDPWD']);
    const foreign = watch.environments
      .flat()
      .map((line) => line.split('=')[0] ?? '')
      .filter((name) => !box.has(name) && !name.startsWith('SAL_'));
    expect(foreign).toEqual([]);
  }, 60_000);
});

describe('npm run proxy -- --check', () => {
  /** Its output, with the PATH as the test has set it. */
  async function check(): Promise<string> {
    const credentials = { username: 'check-user', password: 'check password 0123' };
    const api = await startEnquiryApi({ credentials });
    try {
      const env = proxyEnvFor(api, credentials, { CONVERT_DOCUMENTS: '1' });
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'proxy/main.ts', '--check'],
        { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 },
      );
      return stdout;
    } finally {
      await api.close();
    }
  }

  it.skipIf(noDocuments)(
    'says documents run in a proven box',
    async () => {
      expect(await check()).toMatch(/^Documents: LibreOffice runs in a proven box$/m);
    },
    90_000,
  );

  it.skipIf(noSoffice)(
    'warns that documents are off, and why, when the box cannot be proven',
    async () => {
      pathWith({ bwrap: 'echo "bwrap: setting up uid map: Permission denied" >&2; exit 1' });
      expect(await check()).toMatch(
        /^Warning: CONVERT_DOCUMENTS=1 but documents are not offered: .*could not be proven.*Permission denied/m,
      );
    },
    90_000,
  );
});
