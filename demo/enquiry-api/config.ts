/**
 * The environment of `npm run enquiry-api`, read and checked in one place so a mistake stops
 * the process with one line that names the variable.
 */
import { join } from 'node:path';
import { DEFAULT_BODY_LIMIT_BYTES, DEFAULT_ROOT } from './app.ts';
import { faultPatchFromEnv } from './fault-settings.ts';
import type { StartOptions } from './server.ts';

/** Thrown for an environment the stand-in cannot start with; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** What the stand-in uses for every variable left unset. */
const DEFAULTS = Object.freeze({
  port: 8090,
  host: '127.0.0.1',
  dataDir: './data',
  root: DEFAULT_ROOT,
  bodyLimitBytes: DEFAULT_BODY_LIMIT_BYTES,
});

/** Everything `main.ts` needs except the store, which it opens at `dbPath`. */
export type Config = Omit<StartOptions, 'store'> & {
  port: number;
  host: string;
  dataDir: string;
  dbPath: string;
};

type Env = Record<string, string | undefined>;

const required = (env: Env, name: string, use: string): string => {
  const value = env[name];
  if (value === undefined || value === '') {
    throw new ConfigError(`${name} is required: set it to ${use}.`);
  }
  return value;
};

const integer = (env: Env, name: string, fallback: number, min: number, max: number) => {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, not "${text}".`);
  }
  return value;
};

const flag = (env: Env, name: string): boolean => {
  const text = (env[name] ?? '').trim().toLowerCase();
  if (['', '0', 'false', 'no'].includes(text)) return false;
  if (['1', 'true', 'yes'].includes(text)) return true;
  throw new ConfigError(`${name} must be 1 or 0, not "${env[name]}".`);
};

/**
 * The stand-in's test controls from `env`: `ENQUIRY_API_CONTROL` and the `FAULT_*` settings,
 * read alike by `npm run enquiry-api` and by `npm start` for the stand-in it runs.
 *
 * @example testControls({ FAULT_FAIL_RATE: '0.5' }).faults // { failRate: 0.5 }
 */
export const testControls = (env: Env) => ({
  control: flag(env, 'ENQUIRY_API_CONTROL'),
  faults: faultPatchFromEnv(env),
});

/**
 * Reads the stand-in's configuration from `env`. Throws a `ConfigError` (or, for `FAULT_*`,
 * a `FaultSettingsError`) naming the first variable that is missing or wrong.
 *
 * @example configFromEnv({ ENQUIRY_API_USERNAME: 'u', ENQUIRY_API_PASSWORD: 'p' }).port // 8090
 */
export function configFromEnv(env: Env): Config {
  const username = required(env, 'ENQUIRY_API_USERNAME', 'the username the proxy will send');
  const password = required(env, 'ENQUIRY_API_PASSWORD', 'the password the proxy will send');
  const applicationPassword = env.ENQUIRY_API_APPLICATION_PASSWORD || undefined;
  const dataDir = env.DATA_DIR || DEFAULTS.dataDir;
  return {
    credentials: { username, password, applicationPassword },
    port: integer(env, 'PORT', DEFAULTS.port, 0, 65_535),
    host: env.HOST || DEFAULTS.host,
    root: env.ENQUIRY_API_ROOT || DEFAULTS.root,
    bodyLimitBytes: integer(
      env,
      'ENQUIRY_API_BODY_LIMIT_BYTES',
      DEFAULTS.bodyLimitBytes,
      1,
      Number.MAX_SAFE_INTEGER,
    ),
    ...testControls(env),
    dataDir,
    dbPath: join(dataDir, 'enquiry-api.sqlite'),
  };
}
