/**
 * An instance killed mid-delivery (SIGKILL: no shutdown, no goodbye) while it sends a file:
 * another instance on the same database takes the submission over once the dead one's lease
 * runs out, resumes at the upload, and never creates the enquiry a second time.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleConfigPath } from '../../../demo/forms/index.ts';
import { loadProxyEnv } from '../../env.ts';
import { openPostgresOutbox } from '../../outbox/postgres/store.ts';
import { proxyEnvFor } from '../fixtures/proxy-env.ts';
import { ORIGIN, validEnquiry } from '../fixtures/proxy-harness.ts';
import { CREDENTIALS, eventually } from '../platform/platform-session.ts';
import { kill, startProxyProcess } from '../reliability/proxy-process.ts';
import { absent, sharedGroup, usePostgres } from './shared-session.ts';
import { storedLeads } from '../fixtures/outbox.ts';

usePostgres();

describe.skipIf(absent)('an instance that dies mid-delivery', () => {
  it('leaves its submission to another instance, which resumes at the upload', async () => {
    // Small files keep a step's lease short (the longest upload allowed, plus 5 s).
    const dir = loadProxyEnv(proxyEnvFor({ url: 'http://127.0.0.1:1' }, CREDENTIALS)).DATA_DIR;
    const config = JSON.parse(readFileSync(exampleConfigPath('law-firm'), 'utf8')) as {
      files: { maxFileBytes: number };
    };
    config.files.maxFileBytes = 256 * 1024;
    const configPath = join(dir, 'form.json');
    writeFileSync(configPath, JSON.stringify(config));
    const env = {
      FORM_CONFIG: configPath,
      UPSTREAM_TIMEOUT_MS: '1500',
      // The step lease covers a conversion too: short here, so the lease is seconds.
      CONVERT_TIMEOUT_MS: '1000',
      DELIVERY_DEADLINE_MS: '300',
    };
    // The stand-in hangs every upload until told otherwise.
    const group = await sharedGroup(0, { env, faults: { hangRate: 1, endpoints: ['upload'] } });
    const store = await openPostgresOutbox(group.databaseUrl, { poolSize: 1 });
    const doomed = startProxyProcess(
      proxyEnvFor(group.api, CREDENTIALS, { ...env, DATABASE_URL: group.databaseUrl }),
    );
    const url = await doomed.listening;

    const { token } = (await (await fetch(`${url}/api/form-token`)).json()) as { token: string };
    const form = new FormData();
    form.append('enquiry', JSON.stringify({ ...validEnquiry(), form_token: token }));
    form.append('files', new File([Buffer.from('%PDF-1.7\n' + 'x'.repeat(100_000))], 'deed.pdf'));
    const answer = await fetch(`${url}/api/enquiries`, {
      method: 'POST',
      body: form,
      headers: { origin: ORIGIN },
    });
    expect(answer.status).toBe(202);
    try {
      // Created upstream, its id recorded, its upload hanging: then the process dies unwarned.
      await eventually(
        () => storedLeads(store),
        ([submission]) => submission?.pendingStep === 'upload:0',
      );
      await kill(doomed, 'SIGKILL');
      group.faults({ hangRate: 0 });
      const killedAt = Date.now();

      // Another instance starts: it waits out the dead one's heartbeat (20 s, and as long after
      // its own start, in case the database had just come back), then sends only the file.
      await group.start();
      const inbox = await eventually(group.inbox, (all) => all[0]?.files.length === 1, 35_000);
      expect(Date.now() - killedAt).toBeGreaterThan(5000);
      expect(inbox.map((enquiry) => enquiry.files.map((file) => file.name))).toEqual([
        ['deed.pdf'],
      ]);
      // The platform has the file a moment before the outbox records the delivery.
      const [submission] = await eventually(
        () => storedLeads(store),
        ([first]) => first?.state === 'delivered',
      );
      // The upload the dead instance had sent is counted as of unknown outcome (it may be
      // attached twice); the create is never repeated.
      expect(submission).toMatchObject({
        state: 'delivered',
        unknownCreates: 0,
        unknownUploads: 1,
      });
    } finally {
      await store.close();
    }
  }, 60_000);
});
