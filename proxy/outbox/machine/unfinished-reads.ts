/**
 * What the firm reads of unfinished enquiries, written once for both databases: a page of the
 * kept records newest change first (the console, the CLI), one record, a person's records (by
 * their address or number, through the indexes on both), the counts of the status page, and
 * the counts by campaign that a marketer sees instead of the records.
 */
import {
  UNFINISHED_TOTALS,
  type UnfinishedCounts,
  type UnfinishedFields,
  type UnfinishedFilter,
  type UnfinishedMarketing,
  type UnfinishedRecord,
} from '../unfinished.ts';
import type { Subject } from './rights.ts';
import { all, one, type Dialect, type Plan } from './plan.ts';
import { askedNumber } from './telephone.ts';

/** A kept row of `unfinished`, as both databases answer it. */
export interface UnfinishedRow {
  id: string;
  form_version: number | null;
  lang: string;
  fields: string;
  marketing: string;
  statement: string;
  consented_at: number;
  remind_statement: string | null;
  remind_consented_at: number | null;
  remind_at: number | null;
  reminded_at: number | null;
  page: string | null;
  created_at: number;
  updated_at: number;
  expires_at: number;
}

/** A kept row as the record the firm reads. */
export function toUnfinished(row: UnfinishedRow): UnfinishedRecord {
  return {
    id: row.id,
    fields: JSON.parse(row.fields) as UnfinishedFields,
    marketing: JSON.parse(row.marketing) as UnfinishedMarketing,
    lang: row.lang,
    formVersion: row.form_version,
    consent: { statement: row.statement, at: row.consented_at },
    reminder:
      row.remind_statement === null
        ? null
        : {
            statement: row.remind_statement,
            at: row.remind_consented_at ?? row.consented_at,
            dueAt: row.remind_at ?? row.updated_at,
            sentAt: row.reminded_at,
          },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    expiresAt: row.expires_at,
  };
}

/** Kept records `where` picks (with `params`), in the order and number `then` says. */
function* keptWhere(
  where: readonly string[],
  params: Record<string, unknown>,
  then = 'ORDER BY updated_at DESC, id DESC',
): Plan<UnfinishedRecord[]> {
  const rows = yield* all<UnfinishedRow>(
    `SELECT * FROM unfinished WHERE ${["state = 'kept'", ...where].join(' AND ')} ${then}`,
    params,
  );
  return rows.map(toUnfinished);
}

/** The reads, in `d`'s spelling. */
export function unfinishedReads(d: Dialect) {
  return {
    /** A page of the kept records, newest change first (`filter.before`: after that one). */
    unfinishedPage(filter: UnfinishedFilter): Plan<UnfinishedRecord[]> {
      const { before } = filter;
      return keptWhere(
        before ? ['(updated_at < @at OR (updated_at = @at AND id < @beforeId))'] : [],
        { limit: filter.limit, ...(before ? { at: before.at, beforeId: before.id } : {}) },
        'ORDER BY updated_at DESC, id DESC LIMIT @limit',
      );
    },
    /** The kept record `id`, or null. */
    *unfinishedRecord(id: string): Plan<UnfinishedRecord | null> {
      return (yield* keptWhere(['id = @id'], { id }, ''))[0] ?? null;
    },
    /**
     * The kept records of `subject`, oldest first: by the index on the address in lower case,
     * or on the number's last digits, then the number itself compared in E.164.
     */
    *unfinishedOf(subject: Subject): Plan<UnfinishedRecord[]> {
      const oldest = 'ORDER BY created_at, id';
      if ('email' in subject)
        return yield* keptWhere(
          ['email = @email'],
          { email: subject.email.trim().toLowerCase() },
          oldest,
        );
      const asked = askedNumber(subject.telephone, subject.country);
      if (!asked) return [];
      const rows = yield* keptWhere([d.inList('phone_key', '@keys')], { keys: asked.keys }, oldest);
      return rows.filter((record) => asked.isThis(record.fields.telephone_mobile));
    },
    /** How many are kept and due a reminder now, and the totals of how the others ended. */
    *unfinishedCounts(): Plan<UnfinishedCounts> {
      const kept = yield* one<{ kept: number; due: number | null }>(
        `SELECT COUNT(*) AS kept,
           SUM(CASE WHEN remind_at IS NOT NULL AND reminded_at IS NULL THEN 1 ELSE 0 END) AS due
         FROM unfinished WHERE state = 'kept'`,
      );
      const totals = yield* all<{ name: string; value: string }>(
        `SELECT name, value FROM settings WHERE ${d.inList('name', '@names')}`,
        { names: Object.values(UNFINISHED_TOTALS) },
      );
      const total = (name: string) => Number(totals.find((row) => row.name === name)?.value ?? 0);
      return {
        kept: kept?.kept ?? 0,
        remindersDue: kept?.due ?? 0,
        expired: total(UNFINISHED_TOTALS.expired),
        unticked: total(UNFINISHED_TOTALS.unticked),
        finished: total(UNFINISHED_TOTALS.finished),
        erasedByFirm: total(UNFINISHED_TOTALS.erasedByFirm),
      };
    },
    /** How many are kept per campaign, the most first: all a marketer sees of them. */
    *keptByCampaign(): Plan<{ campaign: string; kept: number }[]> {
      const rows = yield* all<{ campaign: string | null; kept: number }>(
        `SELECT campaign, COUNT(*) AS kept FROM unfinished WHERE state = 'kept'
         GROUP BY campaign ORDER BY kept DESC, campaign`,
      );
      return rows.map((row) => ({ campaign: row.campaign ?? '', kept: row.kept }));
    },
  };
}
