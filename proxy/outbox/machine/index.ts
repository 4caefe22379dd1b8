/**
 * The outbox's state machine: every transition and query, written once, in one dialect's
 * spelling. Each store runs these plans with its own driver and adds only what is its own.
 */
import { listAudit, recordAudit } from './audit.ts';
import { delivery } from './delivery.ts';
import { housekeeping } from './housekeeping.ts';
import { notifications } from './notifications.ts';
import { operator } from './operator.ts';
import type { Dialect } from './plan.ts';
import { reads } from './reads.ts';
import { rights } from './rights.ts';
import { getSetting, setSetting } from './settings.ts';

/** Every plan, in `d`'s spelling. */
export function outboxMachine(d: Dialect) {
  const r = reads(d);
  return {
    ...r,
    ...delivery(d, (id) => r.byId(id)),
    ...operator(d, r),
    ...housekeeping(d),
    ...notifications(d),
    ...rights(d, r),
    getSetting,
    setSetting,
    recordAudit,
    listAudit,
  };
}
