/**
 * Chaos on a shared PostgreSQL outbox: three proxy processes, visitors sending all along, an
 * instance SIGKILLed and started again every few seconds, the database stopped mid-run, and a
 * platform that fails 30 % of creates with 503 and cuts the line after 5 % of those it makes.
 * Every enquiry taken reaches the platform; every enquiry created more than once is explained
 * by a create whose outcome could not be known (`chaos-duplicates.ts`), and the proxy counted
 * it; and the queue is empty within a minute of the faults stopping.
 *
 * Short by default (20 s of faults, 8 s of them without the database); `npm run chaos:postgres`
 * runs the long one (300 enquiries, the faults lasting until the last is sent, a restart of
 * about a second at 33 s).
 * CHAOS_SECONDS, CHAOS_ENQUIRIES, CHAOS_SEND_EVERY_MS, CHAOS_KILL_EVERY_MS, CHAOS_OUTAGE_AT_MS,
 * CHAOS_OUTAGE_MS, CHAOS_FAIL_RATE, CHAOS_DROP_RATE and CHAOS_SEED choose the counts;
 * CHAOS_LOG names a file to write every proxy's log to.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleConfigPath } from '../../../demo/forms/index.ts';
import { startEnquiryApi } from '../../../demo/enquiry-api/server.ts';
import { CREDENTIALS } from '../platform/platform-session.ts';
import { runChaos } from './chaos.ts';
import { duplicateFigures, explainDuplicates } from './chaos-duplicates.ts';
import { absent, postgres, usePostgres } from './shared-session.ts';

usePostgres();

const count = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ENQUIRIES = count('CHAOS_ENQUIRIES', Infinity);
const SEND_EVERY_MS = count('CHAOS_SEND_EVERY_MS', 300);
/** How long the faults last: the seconds asked for, or as long as sending the enquiries takes. */
const FAULT_MS = Number.isFinite(ENQUIRIES)
  ? ENQUIRIES * SEND_EVERY_MS
  : count('CHAOS_SECONDS', 20) * 1000;
const OUTAGE_MS = count('CHAOS_OUTAGE_MS', 8000);
const KILL_EVERY_MS = count('CHAOS_KILL_EVERY_MS', 3000);
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
    'deliver every enquiry taken, create one again only after an unknown outcome, and drain within a minute',
    async () => {
      // Each create takes a moment, so that kills and the outage land between a create and
      // the record of its answer.
      const api = await startEnquiryApi({
        credentials: CREDENTIALS,
        faults: {
          latencyMs: 150,
          endpoints: ['create'],
          failRate: count('CHAOS_FAIL_RATE', 0.3),
          dropAfterCreateRate: count('CHAOS_DROP_RATE', 0.05),
          seed: count('CHAOS_SEED', 1),
        },
      });
      try {
        const outcome = await runChaos(
          postgres(),
          await postgres().createDatabase(),
          api,
          {
            faultMs: FAULT_MS,
            sendEveryMs: SEND_EVERY_MS,
            enquiries: ENQUIRIES,
            killEveryMs: KILL_EVERY_MS,
            outageAtMs: count('CHAOS_OUTAGE_AT_MS', FAULT_MS / 5),
            outageMs: OUTAGE_MS,
            env: {
              FORM_CONFIG: smallFilesConfig(),
              UPSTREAM_TIMEOUT_MS: '3000',
              CONVERT_TIMEOUT_MS: '1000',
              // Retries of the platform's 503s come within seconds, so the queue drains in a minute.
              RETRY_BASE_MS: '500',
              RETRY_MAX_DELAY_MS: '4000',
            },
          },
          DRAIN_LIMIT_MS,
        );
        const { accepted, creates } = outcome;
        const duplicates = explainDuplicates(
          creates,
          outcome.answers,
          outcome.leads,
          outcome.unknownLogged,
          outcome.databaseAway,
        );
        const figures = {
          enquiries: accepted.size,
          neverAccepted: outcome.neverAccepted.length,
          creates: creates.length,
          kills: outcome.kills,
          ...duplicateFigures(duplicates),
          longestRecordWaitMs: outcome.longestRecordWaitMs,
          drainMs: outcome.drainMs,
        };
        console.info(`chaos: ${JSON.stringify(figures)}`);
        console.info(`unexplained: ${JSON.stringify(duplicates.filter((d) => !d.explained))}`);
        console.info(`exits: ${JSON.stringify(outcome.unexpectedExits)}`);
        console.info(`left: ${JSON.stringify(outcome.left.slice(0, 10))}`);
        console.info(`never accepted: ${JSON.stringify(outcome.neverAccepted.slice(0, 5))}`);

        expect(outcome.kills).toBeGreaterThan(0);
        expect(outcome.unexpectedExits).toEqual([]);
        expect(outcome.neverAccepted).toEqual([]);
        const createdFor = new Set(creates.map((create) => create.visitor));
        expect([...accepted.keys()].filter((visitor) => !createdFor.has(visitor))).toEqual([]);
        expect(duplicates.filter((duplicate) => !duplicate.explained)).toEqual([]);
        expect(outcome.left).toEqual([]);
        expect(outcome.drainMs).not.toBeNull();
        expect(outcome.drainMs).toBeLessThan(DRAIN_LIMIT_MS);
      } finally {
        await api.close();
      }
    },
    // A busy machine sends more slowly than asked: room for twice the time.
    2 * FAULT_MS + DRAIN_LIMIT_MS + 120_000,
  );
});
