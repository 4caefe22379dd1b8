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
 */
import { readAll, type ByteSource } from '../../client/byte-source.ts';
import type { ConvertedKind } from '../../contract/limits.ts';
import { ConversionError, type Converted, type Converter } from '../../convert/conversion.ts';
import { limit } from '../../convert/task-limit.ts';

/** Conversions on arrival running at once (the converter's own workers bound the machine). */
const AT_ONCE = 2;
/** Conversions on arrival waiting their turn; past these, the outbox converts before delivery. */
const WAITING = 4;

/** What became of converting an upload on arrival. */
export type ArrivalConversion =
  | { kind: 'converted'; converted: Converted }
  /** The file's fault (damaged, a bomb, too slow): the visitor is told why, and may replace it. */
  | { kind: 'refused'; problem: ConversionError }
  /** Not now (busy, shutting down, a passing failure): the outbox converts it before delivery. */
  | { kind: 'later' };

/** Converts uploads as they complete, a bounded number at a time. */
export type ConvertOnArrival = (
  kind: ConvertedKind,
  source: ByteSource,
) => Promise<ArrivalConversion>;

/**
 * @example const convert = convertOnArrival(converter); await convert('webp', source)
 */
export function convertOnArrival(
  converter: Pick<Converter, 'convert'>,
  { atOnce = AT_ONCE, waiting = WAITING } = {},
): ConvertOnArrival {
  const inTurn = limit(atOnce);
  let pending = 0;
  return async (kind, source) => {
    if (pending >= atOnce + waiting) return { kind: 'later' };
    pending += 1;
    try {
      return await inTurn(async () => {
        try {
          const input = Buffer.from(await readAll(source));
          return { kind: 'converted', converted: await converter.convert(kind, input) };
        } catch (error) {
          if (error instanceof ConversionError && error.reason !== 'transient')
            return { kind: 'refused', problem: error };
          return { kind: 'later' };
        }
      });
    } finally {
      pending -= 1;
    }
  };
}
