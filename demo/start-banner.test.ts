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

  it('names the console, and prints the admin token made for this run', () => {
    const token = 'x'.repeat(43);
    const text = startBanner(urls, {}, { madeToken: token }).join('\n');
    expect(text).toContain('Console             http://localhost:8080/admin/');
    expect(text).toMatch(new RegExp(`Sign in with this admin token[^]*\n {22}${token}\n`));
  });

  it('names the console without printing a token the operator set', () => {
    const text = startBanner(urls, { ADMIN_TOKEN: 'the operator’s own token' }).join('\n');
    expect(text).toContain('http://localhost:8080/admin/   (sign in with your ADMIN_TOKEN)');
    expect(text).not.toContain('the operator’s own token');
  });

  it('on the real platform, names its address', () => {
    const url = 'https://crm.example.com/wp-json/acme/v1';
    const text = startBanner(urls, { ENQUIRY_API_URL: url }).join('\n');
    expect(text).toContain(`Platform            ${url} (REAL)`);
    expect(text).not.toContain('inbox');
  });
});
