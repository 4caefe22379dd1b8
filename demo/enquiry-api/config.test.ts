import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from './config.ts';
import { FaultSettingsError } from './fault-settings.ts';

const LOGIN = Object.freeze({
  ENQUIRY_API_USERNAME: 'integration',
  ENQUIRY_API_PASSWORD: 's3cret',
});

describe('configFromEnv', () => {
  it('needs only the username and password, and defaults the rest', () => {
    expect(configFromEnv(LOGIN)).toEqual({
      credentials: { username: 'integration', password: 's3cret', applicationPassword: undefined },
      port: 8090,
      host: '127.0.0.1',
      root: '/wp-json/enquiries/v1',
      bodyLimitBytes: 64 * 1024 * 1024,
      control: false,
      faults: {},
      dataDir: './data',
      dbPath: 'data/enquiry-api.sqlite',
    });
  });

  it('reads every optional variable', () => {
    const config = configFromEnv({
      ...LOGIN,
      ENQUIRY_API_APPLICATION_PASSWORD: 'abcd EFGH 1234 ijkl MNOP 5678',
      ENQUIRY_API_ROOT: '/wp-json/acme/v1',
      ENQUIRY_API_BODY_LIMIT_BYTES: '1048576',
      ENQUIRY_API_CONTROL: '1',
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/stand-in',
      FAULT_FAIL_RATE: '0.1',
      FAULT_SEED: '5',
    });
    expect(config).toMatchObject({
      credentials: { applicationPassword: 'abcd EFGH 1234 ijkl MNOP 5678' },
      root: '/wp-json/acme/v1',
      bodyLimitBytes: 1_048_576,
      control: true,
      port: 9000,
      host: '0.0.0.0',
      dbPath: '/tmp/stand-in/enquiry-api.sqlite',
      faults: { failRate: 0.1, seed: 5 },
    });
  });

  it.each(['ENQUIRY_API_USERNAME', 'ENQUIRY_API_PASSWORD'])(
    'stops with a line naming %s when it is missing',
    (name) => {
      const env = { ...LOGIN, [name]: '' };
      expect(() => configFromEnv(env)).toThrow(ConfigError);
      expect(() => configFromEnv(env)).toThrow(new RegExp(`^${name} is required`));
    },
  );

  it.each([
    ['PORT', '80a'],
    ['PORT', '70000'],
    ['ENQUIRY_API_BODY_LIMIT_BYTES', '0'],
    ['ENQUIRY_API_CONTROL', 'maybe'],
  ])('names %s when it is %j', (name, value) => {
    expect(() => configFromEnv({ ...LOGIN, [name]: value })).toThrow(new RegExp(`^${name} `));
  });

  it('passes a bad FAULT_ variable on as a named fault settings error', () => {
    expect(() => configFromEnv({ ...LOGIN, FAULT_HANG_RATE: '5' })).toThrow(FaultSettingsError);
  });
});
