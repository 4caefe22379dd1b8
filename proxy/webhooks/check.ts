/**
 * `npm run proxy -- --check` for signed webhooks: each endpoint is sent one signed test message
 * (`webhook.test`, which a receiver may ignore) and must answer 2xx, so an address mistyped, a
 * receiver that refuses the secret, or one that cannot be reached is found before the first
 * enquiry's events wait on it.
 */
import { newMessageId } from './messages.ts';
import { sendWebhook } from './send.ts';
import type { WebhookEndpoint } from './webhook-env.ts';

/** What the check of one endpoint means, for a person. */
function hintFor(status: number | null): string {
  if (status === null) return 'check the address, and that this server may reach it';
  if (status === 401 || status === 403)
    return 'the receiver refused the message: check that it has this endpoint’s secret';
  if (status === 404 || status === 405)
    return 'nothing takes webhooks at this address: check the URL';
  if (status >= 300 && status < 400) return 'the address redirects: give the final address';
  return 'the receiver failed; see its log';
}

/** Checks every endpoint; prints one line each; returns true when all answered 2xx. */
export async function checkWebhookEndpoints(
  endpoints: readonly WebhookEndpoint[],
  timeoutMs: number,
  print: (line: string) => void,
): Promise<boolean> {
  let allOk = true;
  for (const endpoint of endpoints) {
    const body = JSON.stringify({
      type: 'webhook.test',
      timestamp: new Date().toISOString(),
      data: { events: endpoint.events },
    });
    const result = await sendWebhook({
      url: endpoint.url,
      secret: endpoint.secret,
      messageId: newMessageId(),
      body,
      at: Date.now(),
      timeoutMs,
    });
    if (result.ok)
      print(
        `Webhook ${endpoint.url}: OK (answered ${String(result.status)} to a signed test message)`,
      );
    else {
      allOk = false;
      print(`Webhook ${endpoint.url}: FAILED: ${result.error}; ${hintFor(result.status)}`);
    }
  }
  return allOk;
}
