/**
 * The proxy's environment, checked once at start. A wrong or missing value stops the process
 * with one line naming the variable. Secrets may come from `NAME_FILE` (a path), as container
 * secret stores provide them, instead of `NAME`.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { commaList, enquiryApiUrl, integer, origin, secret } from './env-values.ts';
import { oidcEnvProblems, oidcEnvShape } from './console/oidc-settings.ts';
import { convertEnvShape } from './convert/open-converter.ts';
import { notifyEnvProblems, notifyEnvShape } from './notify/notify-env.ts';
import { webhookEnvShape } from './webhooks/webhook-env.ts';
import { calendarEnvShape } from './booking/calendar-env.ts';
import { weakAdminToken } from './token-strength.ts';
import { DEFAULT_RETRY_POLICY, RETRY_WINDOW_DAYS } from './delivery/backoff.ts';

const DAY_MS = 86_400_000;
const windowError = `must be from a day (${String(RETRY_WINDOW_DAYS.least * DAY_MS)}) to ${String(RETRY_WINDOW_DAYS.most)} days (${String(RETRY_WINDOW_DAYS.most * DAY_MS)})`;

/** Each variable, with the sentence the environment table (docs/production.md) shows for it. */
export const proxyEnvSchema = z.object({
  ENQUIRY_API_URL: enquiryApiUrl.describe(
    'Service root of the enquiry API, including the version, e.g. `https://crm.example.com/wp-json/acme/v1`, or `https://crm.example.com/?rest_route=/acme/v1` on a WordPress site with plain permalinks. `https:` only (plain `http:` for localhost).',
  ),
  ENQUIRY_API_USERNAME: secret.describe(
    'Basic auth user name for the enquiry API (or `ENQUIRY_API_USERNAME_FILE`).',
  ),
  ENQUIRY_API_PASSWORD: secret.describe(
    'Password or application password, with or without its spaces (or `ENQUIRY_API_PASSWORD_FILE`).',
  ),
  ALLOWED_ORIGINS: commaList(origin)
    .pipe(z.array(z.string()).min(1, { error: 'must name at least one origin' }))
    .describe(
      'Comma-separated origins whose pages may submit, e.g. `https://www.example.com,https://example.com`.',
    ),
  FORM_CONFIG: z
    .string()
    .min(1, { error: 'must be the path of the form configuration JSON' })
    .describe('Path of the form configuration JSON (see "Form configuration").'),
  PORT: integer(8080, 0).pipe(z.number().max(65535)).describe('Port to listen on.'),
  HOST: z.string().default('127.0.0.1').describe('Address to listen on; `0.0.0.0` in a container.'),
  PUBLIC_URL: origin
    .optional()
    .describe(
      "The proxy's address as browsers reach it behind a reverse proxy, e.g. `https://forms.example.com`: the console takes sign-ins from that origin only, with `Secure` cookies on `https:`. Unset: `TRUSTED_PROXIES`' `X-Forwarded-Proto` and `Host`.",
    ),
  ENV_FILE: z
    .string()
    .optional()
    .describe(
      'Env file to read before these variables (default: `.env` in the working directory, when there is one). Variables already set win over it.',
    ),
  DATA_DIR: z
    .string()
    .default('./data')
    .describe(
      'Where the outbox (`outbox.sqlite`) lives, unless `DATABASE_URL` is set. One proxy process per directory.',
    ),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })
    .optional()
    .describe(
      'PostgreSQL outbox shared by several proxies, e.g. `postgres://enquiry:secret@db:5432/enquiry` (or `DATABASE_URL_FILE`); unset: SQLite in `DATA_DIR`. Needs `FORM_TOKEN_SECRET`.',
    ),
  WIDGET_DIR: z
    .string()
    .default('./dist/widget')
    .describe('Where the built widget is (`npm run build`).'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('Least important JSON log lines written to stdout.'),
  TRUSTED_PROXIES: commaList(z.string())
    .default([])
    .describe(
      'Addresses or CIDR ranges of reverse proxies whose `X-Forwarded-For` is believed, e.g. `127.0.0.1,10.0.0.0/8`.',
    ),
  DELIVERY_DEADLINE_MS: integer(8000, 0).describe(
    'How long a visitor waits for delivery before being told the enquiry is queued (202). A visitor waits only when one of the four delivery places is free; otherwise they are told at once, and the enquiry goes as a place frees.',
  ),
  UPSTREAM_TIMEOUT_MS: integer(30_000, 100).describe(
    'Timeout of one call to the enquiry API (uploads get 2 s more per MiB).',
  ),
  RETRY_BASE_MS: integer(2000, 1).describe(
    'First wait before retrying a failed delivery; it doubles each time.',
  ),
  RETRY_MAX_DELAY_MS: integer(3_600_000, 1).describe('Longest wait between two retries.'),
  RETRY_GIVE_UP_AFTER_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(RETRY_WINDOW_DAYS.least * DAY_MS, { error: windowError })
    .max(RETRY_WINDOW_DAYS.most * DAY_MS, { error: windowError })
    .default(DEFAULT_RETRY_POLICY.giveUpAfterMs)
    .describe(
      'How long a lead the platform fails on its own is retried before it is dead-lettered (see `npm run outbox`): from a day (`86400000`) to 31 days (`2678400000`). While the platform is down for everyone, no lead’s window runs.',
    ),
  AUTH_RETRY_MS: integer(60_000, 1).describe(
    'While delivery is paused for a setup problem (login refused, no route, a web page where the API should be), how often the platform check runs; delivery resumes once it passes.',
  ),
  SHUTDOWN_DRAIN_MS: integer(8000, 0).describe(
    'On SIGTERM, the proxy stops taking requests at once and exits within this long, however slow the platform or mail server (what is unsent stays queued for the next start). Keep it under the grace period of `docker stop` (10 s) or systemd.',
  ),
  RATE_LIMIT_PER_MINUTE: integer(10, 1).describe(
    'Submissions one client IP may send per minute (caught bots are counted apart, at the same rate).',
  ),
  RATE_LIMIT_GLOBAL_PER_MINUTE: integer(300, 1).describe(
    'Submissions people together may send per minute (caught bots never count).',
  ),
  MAX_IN_FLIGHT_BYTES: integer(256 * 1024 * 1024, 1).describe(
    'Bytes of submissions received and not yet stored, all together, counted as they arrive; past it, 503 with Retry-After.',
  ),
  MAX_UPLOADS_PER_CLIENT: integer(4, 1).describe(
    'Submissions one client IP may be sending at once; more get 429.',
  ),
  MAX_CONNECTIONS_PER_CLIENT: integer(16, 1).describe(
    'Open connections from one address (trusted proxies excepted); more are closed at once.',
  ),
  MAX_CONNECTIONS: integer(1024, 1).describe(
    "Open connections in all, kept below the process's file descriptor limit.",
  ),
  BODY_IDLE_TIMEOUT_MS: integer(15_000, 100).describe(
    'A submission whose body sends nothing for this long is ended with 408.',
  ),
  MIN_FILL_SECONDS: z.coerce
    .number()
    .min(0)
    .default(3)
    .describe(
      'A form sent sooner than this after it was first drawn is taken for a bot (kept as spam, not sent); the page without JavaScript drawn again after a refusal keeps that first moment.',
    ),
  FORM_TOKEN_SECRET: z
    .string()
    .min(32, { error: 'must be at least 32 characters' })
    .optional()
    .describe(
      'HMAC key of the form tokens, at least 32 characters (or `FORM_TOKEN_SECRET_FILE`); generated and kept in the outbox when unset. Required with `DATABASE_URL`.',
    ),
  CALENDAR_KEY: z
    .string()
    .min(32, { error: 'must be at least 32 characters' })
    .optional()
    .describe(
      "The key hosts' calendar passwords are sealed with (or `CALENDAR_KEY_FILE`), at least 32 characters (`openssl rand -base64 32`), the same on every instance; required to connect a calendar with `DATABASE_URL`. Unset on SQLite: a key file made in `DATA_DIR` (`calendar.key`). See docs/booking.md.",
    ),
  TURNSTILE_SITE_KEY: z
    .string()
    .min(1)
    .optional()
    .describe('Cloudflare Turnstile site key: the widget shows the challenge.'),
  TURNSTILE_SECRET_KEY: z
    .string()
    .min(1)
    .optional()
    .describe(
      'Turnstile secret (or `TURNSTILE_SECRET_KEY_FILE`): the proxy verifies each token and fails closed.',
    ),
  TURNSTILE_VERIFY_URL: z
    .url()
    .default('https://challenges.cloudflare.com/turnstile/v0/siteverify')
    .describe('Turnstile siteverify endpoint.'),
  TURNSTILE_SCRIPT_URL: z
    .url()
    .default('https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit')
    .describe('Turnstile script the widget loads.'),
  RETENTION_DAYS: integer(30, 1).describe(
    'Delivered submissions (and their files and finished webhook deliveries) are removed after this many days; caught spam after 7; dead letters stay until dealt with.',
  ),
  REPEAT_WINDOW_DAYS: integer(30, 1).describe(
    'An enquiry from the same mailbox (case, plus tags and Gmail’s dots aside) or telephone number (E.164) as a lead of this many days back is marked a repeat of the most recent one (`repeat_of`), never refused nor merged. See docs/routing.md.',
  ),
  UPLOAD_EXPIRY_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(24)
    .describe(
      'Files sent ahead (/api/uploads) that no enquiry named are removed after this many hours (fractions allowed), with what was made of them.',
    ),
  DRAFT_EXPIRY_DAYS: z.coerce
    .number()
    .positive()
    .max(90)
    .default(7)
    .describe(
      'A saved enquiry ("Save and continue later", the form configuration\'s `drafts`) and the files it keeps are removed this many days after it was last saved (fractions allowed); its emailed link stops working then.',
    ),
  FUNNEL_MIN_COUNT: integer(10, 1).describe(
    'Funnel cells (case type, campaign, variant) with fewer starts (views that began filling the form in) are merged into "other", so no small group can be singled out; the totals count them all the same. The demo (npm start) sets 1.',
  ),
  ADMIN_TOKEN: z
    .string()
    .superRefine((token, context) => {
      const problem = weakAdminToken(token);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .optional()
    .describe(
      "Bearer token of `GET /admin/status`, `/admin/funnel` and `/metrics`, and the console's sign-in at `/admin/` (or `ADMIN_TOKEN_FILE`); without it they answer 404. Random, 128 bits by the proxy's estimate at least (`openssl rand -base64 32`).",
    ),
  ...notifyEnvShape,
  ...oidcEnvShape,
  ...webhookEnvShape,
  ...convertEnvShape,
  ...calendarEnvShape,
});

/** The checked environment. */
export type ProxyEnv = z.output<typeof proxyEnvSchema>;

/** Variables that may instead be given as a file path in `NAME_FILE`. */
const FILE_VARIABLES = [
  'ENQUIRY_API_USERNAME',
  'ENQUIRY_API_PASSWORD',
  'DATABASE_URL',
  'FORM_TOKEN_SECRET',
  'CALENDAR_KEY',
  'TURNSTILE_SECRET_KEY',
  'SMTP_URL',
  'NOTIFY_WEBHOOK_SECRET',
  'ADMIN_TOKEN',
  'WEBHOOK_ENDPOINTS',
  'OIDC_CLIENT_SECRET',
] as const;

/** Every variable the proxy reads: the schema's, and the `NAME_FILE` form of its secrets. */
export const PROXY_ENV_NAMES: ReadonlySet<string> = new Set([
  ...Object.keys(proxyEnvSchema.shape),
  ...FILE_VARIABLES.map((name) => `${name}_FILE`),
]);

/** An environment the proxy cannot start with: one line per problem, each naming its variable. */
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
  if (values.DATABASE_URL && !values.FORM_TOKEN_SECRET && !reported.has('FORM_TOKEN_SECRET')) {
    problems.push(
      'FORM_TOKEN_SECRET: required when DATABASE_URL is set: every proxy sharing the database must sign form tokens with the same key (make one with `openssl rand -base64 32` and give each proxy the same)',
    );
  }
  problems.push(...notifyEnvProblems(values), ...oidcEnvProblems(values));
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
