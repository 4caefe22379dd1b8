/**
 * The upload request body (spec section 2.3), streamed: the JSON around `contents` is written
 * as is, and the file is BASE64-encoded chunk by chunk as the socket asks for it. A 10 MB file
 * thus never exists as a 13 MB string beside its bytes, and the length is known up front.
 */
import type { UploadFile } from './schemas.ts';

/** Bytes per chunk: a multiple of 3, so each chunk encodes without padding. */
const CHUNK_BYTES = 3 * 64 * 1024;

export interface StreamedBody {
  stream: ReadableStream<Uint8Array>;
  /** Exact byte length, sent as `Content-Length` (some platforms refuse chunked uploads). */
  length: number;
}

/**
 * @example uploadBody(1001, { name: 'a.pdf', mime: 'application/pdf', postname: 'a.pdf', bytes })
 *   // streams {"post_id":"1001","file":{"name":"a.pdf",...},"contents":"JVBERi0..."}
 */
export function uploadBody(postId: number, file: UploadFile): StreamedBody {
  const descriptor = { name: file.name, mime: file.mime, postname: file.postname };
  // The spec types post_id as a string.
  const head = Buffer.from(
    `{"post_id":${JSON.stringify(String(postId))},"file":${JSON.stringify(descriptor)},"contents":"`,
  );
  const tail = Buffer.from('"}');
  const { bytes } = file;
  const encodedLength = 4 * Math.ceil(bytes.byteLength / 3);
  let offset = 0;
  let sentHead = false;

  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sentHead) {
        sentHead = true;
        controller.enqueue(head);
      } else if (offset < bytes.byteLength) {
        const end = Math.min(offset + CHUNK_BYTES, bytes.byteLength);
        const chunk = Buffer.from(bytes.buffer, bytes.byteOffset + offset, end - offset);
        controller.enqueue(Buffer.from(chunk.toString('base64'), 'latin1'));
        offset = end;
      } else {
        controller.enqueue(tail);
        controller.close();
      }
    },
  });
  return { stream, length: head.byteLength + encodedLength + tail.byteLength };
}
