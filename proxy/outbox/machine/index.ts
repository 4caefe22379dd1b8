/**
 * The outbox's state machine: every transition and query, written once, in one dialect's
 * spelling. Each store runs these plans with its own driver and adds only what is its own.
 */
import { listAudit, recordAudit } from './audit.ts';
import { confirmations } from './confirmations.ts';
import { delivery } from './delivery.ts';
import { addFunnelTally, expectDelivery, funnelCells } from './funnel.ts';
import { housekeeping } from './housekeeping.ts';
import { leads } from './leads.ts';
import { notifications } from './notifications.ts';
import { operator } from './operator.ts';
import type { Dialect } from './plan.ts';
import { reads } from './reads.ts';
import { rights } from './rights.ts';
import { getSetting, setSetting } from './settings.ts';
import { webhooks } from './webhooks.ts';

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
    funnelCells,
  };
}
