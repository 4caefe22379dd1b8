/**
 * A Welsh visitor's enquiry, end to end through the real proxy to the stand-in enquiry API:
 * the firm receives its own labels and options, the visitor's language, and the consent
 * wording the visitor was shown in Welsh.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnquiryApi, type RunningEnquiryApi } from '../../demo/enquiry-api/server.ts';
import { exampleConfigPath } from '../../demo/forms/index.ts';
import { loadProxyEnv } from '../env.ts';
import { startProxy } from '../server.ts';
import { createMemoryLogger } from './fixtures/memory-logger.ts';
import { proxyEnvFor } from './fixtures/proxy-env.ts';
import { ORIGIN } from './fixtures/proxy-harness.ts';

const CREDENTIALS = { username: 'welsh-test', password: 'welsh test password' };
let api: RunningEnquiryApi;

beforeAll(async () => {
  api = await startEnquiryApi({ credentials: CREDENTIALS });
});
afterAll(async () => api.close());

describe('an enquiry sent in Welsh', () => {
  it('reaches the platform with English labels, the visitor’s language and the Welsh consent', async () => {
    const env = proxyEnvFor(api, CREDENTIALS, { FORM_CONFIG: exampleConfigPath('bilingual') });
    const proxy = await startProxy(loadProxyEnv(env), createMemoryLogger('error').log);
    try {
      const welsh = (await (
        await fetch(`${proxy.url}/api/form?lang=cy`, { headers: { origin: ORIGIN } })
      ).json()) as { caseTypes: { questions: { options?: string[] }[] }[] };
      const [selling] = welsh.caseTypes[0]?.questions[0]?.options?.slice(1) ?? [];
      const { token } = (await (
        await fetch(`${proxy.url}/api/form-token`, { headers: { origin: ORIGIN } })
      ).json()) as { token: string };
      const body = new FormData();
      body.append(
        'enquiry',
        JSON.stringify({
          forename: 'Ada',
          surname: 'Lovelace',
          email: 'ada@example.com',
          case_type: 'conveyancing',
          lang: 'cy-GB',
          answers: { transaction: selling },
          consent: { consent_contact: true },
          form_token: token,
        }),
      );
      const sent = await fetch(`${proxy.url}/api/enquiries`, {
        method: 'POST',
        body,
        headers: { origin: ORIGIN },
      });
      expect(sent.status).toBe(201);
      const [received] = api.store.listEnquiries();
      expect(received?.meta).toEqual([
        { id: 'transaction', label: 'Are you buying or selling?', value: 'Selling' },
        {
          id: 'consent_contact',
          label:
            'I agree that the firm may contact me about this enquiry, as the privacy notice explains.',
          value: expect.stringMatching(
            /^Agreed: "Rwy’n cytuno y caiff y cwmni gysylltu â mi am yr ymholiad hwn, fel y mae’r hysbysiad preifatrwydd yn ei egluro\." \(cy\) at \d{4}-/,
          ) as string,
        },
        { id: 'visitor_language', label: 'Visitor’s language', value: 'cy' },
      ]);
    } finally {
      await proxy.close();
    }
  });
});
