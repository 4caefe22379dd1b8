/**
 * A proxy whose `ENQUIRY_API_URL` answers but is not the enquiry API (the stand-in under a
 * mistyped namespace, a web server, another JSON API): it keeps the visitor's enquiry, pauses
 * delivery with a fix naming the variable, and says so on `/healthz` and `/admin/status`,
 * instead of retrying for a day as if the platform were briefly down.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { adminStatus } from '../fixtures/proxy-env.ts';
import { IMPOSTORS, startImpostor, type RunningImpostor } from './impostors.ts';
import { eventually, platformSession, type PlatformSession } from './platform-session.ts';

const impostors: RunningImpostor[] = [];
afterEach(async () => {
  for (const impostor of impostors.splice(0)) await impostor.close();
});

/** A visitor's enquiry is kept; delivery pauses with the fix, and health says so. */
async function expectPausedWithFix(session: PlatformSession) {
  expect((await session.submit()).status).toBe(202);
  const health = await eventually(session.health, (each) => each.delivery.startsWith('paused'));
  expect(health.public).toEqual({ status: 'failing' });
  expect((await fetch(`${session.proxy.url}/healthz`)).status).toBe(503);
  const status = await adminStatus<{ lastUpstreamError: { error: string } | null }>(
    session.proxy.url,
  );
  expect(status.lastUpstreamError?.error).toMatch(/not the enquiry API/);
  const [paused] = session.logged('configuration error');
  expect(paused?.fix).toMatch(/ENQUIRY_API_URL/);
  expect(session.logged('delivery failed; will retry')).toEqual([]);
  expect(health.outbox).toMatchObject({ queued: 1, delivered: 0, dead: 0 });
}

describe('an address that answers but is not the enquiry API', () => {
  it('the stand-in under a mistyped namespace: paused, failing, nothing retried', async () => {
    const session = await platformSession({ url: (api) => `${api.origin}/wp-json/enquiry/v1` });
    await expectPausedWithFix(session);
    expect(await session.inbox()).toEqual([]);
  });

  it.each(IMPOSTORS.map((impostor) => [impostor.name, impostor] as const))(
    '%s: paused, failing, nothing retried',
    async (_name, impostor) => {
      const running = await startImpostor(impostor);
      impostors.push(running);
      await expectPausedWithFix(await platformSession({ url: () => running.url }));
    },
  );

  it('resumes and delivers once ENQUIRY_API_URL is put right', async () => {
    const session = await platformSession({ url: (api) => `${api.origin}/wp-json/enquiry/v1` });
    await expectPausedWithFix(session);
    await session.restart({ ENQUIRY_API_URL: session.api.url });
    const health = await eventually(session.health, (each) => each.outbox.delivered === 1);
    expect(health.delivery).toBe('running');
    expect(health.public).toEqual({ status: 'ok' });
  });
});
