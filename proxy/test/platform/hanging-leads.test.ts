/**
 * Issue #84, finding 6: four leads whose create the platform never answers, while it answers
 * every other at once. Each of their attempts holds a delivery place until the timeout; once
 * each is known to time out, they are retried in a share of the places only, and every visitor
 * who comes meanwhile has a place: their enquiry reaches the platform while they wait, and they
 * are told it is delivered. (Before, the four retries took all four places a timeout at a time,
 * and 74 of 80 visitors were told "queued", their enquiries up to 29 s late.)
 */
import { describe, expect, it } from 'vitest';
import { eventually, platformSession } from './platform-session.ts';

const HANGING = [1, 2, 3, 4].map((n) => `stuck-${String(n)}@example.com`);
/** Visitors who come while the four are retried, at least, and as many as that takes. */
const VISITORS = 8;
/** The four hanging leads' retries the visitors must overlap, beyond each one's first attempt. */
const RETRIES_SEEN = 3;

describe('leads the platform never answers', () => {
  it('are retried in a share of the delivery places, and every other enquiry is delivered while its visitor waits', async () => {
    const session = await platformSession({
      faults: { hangFor: HANGING },
      env: { UPSTREAM_TIMEOUT_MS: '1500', DELIVERY_DEADLINE_MS: '5000' },
    });
    const hangs = () => Promise.resolve(session.api.store.stats.faulted);
    // Each of the four is answered "queued" once its first attempt times out.
    const first = await Promise.all(HANGING.map((email) => session.submit([], { email })));
    expect(first.map((answer) => answer.status)).toEqual([202, 202, 202, 202]);
    const knownSlow = await hangs();

    // Visitors come steadily while the four are retried (each retry hangs until the timeout).
    const answers: number[] = [];
    for (let n = 1; answers.length < VISITORS || (await hangs()) < knownSlow + RETRIES_SEEN; n++) {
      const { status } = await session.submit([], { email: `visitor-${String(n)}@example.com` });
      answers.push(status);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(answers.filter((status) => status !== 201)).toEqual([]);

    // The four are still there to deliver, and were tried again meanwhile, not given up.
    const health = await session.health();
    expect(health.outbox).toMatchObject({ queued: HANGING.length, dead: 0 });
    expect(health.delivery).toBe('running');
    const inbox = await eventually(session.inbox, (all) => all.length === answers.length);
    expect(
      inbox.map((lead) => lead.email).filter((email) => HANGING.includes(email ?? '')),
    ).toEqual([]);
  }, 120_000);
});
