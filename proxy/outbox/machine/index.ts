/**
 * The outbox's state machine: every transition and query, written once, in one dialect's
 * spelling. Each store runs these plans with its own driver and adds only what is its own.
 */
import { listAudit, recordAudit } from './audit.ts';
import { confirmations } from './confirmations.ts';
import { delivery } from './delivery.ts';
import { addFunnelTally, expectDelivery, forgetFunnelDay, funnelReads } from './funnel.ts';
import { housekeeping } from './housekeeping.ts';
import { leads } from './leads.ts';
import { notifications } from './notifications.ts';
import { operator } from './operator.ts';
import type { Dialect, Statement } from './plan.ts';
import { reads } from './reads.ts';
import { rights } from './rights.ts';
import { getSetting, setSetting } from './settings.ts';
import { webhooks } from './webhooks.ts';
import { forgetWidgetFiles, keepWidgetFiles, widgetFile, widgetFileNames } from './widget-files.ts';

/** Every plan, in `d`'s spelling. */
export function outboxMachine(d: Dialect) {
  const r = reads(d);
  return {
    ...r,
    ...leads(d, (rows) => r.withFiles(rows)),
    ...delivery(d, (id) => r.byId(id)),
    ...operator(d, r),
    ...housekeeping(d),
    ...notifications(d),
    ...confirmations(d),
    ...webhooks(d, r.withFiles),
    ...rights(d, r),
    getSetting,
    setSetting,
    recordAudit,
    listAudit,
    addFunnelTally,
    expectDelivery,
    forgetFunnelDay,
    ...funnelReads(d),
    keepWidgetFiles,
    widgetFile,
    widgetFileNames,
    forgetWidgetFiles,
  };
}

/** The plans that only read: each driver runs them as they are (`boundQueries`). */
const QUERIES = [
  'get',
  'list',
  'leadPage',
  'dailyCounts',
  'counts',
  'nextDueAt',
  'leadsToNotify',
  'dueNotifications',
  'nextNotificationAt',
  'notificationsFor',
  'findReceipt',
  'quotaUsed',
  'awaitingWebhook',
  'nextWebhookAt',
  'deadWebhooks',
  'listWebhooks',
  'getSetting',
  'listAudit',
  'funnelCells',
  'findSubject',
  'widgetFile',
  'widgetFileNames',
] as const satisfies readonly (keyof ReturnType<typeof outboxMachine>)[];

type Machine = ReturnType<typeof outboxMachine>;
type Query = (typeof QUERIES)[number];
/** A query plan run by a driver: the same arguments, its result as a promise. */
type Bound<F> = F extends (...args: infer A) => Generator<unknown, infer T, unknown>
  ? (...args: A) => Promise<T>
  : never;

/** Every query of `m`, run by `run` (the driver's way of reading). */
export function boundQueries(
  m: Machine,
  run: <T>(plan: Generator<Statement, T, unknown>) => Promise<T>,
): { [K in Query]: Bound<Machine[K]> } {
  type AnyPlan = (this: Machine, ...args: unknown[]) => Generator<Statement, unknown, unknown>;
  const entries = QUERIES.map((name) => [
    name,
    (...args: unknown[]) => run((m[name] as AnyPlan).apply(m, args)),
  ]);
  return Object.fromEntries(entries) as { [K in Query]: Bound<Machine[K]> };
}
