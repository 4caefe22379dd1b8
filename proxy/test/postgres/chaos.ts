/**
 * The chaos run behind `chaos.test.ts`: three proxy processes on one PostgreSQL, a steady
 * stream of visitors (each retrying with its Idempotency-Key until an instance takes the
 * enquiry), one instance SIGKILLed and started again every few seconds, and the database
 * stopped for a while mid-run. What it returns is what the suite judges: the enquiries taken,
 * every create the stand-in received, every create answer a proxy received, and how long the
 * queue took to empty once the faults stopped (read back by `chaos-readings.ts`).
 */
import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { createFormTokens } from '../../http/bots/form-token.ts';
import { proxyEnvFor, TEST_FORM_TOKEN_SECRET } from '../fixtures/proxy-env.ts';
import { ORIGIN, validEnquiry } from '../fixtures/proxy-harness.ts';
import type { PostgresServer } from '../fixtures/postgres-server.ts';
import { CREDENTIALS } from '../platform/platform-session.ts';
import { startProxyProcess, type ProxyProcess } from '../reliability/proxy-process.ts';
import type { RunningEnquiryApi } from '../../../demo/enquiry-api/server.ts';
import type { Create, CreateAnswer, DatabaseAway, Lead } from './chaos-duplicates.ts';
import {
  answersIn,
  createsIn,
  emailOf,
  leadsIn,
  longestWait,
  unknownsIn,
} from './chaos-readings.ts';

/** How hard and how long the run is. */
export interface ChaosPlan {
  /**
   * How long visitors send and instances are killed; given a number of `enquiries`, until the
   * last is sent, however long the machine takes to send them.
   */
  faultMs: number;
  /** One enquiry every this often. */
  sendEveryMs: number;
  /** How many visitors come (`Infinity`: as many as `faultMs` has room for). */
  enquiries: number;
  /** One instance killed (and started again) every this often. */
  killEveryMs: number;
  /** When PostgreSQL is stopped, from the start, and for how long. */
  outageAtMs: number;
  outageMs: number;
  /** The proxies' environment on top of the usual test one. */
  env: Record<string, string>;
}

/** What a chaos run saw. */
export interface ChaosOutcome {
  /** Enquiries an instance took (201 or 202), by the visitor's number: their reference. */
  accepted: Map<number, string>;
  /** Enquiries no instance took before the run ended, with the last answer each had. */
  neverAccepted: { visitor: number; lastAnswer: string }[];
  /** The creates the stand-in holds: its id, when it got it, the visitor, whether it cut the line. */
  creates: Create[];
  answers: CreateAnswer[];
  /** Each visitor's lead as the outbox holds it at the end. */
  leads: Lead[];
  /** Per reference, the proxies' lines saying a create's outcome was unknown. */
  unknownLogged: Map<string, number>;
  /** When the database was stopped: from its stop to its first connection after the start. */
  databaseAway: DatabaseAway[];
  /** The longest a create's answer waited for its record, as the proxies logged it. */
  longestRecordWaitMs: number | null;
  kills: number;
  /** Instances that exited without being killed, with their last log messages. */
  unexpectedExits: { pid: number; code: number | string | null; stderr: string }[];
  /** From the end of the faults to an empty queue; null if it never emptied. */
  drainMs: number | null;
  /** Submissions not delivered when the run gave up waiting. */
  left: { reference: string; state: string; lease_owner: string | null }[];
}

/** How long a visitor waits before sending again after a failure. */
const VISITOR_RETRY_MS = 2000;

