/**
 * What the chaos run (`chaos.ts`) reads back once its faults stop: every create the stand-in
 * holds, every visitor's lead in the outbox, and from the proxies' logs each create answer, the
 * creates of unknown outcome and the longest wait of an answer for its record. A visitor is
 * known by the number in their e-mail address.
 */
import type pg from 'pg';
import type { LogEntry } from '../reliability/proxy-process.ts';
import type { RunningEnquiryApi } from '../../../demo/enquiry-api/server.ts';
import { fetchInbox } from '../../../demo/enquiry-api/inbox.ts';
import type { Create, CreateAnswer, Lead } from './chaos-duplicates.ts';

/** The visitor's number, carried in the e-mail address the stand-in stores. */
export const emailOf = (visitor: number) => `chaos-${visitor}@example.com`;
const visitorOf = (email: string) => Number(/^chaos-(\d+)@/.exec(email)?.[1] ?? NaN);

/** Every create the stand-in holds. */
export async function createsIn(api: RunningEnquiryApi): Promise<Create[]> {
  return (await fetchInbox(api.origin)).map(({ id, email, receivedAt, dropped }) => ({
    id,
    at: Date.parse(receivedAt),
    visitor: visitorOf(email ?? ''),
    dropped: dropped === true,
  }));
}

/** Every visitor's lead in the outbox. */
export async function leadsIn(queue: pg.Client): Promise<Lead[]> {
  const { rows } = await queue.query<{
    reference: string;
    email: string;
    enquiry_id: string | null;
    unknown_creates: number;
  }>(`SELECT reference, upstream::jsonb ->> 'email' AS email, enquiry_id, unknown_creates
      FROM submissions`);
  return rows.map((row) => ({
    visitor: visitorOf(row.email),
    reference: row.reference,
    enquiryId: row.enquiry_id === null ? null : Number(row.enquiry_id),
    unknownCreates: row.unknown_creates,
  }));
}

/** What the proxies say when a create's outcome cannot be known (`failure.ts`, `attempt.ts`). */
const UNKNOWN_CREATE = [
  'outcome unknown: the create may have taken effect',
  'an earlier attempt stopped after sending the create',
];

/** Per reference, how many of the proxies' lines say a create's outcome was unknown. */
export function unknownsIn(entries: LogEntry[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { msg, reference } of entries)
    if (UNKNOWN_CREATE.some((said) => msg?.startsWith(said)))
      counts.set(String(reference), (counts.get(String(reference)) ?? 0) + 1);
  return counts;
}

/** The longest wait of a create's answer for its record (`kept-record.ts` logs it). */
export function longestWait(entries: LogEntry[]): number | null {
  const waits = entries
    .filter((entry) => entry.msg?.startsWith('the platform’s answer is recorded now'))
    .map((entry) => Number(entry.delayMs));
  return waits.length > 0 ? Math.max(...waits) : null;
}

/**
 * The create answers a proxy logged (`attempt.ts` logs each as it arrives), each with when it
 * said the outbox could not take its record (`kept-record.ts`), if it did.
 */
export function answersIn(entries: LogEntry[], killedAt: number | undefined): CreateAnswer[] {
  // The proxy's log gives the time as an ISO string.
  const at = (entry: LogEntry) => Date.parse(String(entry.time));
  const refused = entries.filter((entry) =>
    entry.msg?.startsWith('the platform’s answer could not be recorded yet'),
  );
  return entries
    .filter((entry) => entry.msg === 'the platform created the enquiry')
    .map((entry) => {
      const answer = `enquiry ${String(entry.enquiryId)}`;
      const kept = refused.find((line) => line.answer === answer);
      return {
        reference: String(entry.reference),
        enquiryId: Number(entry.enquiryId),
        at: at(entry),
        refusedAt: kept && at(kept),
        killedAt,
      };
    });
}
