/**
 * The proxy's environment, checked once at start. A wrong or missing value stops the process
 * with one line naming the variable. Secrets may come from `NAME_FILE` (a path), as container
 * secret stores provide them, instead of `NAME`.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const isLoopback = (url: URL) =>
  LOOPBACK_HOSTS.has(url.hostname) || url.hostname.endsWith('.localhost');

const apiUrl = z
  .url({ error: 'must be a URL like https://crm.example.com/wp-json/acme/v1' })
  .transform((value) => new URL(value))
  .refine((url) => url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url)), {
    error:
      'must use https: (the Basic credentials travel with every request); plain http: only for localhost',
  })
  .refine((url) => !url.username && !url.password, {
    error: 'must not contain credentials; use ENQUIRY_API_USERNAME and ENQUIRY_API_PASSWORD',
  })
  .refine((url) => !url.search && !url.hash, { error: 'must not have a query or fragment' })
  .transform((url) => url.href.replace(/\/+$/, ''));

const origin = z.string().transform((value, ctx) => {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  if (
    !url ||
    !['http:', 'https:'].includes(url.protocol) ||
    url.origin !== value.replace(/\/$/, '')
  ) {
    ctx.addIssue({
      code: 'custom',
      message: `"${value}" is not an origin like https://www.example.com`,
    });
    return z.NEVER;
  }
  return url.origin;
});

const list = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));

const integer = (fallback: number, min: number) =>
  z.coerce.number().int().min(min).default(fallback);
const secret = z.string().min(1, { error: 'must not be empty' });

export const proxyEnvSchema = z.object({
  ENQUIRY_API_URL: apiUrl,
  ENQUIRY_API_USERNAME: secret,
  ENQUIRY_API_PASSWORD: secret,
  ALLOWED_ORIGINS: list(origin).pipe(
    z.array(z.string()).min(1, { error: 'must name at least one origin' }),
  ),
  FORM_CONFIG: z.string().min(1, { error: 'must be the path of the form configuration JSON' }),
  PORT: integer(8080, 0).pipe(z.number().max(65535)),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  WIDGET_DIR: z.string().default('./dist/widget'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Addresses (or CIDR ranges) of reverse proxies whose X-Forwarded-For is believed. */
  TRUSTED_PROXIES: list(z.string()).default([]),
  /** How long a visitor waits for delivery before getting "queued" (202). */
  DELIVERY_DEADLINE_MS: integer(8000, 0),
  UPSTREAM_TIMEOUT_MS: integer(30_000, 100),
  RETRY_BASE_MS: integer(2000, 1),
  RETRY_MAX_DELAY_MS: integer(3_600_000, 1),
  RETRY_GIVE_UP_AFTER_MS: integer(86_400_000, 1),
  /** While the platform refuses the credentials, how often delivery tries again. */
  AUTH_RETRY_MS: integer(60_000, 1),
  SHUTDOWN_DRAIN_MS: integer(10_000, 0),
  RATE_LIMIT_PER_MINUTE: integer(10, 1),
  RATE_LIMIT_GLOBAL_PER_MINUTE: integer(300, 1),
  MIN_FILL_SECONDS: z.coerce.number().min(0).default(3),
  FORM_TOKEN_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  TURNSTILE_SITE_KEY: z.string().min(1).optional(),
  TURNSTILE_SECRET_KEY: z.string().min(1).optional(),
  TURNSTILE_VERIFY_URL: z
    .url()
    .default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  TURNSTILE_SCRIPT_URL: z
    .url()
    .default('https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'),
});

export type ProxyEnv = z.output<typeof proxyEnvSchema>;

/** Variables that may instead be given as a file path in `NAME_FILE`. */
const FILE_VARIABLES = [
  'ENQUIRY_API_USERNAME',
  'ENQUIRY_API_PASSWORD',
  'FORM_TOKEN_SECRET',
  'TURNSTILE_SECRET_KEY',
] as const;

export class EnvError extends Error {
  override readonly name = 'EnvError';
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/**
 * @example loadProxyEnv(process.env) // throws EnvError('ENQUIRY_API_URL: must use https: ...')
 */
export function loadProxyEnv(source: Record<string, string | undefined>): ProxyEnv {
  // An empty variable counts as unset, as in most shells' `VAR= command`.
  const values: Record<string, string | undefined> = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== ''),
  );
  const problems: string[] = [];
  const reported = new Set<string>();
  for (const name of FILE_VARIABLES) {
    const path = values[`${name}_FILE`];
    if (path === undefined) continue;
    if (values[name] !== undefined) {
      problems.push(`${name}_FILE: set either ${name} or ${name}_FILE, not both`);
    }
    try {
      values[name] = readFileSync(path, 'utf8').replace(/\r?\n$/, '');
    } catch {
      problems.push(`${name}_FILE: cannot read the file "${path}"`);
      reported.add(name);
    }
  }
  if (values.TURNSTILE_SECRET_KEY && !values.TURNSTILE_SITE_KEY) {
    problems.push('TURNSTILE_SITE_KEY: required when TURNSTILE_SECRET_KEY is set');
  }
  const result = proxyEnvSchema.safeParse(values);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = String(issue.path[0]);
      if (reported.has(name)) continue;
      const message =
        issue.code === 'invalid_type' && values[name] === undefined ? 'is required' : issue.message;
      problems.push(`${name}: ${message}`);
    }
  }
  if (problems.length > 0 || !result.success) throw new EnvError(problems);
  return result.data;
}