/** Runs the chaos plan against `api` and the database at `databaseUrl` on `server`. */
export async function runChaos(
  server: PostgresServer,
  databaseUrl: string,
  api: RunningEnquiryApi,
  plan: ChaosPlan,
  drainLimitMs: number,
): Promise<ChaosOutcome> {
  const env = proxyEnvFor(api, CREDENTIALS, { DATABASE_URL: databaseUrl, ...plan.env });
  const everyProcess: ProxyProcess[] = [];
  const unexpectedExits: ChaosOutcome['unexpectedExits'] = [];
  const slots: { process: ProxyProcess; url: string | undefined }[] = [];
  const launch = async (slot: number) => {
    // While the database is away a new instance cannot start: it exits, and is started again.
    for (;;) {
      const proxy = startProxyProcess(env);
      everyProcess.push(proxy);
      slots[slot] = { process: proxy, url: undefined };
      const url = await proxy.listening.catch(() => undefined);
      if (url) {
        slots[slot] = { process: proxy, url };
        // One that dies by itself (not killed here) is a finding: started again, and logged.
        void proxy.exited.then((code) => {
          if (code === 'SIGKILL' || slots[slot]?.process !== proxy) return;
          unexpectedExits.push({ pid: proxy.pid, code, stderr: proxy.stderrTail().slice(-1500) });
          void launch(slot);
        });
        return;
      }
      await sleep(500);
    }
  };
  await Promise.all([0, 1, 2].map(launch));

  const started = Date.now();
  /** Set once the last visitor came: the faults end then. */
  let faultsEnd: number | undefined;
  const visitorsGiveUp = () => (faultsEnd ?? Infinity) + drainLimitMs;
  const tokens = createFormTokens(TEST_FORM_TOKEN_SECRET);
  const accepted = new Map<number, string>();
  const neverAccepted: ChaosOutcome['neverAccepted'] = [];

  /** One visitor: sends to a live instance, again and again, until one takes the enquiry. */
  const visit = async (visitor: number) => {
    const token = tokens.issue();
    let lastAnswer = 'none';
    while (Date.now() < visitorsGiveUp()) {
      const live = slots.filter((slot) => slot.url);
      const target = live[Math.floor(Math.random() * live.length)]?.url;
      if (target) {
        const form = new FormData();
        const enquiry = { ...validEnquiry(), email: emailOf(visitor), form_token: token };
        form.append('enquiry', JSON.stringify(enquiry));
        const answer = await fetch(`${target}/api/enquiries`, {
          method: 'POST',
          body: form,
          headers: { origin: ORIGIN, 'idempotency-key': `chaos-${visitor}` },
          signal: AbortSignal.timeout(30_000),
        }).catch(() => undefined);
        const body = answer && ((await answer.json().catch(() => ({}))) as { reference?: string });
        if (answer && (answer.status === 201 || answer.status === 202) && body?.reference) {
          accepted.set(visitor, body.reference);
          return;
        }
        lastAnswer = answer ? `${String(answer.status)} ${JSON.stringify(body)}` : 'no answer';
      }
      // As the widget does: a pause between tries, so that retries do not pile up into a storm.
      await sleep(VISITOR_RETRY_MS);
    }
    neverAccepted.push({ visitor, lastAnswer });
  };
  const visitors: Promise<void>[] = [];
  const counted = Number.isFinite(plan.enquiries);
  const sending = (async () => {
    for (
      let visitor = 1;
      visitor <= plan.enquiries && (counted || Date.now() < started + plan.faultMs);
      visitor += 1
    ) {
      visitors.push(visit(visitor));
      await sleep(plan.sendEveryMs);
    }
    faultsEnd = Date.now();
  })();

  // A kill every few seconds, each victim started again meanwhile; never while the last one
  // is still starting, so that a machine slow to start a proxy is never left with none up.
  let kills = 0;
  const killedAt = new Map<ProxyProcess, number>();
  const relaunches: Promise<void>[] = [];
  const killing = (async () => {
    for (;;) {
      await sleep(plan.killEveryMs);
      await Promise.all(relaunches);
      if (faultsEnd !== undefined) break;
      const up = [0, 1, 2].filter((slot) => slots[slot]?.url);
      const slot = up[Math.floor(Math.random() * up.length)];
      const victim = slot === undefined ? undefined : slots[slot];
      if (slot === undefined || !victim) continue;
      killedAt.set(victim.process, Date.now());
      victim.process.child.kill('SIGKILL');
      await victim.process.exited;
      kills += 1;
      relaunches.push(launch(slot));
    }
  })();

  const databaseAway: DatabaseAway[] = [];
  const outage = (async () => {
    await sleep(plan.outageAtMs);
    const from = Date.now();
    await server.stop();
    await sleep(plan.outageMs);
    await server.start();
    databaseAway.push({ from, to: Date.now() });
  })();

  await Promise.all([sending, killing, outage]);
  // The faults end with every instance up again.
  await Promise.all(relaunches);
  const queue = new pg.Client({ connectionString: databaseUrl });
  await queue.connect();
  try {
    const undelivered = async () =>
      (
        await queue.query<{ reference: string; state: string; lease_owner: string | null }>(
          `SELECT reference, state, lease_owner FROM submissions WHERE state <> 'delivered'`,
        )
      ).rows;
    let drainMs: number | null = null;
    let left = await undelivered();
    const visiting = Promise.all(visitors);
    const visitorsDone = { now: false };
    void visiting.then(() => {
      visitorsDone.now = true;
    });
    // From the faults' end, every instance up again: a machine that took a minute to start the
    // last victim (load 25) left the queue no time of its own.
    const ended = Date.now();
    while (Date.now() < ended + drainLimitMs) {
      left = await undelivered();
      if (visitorsDone.now && left.length === 0) {
        drainMs = Date.now() - ended;
        break;
      }
      await sleep(250);
    }
    await visiting;
    if (process.env.CHAOS_LOG)
      writeFileSync(
        process.env.CHAOS_LOG,
        everyProcess
          .flatMap((one) => one.entries.map((entry) => JSON.stringify({ pid: one.pid, ...entry })))
          .join('\n'),
      );
    return {
      accepted,
      neverAccepted,
      creates: await createsIn(api),
      answers: everyProcess.flatMap((one) => answersIn(one.entries, killedAt.get(one))),
      leads: await leadsIn(queue),
      unknownLogged: unknownsIn(everyProcess.flatMap((one) => one.entries)),
      databaseAway,
      longestRecordWaitMs: longestWait(everyProcess.flatMap((one) => one.entries)),
      kills,
      unexpectedExits,
      drainMs,
      left,
    };
  } finally {
    await queue.end();
    for (const { process } of slots) process.child.kill('SIGKILL');
  }
}
