/**
 * A lead's export as a ZIP, written as it is read (yazl): each file stored as it is (no
 * compression: the files a lead brings are mostly PDFs and photos, compressed already), read
 * from the outbox when the archive reaches it, so the archive is never whole in memory. Its
 * length is known before its first byte (stored entries of known sizes), so a download shows
 * its progress. Every ZIP reader opens it (`unzip`, Windows' Explorer, macOS' Archive Utility);
 * names are UTF-8, and a lead past 4 GB gets ZIP64 records.
 */
import { Readable } from 'node:stream';
import yazl from 'yazl';
import type { ExportEntry } from './lead-export.ts';

/** An archive on its way: its bytes, and how many there will be. */
export interface ZipStream {
  stream: Readable;
  size: number;
}

/**
 * A Node stream as the body of a response, each piece passed on as it is (`Readable.toWeb`
 * copies every one: a second 100 MB of garbage for a lead of 100 MB), read only as fast as the
 * response is written; a download cut short destroys it.
 */
export function webStream(stream: Readable): ReadableStream<Uint8Array> {
  const pieces = stream[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await pieces.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      cancel(reason) {
        stream.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

/** Files of personal data: readable by their owner only, once unpacked. */
const FILE_MODE = 0o100600;

/** The archive of `entries`, in their order, each file dated `modified`. */
export function zipStream(entries: readonly ExportEntry[], modified: Date): ZipStream {
  const zip = new yazl.ZipFile();
  const reading: Readable[] = [];
  for (const { name, source } of entries) {
    const options = { size: source.size, compress: false, mtime: modified, mode: FILE_MODE };
    zip.addReadStreamLazy(name, options, (give) => {
      const stream = Readable.from(source.pieces(), { objectMode: false });
      reading.push(stream);
      give(null, stream);
    });
  }
  let size = -1;
  // Called during `end()`, every entry being stored with its size given (the typings leave out
  // the total it is called with).
  (zip.end as (options: object, sized: (total: number) => void) => void)({}, (total) => {
    size = total;
  });
  const stream = zip.outputStream;
  // yazl's output is a PassThrough; its typings say only "a readable stream".
  if (!(stream instanceof Readable)) throw new Error('yazl gave no Node stream to read');
  // A download cut short closes the file being read, rather than leaving it waiting.
  stream.once('close', () => {
    for (const file of reading) file.destroy();
  });
  return { stream, size };
}
