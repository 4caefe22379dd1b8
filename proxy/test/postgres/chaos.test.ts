/**
 * Chaos on a shared PostgreSQL outbox: three proxy processes, visitors sending all along, an
 * instance SIGKILLed and started again every few seconds, and the database stopped mid-run.
 * Every enquiry taken reaches the platform; none is created again once an instance has had the
 * platform's answer to its create (a kill before an answer may still duplicate: the platform
 * has no idempotency); and the queue is empty within a minute of the faults stopping.
 *
 * Short by default (20 s of faults, 8 s of them without the database); `npm run chaos:postgres` runs the long one.
 * CHAOS_SECONDS, CHAOS_KILL_EVERY_MS, CHAOS_OUTAGE_MS and CHAOS_SEND_EVERY_MS choose the counts.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleConfigPath } from '../../../demo/forms/index.ts';
import { startEnquiryApi } from '../../../demo/enquiry-api/server.ts';
import { CREDENTIALS } from '../platform/platform-session.ts';
import { runChaos } from './chaos.ts';
import { absent, postgres, usePostgres } from './shared-session.ts';

usePostgres();

const count = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const FAULT_MS = count('CHAOS_SECONDS', 20) * 1000;
const OUTAGE_MS = count('CHAOS_OUTAGE_MS', 8000);
const KILL_EVERY_MS = count('CHAOS_KILL_EVERY_MS', 3000);
const SEND_EVERY_MS = count('CHAOS_SEND_EVERY_MS', 300);
const DRAIN_LIMIT_MS = 60_000;

/** The example form with files up to 1 MiB: a step's lease is then seconds, as in instance-death. */
function smallFilesConfig(): string {
  const config = JSON.parse(readFileSync(exampleConfigPath('law-firm'), 'utf8')) as {
    files: { maxFileBytes: number };
  };
  config.files.maxFileBytes = 1024 * 1024;
  const path = join(mkdtempSync(join(tmpdir(), 'chaos-')), 'form.json');
  writeFileSync(path, JSON.stringify(config));
  return path;
}

describe.skipIf(absent)('three instances under kills and a database restart', () => {
  it(
    'deliver every enquiry taken, never create one again after its answer came, and drain within a minute',
    async () => {
      // Each create takes a moment, so that kills and the outage land between a create and
      // the record of its answer.
      const api = await startEnquiryApi({
        credentials: CREDENTIALS,
        faults: { latencyMs: 150, endpoints: ['create'] },
      });
      try {
        const outcome = await runChaos(
          postgres(),
          await postgres().createDatabase(),
          api,
          {
            faultMs: FAULT_MS,
            sendEveryMs: SEND_EVERY_MS,
            killEveryMs: KILL_EVERY_MS,
            outageMs: OUTAGE_MS,
            env: {
              FORM_CONFIG: smallFilesConfig(),
              UPSTREAM_TIMEOUT_MS: '3000',
              CONVERT_TIMEOUT_MS: '1000',
            },
          },
          DRAIN_LIMIT_MS,
        );
        const { accepted, creates, answers } = outcome;
        const createsOf = (visitor: number) => creates.filter((c) => c.visitor === visitor);
        const visitors = [...new Set(creates.map((create) => create.visitor))];
        const duplicated = visitors.filter((v) => createsOf(v).length > 1);
        // A create the platform received after some instance already had an answer to one
        // of the same enquiry (the answer names the id the stand-in gave that create). Split by
        // whether that instance was still alive then, or had been killed holding the answer
        // unrecorded (the database away): that answer died with the process, and the platform
        // has no idempotency key to find the enquiry by.
        const afterAnswer = duplicated.flatMap((visitor) => {
          const ids = new Set(createsOf(visitor).map((create) => create.id));
          const [first] = answers.filter((a) => ids.has(a.enquiryId)).sort((a, b) => a.at - b.at);
          if (!first) return [];
          return createsOf(visitor)
            .filter((create) => create.at > first.at)
            .map((create) => ({
              visitor,
              enquiryId: create.id,
              lateByMs: create.at - first.at,
              answerDiedWithItsInstance: (first.killedAt ?? Infinity) < create.at,
            }));
        });
        const afterLiveAnswer = afterAnswer.filter((d) => !d.answerDiedWithItsInstance);
        const figures = {
          enquiries: accepted.size,
          neverAccepted: outcome.neverAccepted.length,
          creates: creates.length,
          kills: outcome.kills,
          duplicates: duplicated.length,
          duplicatesAfterAnswer: afterLiveAnswer.length,
          duplicatesAfterAnswerKilledWithIt: afterAnswer.length - afterLiveAnswer.length,
          drainMs: outcome.drainMs,
        };
        console.info(`chaos: ${JSON.stringify(figures)}`);
        console.info(`exits: ${JSON.stringify(outcome.unexpectedExits)}`);
        console.info(`left: ${JSON.stringify(outcome.left.slice(0, 10))}`);
        console.info(`never accepted: ${JSON.stringify(outcome.neverAccepted.slice(0, 5))}`);

        expect(outcome.kills).toBeGreaterThan(0);
        expect(outcome.unexpectedExits).toEqual([]);
        expect(outcome.neverAccepted).toEqual([]);
        expect([...accepted.keys()].filter((v) => createsOf(v).length === 0)).toEqual([]);
        expect(afterLiveAnswer).toEqual([]);
        expect(outcome.left).toEqual([]);
        expect(outcome.drainMs).not.toBeNull();
        expect(outcome.drainMs).toBeLessThan(DRAIN_LIMIT_MS);
      } finally {
        await api.close();
      }
    },
    FAULT_MS + DRAIN_LIMIT_MS + 120_000,
  );
});
