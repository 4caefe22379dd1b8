/**
 * The environment of signed webhooks (part of the proxy's, see `env.ts`): which endpoints get
 * which events (`WEBHOOK_ENDPOINTS`, or `WEBHOOK_ENDPOINTS_FILE`), and how each is sent to.
 * Every address and secret an operator types is checked here, each problem named with its
 * place in the array; `npm run proxy -- --check` then proves each endpoint answers (`check.ts`).
 */
import { z } from 'zod';
import { integer } from '../env-values.ts';
import { WEBHOOK_EVENTS } from '../outbox/webhook.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `whsec_` and base64 of 24 to 64 random bytes, as Standard Webhooks (and Svix) make them. */
const SECRET = /^whsec_([A-Za-z0-9+/]+={0,2})$/;

const endpointUrl = z.string().superRefine((value, ctx) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: `"${value}" is not a URL` });
    return;
  }
  if (!(url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))))
    ctx.addIssue({ code: 'custom', message: 'must use https: (plain http: only for localhost)' });
  if (url.username || url.password)
    ctx.addIssue({ code: 'custom', message: 'must not contain a user or password' });
  if (url.hash) ctx.addIssue({ code: 'custom', message: 'must not have a #fragment' });
});

const secret = z.string().superRefine((value, ctx) => {
  const base64 = SECRET.exec(value)?.[1];
  const bytes = base64 ? Buffer.from(base64, 'base64').byteLength : 0;
  if (!base64 || bytes < 24 || bytes > 64)
    ctx.addIssue({
      code: 'custom',
      message:
        'must be "whsec_" and the base64 of 24 to 64 random bytes, e.g. whsec_$(openssl rand -base64 32)',
    });
});

/** One endpoint as the operator writes it. */
const endpointSchema = z.strictObject({
  url: endpointUrl,
  secret,
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `must be one of ${WEBHOOK_EVENTS.join(', ')}` }))
    .min(1, { error: 'must name at least one event' })
    .refine((events) => new Set(events).size === events.length, {
      error: 'names an event twice',
    }),
  includeFiles: z.boolean().default(false),
});

/** One endpoint: where, signed with what, which events, whether with the files' bytes. */
export type WebhookEndpoint = z.output<typeof endpointSchema>;

/** Where an issue is inside the array, as an operator reads it: `[1].events[0]`. */
const place = (path: readonly PropertyKey[]) =>
  path
    .map((part) => (typeof part === 'number' ? `[${String(part)}]` : `.${String(part)}`))
    .join('')
    .replace(/^\./, '');

/** `WEBHOOK_ENDPOINTS`: a JSON array of endpoints, each problem named with its place. */
const endpoints = z.string().transform((text, ctx): WebhookEndpoint[] => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      message: `is not JSON (${error instanceof Error ? error.message : String(error)}); write an array like [{"url": "https://…", "secret": "whsec_…", "events": ["enquiry.received"]}]`,
    });
    return z.NEVER;
  }
  const parsed = z.array(endpointSchema).safeParse(json);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.addIssue({
        code: 'custom',
        message: `${place(issue.path) || 'the value'}: ${issue.message}`,
      });
    return z.NEVER;
  }
  const urls = parsed.data.map((endpoint) => endpoint.url);
  urls.forEach((url, index) => {
    if (urls.indexOf(url) !== index)
      ctx.addIssue({
        code: 'custom',
        message: `[${String(index)}].url: ${url} is listed twice; list each endpoint once, with every event it wants`,
      });
  });
  return parsed.data;
});

/** The webhook variables, as `env.ts` adds them to the proxy's schema. */
export const webhookEnvShape = {
  WEBHOOK_ENDPOINTS: endpoints
    .default([])
    .describe(
      `Signed webhooks (Standard Webhooks) to the firm’s other tools: a JSON array of \`{"url", "secret": "whsec_…", "events": ["enquiry.received", "enquiry.delivered", "enquiry.failed"], "includeFiles": false}\` (or \`WEBHOOK_ENDPOINTS_FILE\`); the events are ${WEBHOOK_EVENTS.map((event) => `\`${event}\``).join(', ')}. See docs/webhooks.md.`,
    ),
  WEBHOOK_TIMEOUT_MS: integer(15_000, 1000).describe(
    'How long an endpoint may take to answer one webhook before the try counts as failed.',
  ),
  WEBHOOK_CONCURRENCY: integer(4, 1).describe('Webhooks sent to one endpoint at once.'),
  WEBHOOK_FILES_MAX_BYTES: integer(10 * 1024 * 1024, 0).describe(
    'With `includeFiles`, the files’ bytes one message carries at most (base64 in the body); files past it are listed without their bytes.',
  ),
};
