/**
 * `npm run outbox -- webhooks`: the deliveries of webhook messages, listed and retried, on the
 * leads of `test/fixtures/outbox-cli.ts`.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { NOW, seededOutboxCli } from '../test/fixtures/outbox-cli.ts';

const cli = seededOutboxCli();

describe('webhooks', () => {
  const HOOK = 'https://hooks.example.com/zap';
  beforeEach(async () => {
    await cli.store.queueWebhooks(
      ['EQ-AAAA-0001', 'EQ-AAAA-0002'].map((reference) => ({
        messageId: `msg_${reference}`,
        endpoint: HOOK,
        event: 'enquiry.received' as const,
        reference,
        body: '{}',
        at: NOW - 60_000,
      })),
    );
    const [first] = await cli.store.claimWebhooks(HOOK, 'test', 30_000, NOW, 1);
    if (!first) throw new Error('claimed');
    await cli.store.finishWebhook(first.lease, {
      kind: 'dead',
      at: NOW - 30_000,
      status: 500,
      error: 'the endpoint answered 500',
    });
  });

  it('lists each delivery newest first with its endpoint, event, tries and last answer', async () => {
    expect(await cli.run('webhooks')).toBe(0);
    expect(cli.out).toHaveLength(2);
    expect(cli.out[0]).toMatch(/2\s+pending\s+enquiry\.received\s+EQ-AAAA-0002\s+https:\/\/hooks/);
    expect(cli.out[1]).toContain('dead');
    expect(cli.out[1]).toContain('given up 2027-03-27T11:59:30Z');
    expect(cli.out[1]).toContain('the endpoint answered 500');
    cli.out = [];
    expect(await cli.run('webhooks', 'dead', '--json')).toBe(0);
    expect(JSON.parse(cli.out.join('\n'))).toMatchObject([{ id: 1, state: 'dead', attempts: 1 }]);
    expect(await cli.run('webhooks', 'lost')).toBe(2);
    expect(cli.err[0]).toContain('use one of pending, delivered, dead');
  });

  it('retries a dead delivery under the same webhook-id, and says when there is none', async () => {
    expect(await cli.run('webhooks', 'retry', '1')).toBe(0);
    expect(cli.out[0]).toContain(
      'sent again now to https://hooks.example.com/zap, with the same webhook-id',
    );
    expect(await cli.store.listWebhooks({ limit: 5, state: 'pending' })).toHaveLength(2);
    expect(await cli.run('webhooks', 'retry', '99')).toBe(1);
    expect(cli.err[0]).toBe('No webhook delivery 99.');
    expect(await cli.run('webhooks', 'retry')).toBe(2);
  });

  it('does not send a delivered message again: the proxy keeps only its id and hash', async () => {
    const [second] = await cli.store.claimWebhooks(HOOK, 'test', 30_000, NOW, 1);
    if (!second) throw new Error('claimed');
    await cli.store.finishWebhook(second.lease, { kind: 'delivered', at: NOW, status: 204 });
    expect(await cli.run('webhooks', 'retry', '2')).toBe(1);
    expect(cli.err[0]).toContain('was delivered: the endpoint has it');
    expect(await cli.run('webhooks', 'delivered', '--json')).toBe(0);
    expect(JSON.parse(cli.out.join('\n'))).toMatchObject([
      { id: 2, state: 'delivered', bodySha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
  });
});
