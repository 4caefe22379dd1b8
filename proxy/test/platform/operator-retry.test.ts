/**
 * An operator's `npm run outbox -- retry <reference>`, run beside a running proxy (its own
 * connection to the outbox, as the CLI has): the proxy picks it up within a second or so.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runOutboxCommand } from '../../cli/outbox-command.ts';
import { openSqliteOutbox } from '../../outbox/sqlite/store.ts';
import { eventually, platformSession } from './platform-session.ts';

describe('an operator retrying a dead letter', () => {
  it('is delivered by the running proxy within about a second', async () => {
    const session = await platformSession({ faults: { failRate: 1, failStatus: 400 } });
    const answer = await session.submit();
    expect(answer.status).toBe(502);
    session.faults({ failRate: 0 });

    const cli = openSqliteOutbox(join(session.dataDir, 'outbox.sqlite'));
    const lines: string[] = [];
    const io = {
      out: (line: string) => lines.push(line),
      err: (line: string) => lines.push(line),
      now: Date.now,
    };
    const started = Date.now();
    expect(await runOutboxCommand(['retry', String(answer.body.reference)], cli, io)).toBe(0);
    await cli.close();
    // Without the proxy looking each second, this would wait for its 30 s poll.
    await eventually(session.health, (health) => health.outbox.delivered === 1, 5000);
    console.log(
      `operator retry delivered by the running proxy in ${String(Date.now() - started)} ms`,
    );
  });
});
