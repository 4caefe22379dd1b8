import { describe, expect, it } from 'vitest';
import { loadProxyEnv } from '../env.ts';
import { roleOf } from './oidc-settings.ts';

const ROLES = {
  marketer: ['@firm.example', 'group:Marketing'],
  staff: ['group:Leads'],
  operator: ['olive@firm.example'],
};
const who = (email: string | undefined, groups: string[] = [], emailVerified?: boolean) => ({
  email,
  groups,
  emailVerified,
});

describe('OIDC_ROLES: who may sign in through the identity provider, and as what', () => {
  it('gives a role by address, by @domain or by group, in any case', () => {
    expect(roleOf(ROLES, who('Olive@Firm.example'))).toBe('operator');
    expect(roleOf(ROLES, who('max@firm.example'))).toBe('marketer');
    expect(roleOf(ROLES, who('sam@elsewhere.example', ['leads']))).toBe('staff');
  });

  it('takes the most trusted role a domain or group gives, unless the address names one', () => {
    expect(roleOf(ROLES, who('sam@firm.example', ['Leads']))).toBe('staff');
    expect(
      roleOf({ ...ROLES, marketer: ['sam@firm.example'] }, who('sam@firm.example', ['Leads'])),
    ).toBe('marketer');
  });

  it('refuses anyone else, an address the provider has not verified, and a lookalike domain', () => {
    expect(roleOf(ROLES, who('eve@evil.example'))).toBeUndefined();
    expect(roleOf(ROLES, who('max@firm.example', [], false))).toBeUndefined();
    expect(roleOf(ROLES, who('max@notfirm.example'))).toBeUndefined();
    expect(roleOf(ROLES, who('max@firm.example.evil.example'))).toBeUndefined();
    expect(roleOf(ROLES, who(undefined, ['Marketing']))).toBe('marketer');
  });
});

describe('the identity provider’s environment', () => {
  const base = {
    ENQUIRY_API_URL: 'https://crm.example.com/wp-json/acme/v1',
    ENQUIRY_API_USERNAME: 'u',
    ENQUIRY_API_PASSWORD: 'p',
    ALLOWED_ORIGINS: 'https://www.example.com',
    FORM_CONFIG: 'form.json',
  };
  const oidc = {
    OIDC_ISSUER: 'https://login.example.com/tenant/v2.0',
    OIDC_CLIENT_ID: 'console',
    OIDC_CLIENT_SECRET: 'secret',
    OIDC_ROLES: '{"staff": ["@firm.example"]}',
  };
  const problems = (env: Record<string, string>) => {
    try {
      loadProxyEnv({ ...base, ...env });
      return [];
    } catch (error) {
      return (error as { problems: string[] }).problems;
    }
  };

  it('takes an https issuer with its client and roles', () => {
    expect(problems(oidc)).toEqual([]);
  });

  it('takes plain http only for an issuer on this machine', () => {
    expect(problems({ ...oidc, OIDC_ISSUER: 'http://127.0.0.1:4000' })).toEqual([]);
    expect(problems({ ...oidc, OIDC_ISSUER: 'http://login.example.com' })).toEqual([
      'OIDC_ISSUER: must use https: (plain http: only for localhost)',
    ]);
  });

  it('names what is missing, and a role or entry that is not one', () => {
    expect(problems({ OIDC_ISSUER: oidc.OIDC_ISSUER })).toEqual([
      'OIDC_CLIENT_ID: required with OIDC_ISSUER',
      'OIDC_CLIENT_SECRET: required with OIDC_ISSUER',
      'OIDC_ROLES: required with OIDC_ISSUER',
    ]);
    expect(problems({ ...oidc, OIDC_ROLES: '{"admin": ["@firm.example"]}' })[0]).toMatch(
      /^OIDC_ROLES: /,
    );
    expect(problems({ ...oidc, OIDC_ROLES: '{"staff": ["firm.example"]}' })).toEqual([
      'OIDC_ROLES: each entry is an address, @domain or group:NAME',
    ]);
    expect(problems({ ...oidc, OIDC_ROLES: 'staff=@firm.example' })).toEqual([
      'OIDC_ROLES: must be JSON, e.g. {"staff": ["@firm.example"]}',
    ]);
  });
});
