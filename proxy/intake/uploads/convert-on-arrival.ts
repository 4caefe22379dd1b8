/**
 * A completed upload of a kind the platform does not take as it is (a HEIC photo, a WebP
 * screenshot, a Word letter) is converted at once, by the converter the outbox uses (its tools,
 * its limits, LibreOffice in its box), so the visitor reads "Converted to PDF", or why it could
 * not be, beside the file before Send, and the enquiry naming the upload takes the converted file:
 * the outbox has nothing left to convert. A file of the multipart body is still converted in the
 * outbox before delivery.
 *
 * Conversions on arrival are bounded apart from the converter's own workers: a few at once and a
 * few waiting; past that an upload is left to the outbox as before ("it will be sent as a PDF"),
 * so a flood of uploads cannot fill the converters' queue ahead of the deliveries waiting on it.
 * They are shared between addresses too (issue 55): an address's checks run one at a time
 * (`check-once.ts`), so it holds one worker at most, and each address has a budget of
 * conversion time, spent by what its conversions took and given back over half an hour. A
 * document LibreOffice gives up on costs twice its timeout: an address making, failing and
 * deleting such uploads in a loop spends its budget in two, and its next uploads are left to
 * the outbox, which converts only what an enquiry sends.
 */
import { readAll, type ByteSource } from '../../client/byte-source.ts';
import type { ConvertedKind } from '../../contract/limits.ts';
import { ConversionError, type Converted, type Converter } from '../../convert/conversion.ts';
import { limit } from '../../convert/task-limit.ts';

/** Conversions on arrival running at once (the converter's own workers bound the machine). */
const AT_ONCE = 2;
/** Conversions on arrival waiting their turn; past these, the outbox converts before delivery. */
const WAITING = 4;
/** Conversion time on arrival an address may spend at once: a few documents' worth. */
const BUDGET_MS = 3 * 60_000;
/** Over how long an address's spent budget comes back, evenly. */
const REFILL_MS = 30 * 60_000;
/** Addresses whose spending is remembered at most; the least recently seen are forgotten first. */
const MAX_ADDRESSES = 10_000;

/** What became of converting an upload on arrival. */
export type ArrivalConversion =
  | { kind: 'converted'; converted: Converted }
  /** The file's fault (damaged, a bomb, too slow): the visitor is told why, and may replace it. */
  | { kind: 'refused'; problem: ConversionError }
  /** Not now (busy, shutting down, a passing failure): the outbox converts it before delivery. */
  | { kind: 'later' };

/** Converts uploads as they complete, a bounded number at a time, for `client` (its rate-limit key). */
export type ConvertOnArrival = (
  kind: ConvertedKind,
  source: ByteSource,
  client: string,
) => Promise<ArrivalConversion>;

/** How conversions on arrival are bounded (the defaults above; tests choose smaller). */
export interface ArrivalBounds {
  atOnce?: number;
  waiting?: number;
  budgetMs?: number;
  now?: () => number;
}

/**
 * @example const convert = convertOnArrival(converter); await convert('webp', source, client)
 */
export function convertOnArrival(
  converter: Pick<Converter, 'convert'>,
  { atOnce = AT_ONCE, waiting = WAITING, budgetMs = BUDGET_MS, now = Date.now }: ArrivalBounds = {},
): ConvertOnArrival {
  const inTurn = limit(atOnce);
  const budget = timeBudget(budgetMs, now);
  let pending = 0;
  return async (kind, source, client) => {
    if (pending >= atOnce + waiting || !budget.left(client)) return { kind: 'later' };
    pending += 1;
    try {
      return await inTurn(async () => {
        const started = now();
        try {
          const input = Buffer.from(await readAll(source));
          return { kind: 'converted', converted: await converter.convert(kind, input) };
        } catch (error) {
          if (error instanceof ConversionError && error.reason !== 'transient')
            return { kind: 'refused', problem: error };
          return { kind: 'later' };
        } finally {
          budget.spend(client, now() - started);
        }
      });
    } finally {
      pending -= 1;
    }
  };
}

/** Each address's conversion time: `budgetMs` of it, spent as it is used, back over `REFILL_MS`. */
function timeBudget(budgetMs: number, now: () => number) {
  const spent = new Map<string, { ms: number; at: number }>();
  /** What `client` has spent now, with what came back since; kept as the most recently seen. */
  const owed = (client: string) => {
    const entry = spent.get(client);
    spent.delete(client);
    if (!entry) return 0;
    const at = now();
    const ms = Math.max(0, entry.ms - ((at - entry.at) * budgetMs) / REFILL_MS);
    if (ms > 0) spent.set(client, { ms, at });
    return ms;
  };
  return {
    /** Whether `client` has any time left (a conversion may take more than what is left). */
    left: (client: string) => owed(client) < budgetMs,
    spend(client: string, ms: number) {
      spent.set(client, { ms: owed(client) + ms, at: now() });
      if (spent.size > MAX_ADDRESSES) spent.delete(spent.keys().next().value as string);
    },
  };
}
