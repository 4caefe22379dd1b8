/**
 * What the outbox keeps of a webhook message once the endpoint has it: with `includeFiles`, the
 * message carried the visitor's files in base64, and the files were deleted at delivery; so is
 * the message's body, and what stays is its id, the SHA-256 of what was sent, and how it went.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SAMPLE_PDF } from '../test/fixtures/outbox.ts';
import { deliveredWith, round, webhooksHarness } from '../test/fixtures/webhooks-harness.ts';

const { receiver, webhooksOn, openStore } = webhooksHarness();

describe('a delivered webhook message with files', () => {
  it('leaves no file in the outbox: its body goes, its id, hash and outcome stay', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'webhook-bodies-')), 'outbox.sqlite');
    const store = openStore(path);
    const hook = await receiver();
    const { webhooks } = webhooksOn(store, {
      endpoints: [{ ...hook.endpoint, includeFiles: true }],
    });
    await round(webhooks);
    await deliveredWith(store, webhooks);
    await round(webhooks);

    const pdf = Buffer.from(SAMPLE_PDF).toString('base64');
    const sent = hook.messages();
    expect(sent.map((m) => m.payload.type)).toEqual(['enquiry.received', 'enquiry.delivered']);
    expect(sent[0]?.body).toContain(pdf);
    const kept = (await store.listWebhooks({ limit: 5 })).reverse();
    expect(
      kept.map(({ messageId, state, body, bodySha256 }) => ({
        messageId,
        state,
        body,
        bodySha256,
      })),
    ).toEqual(
      sent.map((m) => ({
        messageId: m.id,
        state: 'delivered',
        body: null,
        bodySha256: createHash('sha256').update(m.body).digest('hex'),
      })),
    );
    // Nor in the table itself, however it is read.
    const db = new Database(path, { readonly: true });
    try {
      const holding = db
        .prepare('SELECT COUNT(*) AS n FROM webhook_deliveries WHERE instr(body, ?) > 0')
        .get(pdf.slice(0, 64)) as { n: number };
      expect(holding.n).toBe(0);
    } finally {
      db.close();
    }
  });
});
