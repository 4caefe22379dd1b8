/**
 * A local stand-in for Cloudflare Turnstile's siteverify endpoint, answering as the documented
 * test keys do, so the proxy's verification is tested without the internet:
 *
 * | secret                                  | answer                                     |
 * | 1x0000000000000000000000000000000AA     | success                                    |
 * | 2x0000000000000000000000000000000AA     | failure: invalid-input-response            |
 * | 3x0000000000000000000000000000000AA     | failure: timeout-or-duplicate (token spent) |
 * | anything else                           | failure: invalid-input-secret              |
 *
 * The test site keys make the widget produce the dummy token `XXXX.DUMMY.TOKEN.XXXX`.
 */
import { Hono } from 'hono';

/** Cloudflare's published Turnstile test keys: one always passes, one always fails. */
export const TURNSTILE_TEST_KEYS = Object.freeze({
  siteKeyPasses: '1x00000000000000000000AA',
  secretPasses: '1x0000000000000000000000000000000AA',
  secretFails: '2x0000000000000000000000000000000AA',
  secretSpent: '3x0000000000000000000000000000000AA',
  dummyToken: 'XXXX.DUMMY.TOKEN.XXXX',
});

const ANSWERS: Readonly<Record<string, string[]>> = {
  [TURNSTILE_TEST_KEYS.secretPasses]: [],
  [TURNSTILE_TEST_KEYS.secretFails]: ['invalid-input-response'],
  [TURNSTILE_TEST_KEYS.secretSpent]: ['timeout-or-duplicate'],
};

/** A local siteverify that answers as Cloudflare does for its test keys. */
export function createSiteverifyStandIn(): Hono {
  const app = new Hono();
  app.post('/turnstile/v0/siteverify', async (c) => {
    const form = await c.req.parseBody();
    const secret = typeof form.secret === 'string' ? form.secret : '';
    const response = typeof form.response === 'string' ? form.response : '';
    const codes = !secret
      ? ['missing-input-secret']
      : !response
        ? ['missing-input-response']
        : (ANSWERS[secret] ?? ['invalid-input-secret']);
    return c.json({
      success: codes.length === 0,
      'error-codes': codes,
      ...(codes.length === 0
        ? { challenge_ts: new Date().toISOString(), hostname: 'localhost' }
        : {}),
    });
  });
  return app;
}
