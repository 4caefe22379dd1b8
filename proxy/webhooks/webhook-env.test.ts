import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EnvError, loadProxyEnv } from '../env.ts';
import { newSecret, startWebhookReceiver } from '../test/fixtures/webhook-receiver.ts';
import { checkWebhookEndpoints } from './check.ts';

const valid = {
  ENQUIRY_API_URL: 'https://crm.example.com/wp-json/acme/v1/',
  ENQUIRY_API_USERNAME: 'integration',
  ENQUIRY_API_PASSWORD: 'abcd efgh ijkl mnop qrst uvwx',
  ALLOWED_ORIGINS: 'https://www.example.com',
  FORM_CONFIG: './form.json',
};
const SECRET = newSecret();

const problemsWith = (endpoints: string) => {
  try {
    loadProxyEnv({ ...valid, WEBHOOK_ENDPOINTS: endpoints });
    return [];
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
};

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

describe('WEBHOOK_ENDPOINTS', () => {
  it('reads endpoints from the variable or from WEBHOOK_ENDPOINTS_FILE, includeFiles off unless asked', () => {
    const json = JSON.stringify([
      {
        url: 'https://hooks.zapier.com/hooks/catch/1/abc/',
        secret: SECRET,
        events: ['enquiry.received'],
      },
    ]);
    expect(loadProxyEnv({ ...valid, WEBHOOK_ENDPOINTS: json }).WEBHOOK_ENDPOINTS).toEqual([
      {
        url: 'https://hooks.zapier.com/hooks/catch/1/abc/',
        secret: SECRET,
        events: ['enquiry.received'],
        includeFiles: false,
      },
    ]);
    const file = join(mkdtempSync(join(tmpdir(), 'hooks-')), 'endpoints.json');
    writeFileSync(file, `${json}\n`);
    expect(loadProxyEnv({ ...valid, WEBHOOK_ENDPOINTS_FILE: file }).WEBHOOK_ENDPOINTS).toHaveLength(
      1,
    );
    expect(loadProxyEnv(valid).WEBHOOK_ENDPOINTS).toEqual([]);
  });

  it('names each mistake with its place in the array', () => {
    expect(problemsWith('[{"url": "https://a.example.com", ')).toEqual([
      expect.stringMatching(/^WEBHOOK_ENDPOINTS: is not JSON .*write an array like/),
    ]);
    const problems = problemsWith(
      JSON.stringify([
        { url: 'http://hooks.example.com/x', secret: 'hunter2', events: ['enquiry.recieved'] },
        { url: 'https://u:p@hooks.example.com/y', secret: SECRET, events: [], extra: 1 },
      ]),
    );
    expect(problems).toHaveLength(6);
    expect(problems).toEqual(
      expect.arrayContaining([
        'WEBHOOK_ENDPOINTS: [0].url: must use https: (plain http: only for localhost)',
        expect.stringMatching(
          /^WEBHOOK_ENDPOINTS: \[0\]\.secret: must be "whsec_" and the base64 of 24 to 64 random bytes/,
        ),
        'WEBHOOK_ENDPOINTS: [0].events[0]: must be one of enquiry.unfinished, enquiry.received, enquiry.delivered, enquiry.failed, enquiry.finished, call.attended, call.no_show',
        expect.stringMatching(/^WEBHOOK_ENDPOINTS: \[1\]: Unrecognized key: "extra"/),
        'WEBHOOK_ENDPOINTS: [1].url: must not contain a user or password',
        'WEBHOOK_ENDPOINTS: [1].events: must name at least one event',
      ]),
    );
    const twice = {
      url: 'https://hooks.example.com/z',
      secret: SECRET,
      events: ['enquiry.failed'],
    };
    expect(problemsWith(JSON.stringify([twice, twice]))).toEqual([
      'WEBHOOK_ENDPOINTS: [1].url: https://hooks.example.com/z is listed twice; list each endpoint once, with every event it wants',
    ]);
  });

  it('--check proves each endpoint answers a signed test message, and says why one does not', async () => {
    const good = await startWebhookReceiver({ secret: SECRET });
    const wrongSecret = await startWebhookReceiver({ secret: newSecret() });
    closers.push(
      () => good.close(),
      () => wrongSecret.close(),
    );
    const lines: string[] = [];
    const ok = await checkWebhookEndpoints(
      [good, wrongSecret, { url: 'http://127.0.0.1:9/hooks' }].map(({ url }) => ({
        url,
        secret: SECRET,
        events: ['enquiry.received' as const],
        includeFiles: false,
      })),
      2000,
      (line) => lines.push(line),
    );
    expect(ok).toBe(false);
    expect(lines).toEqual([
      `Webhook ${good.url}: OK (answered 204 to a signed test message)`,
      expect.stringContaining(`Webhook ${wrongSecret.url}: FAILED: the endpoint answered 400;`),
      expect.stringMatching(
        /^Webhook http:\/\/127\.0\.0\.1:9\/hooks: FAILED: cannot reach the endpoint: .*check the address/,
      ),
    ]);
    expect(good.messages()[0]?.payload.type).toBe('webhook.test');
  });
});
