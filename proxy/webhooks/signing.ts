/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): `webhook-signature` is `v1,`
 * and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed by the
 * secret's bytes. Receivers verify it with the specification's libraries (`standardwebhooks`
 * on npm), which is how the tests check it.
 */
import { createHmac } from 'node:crypto';

/**
 * The key of a secret: the bytes after `whsec_` (base64), as every Standard Webhooks library
 * reads it; any other secret (the alert webhook's `NOTIFY_WEBHOOK_SECRET`) is its UTF-8 bytes,
 * as the libraries read a secret given with `{ format: 'raw' }`.
 */
const secretKey = (secret: string): Buffer =>
  secret.startsWith('whsec_')
    ? Buffer.from(secret.slice('whsec_'.length), 'base64')
    : Buffer.from(secret, 'utf8');

/**
 * The three headers of one try: the id is the message's (the same on every retry), the
 * timestamp this try's, so a receiver can refuse a replayed old request.
 *
 * @example signedHeaders('whsec_…', 'msg_2b…', Date.now(), body)['webhook-signature'] // 'v1,K5o…='
 */
export function signedHeaders(secret: string, id: string, at: number, body: string) {
  const timestamp = String(Math.floor(at / 1000));
  const signature = createHmac('sha256', secretKey(secret))
    .update(`${id}.${timestamp}.${body}`)
    .digest('base64');
  return {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${signature}`,
  };
}
