import { describe, expect, it } from 'vitest';
import type { RunningEnquiryApi } from './enquiry-api/server.ts';
import { startBanner } from './start-banner.ts';

const urls = {
  siteUrl: 'http://localhost:3000/',
  campaignUrl: 'http://localhost:3000/campaign',
  proxyUrl: 'http://localhost:8080',
};

describe('what npm start prints', () => {
  it('on the stand-in, names the variables that send to the real platform, as the README says', () => {
    const api = { origin: 'http://127.0.0.1:8090' } as RunningEnquiryApi;
    const text = startBanner({ ...urls, api }, {}).join('\n');
    expect(text).toContain('http://127.0.0.1:8090/inbox');
    for (const name of ['ENQUIRY_API_URL', 'ENQUIRY_API_USERNAME', 'ENQUIRY_API_PASSWORD'])
      expect(text).toContain(name);
  });

  it('on the real platform, names its address', () => {
    const url = 'https://crm.example.com/wp-json/acme/v1';
    const text = startBanner(urls, { ENQUIRY_API_URL: url }).join('\n');
    expect(text).toContain(`Platform            ${url} (REAL)`);
    expect(text).not.toContain('inbox');
  });
});
