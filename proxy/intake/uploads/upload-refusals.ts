/**
 * The refusals of the upload routes, each worded once, by a key of the strings
 * (`contract/strings/proxy-words.ts`): said in the upload's language, as the routes name it
 * (`answerIn`). They are the app's one `Refusal` type, answered where every refusal is
 * (`intake/answer-refusal.ts`); the routes' middleware sets what the tus protocol asks of every
 * answer (`Tus-Resumable`) before any of them is thrown.
 */
import { Refusal } from '../../http/refusal.ts';
import { TUS_VERSION } from './tus-headers.ts';

/** Each refusal of the upload routes. */
export const uploadRefusals = {
  /** 404: no such upload here (never made, expired, taken by an enquiry, or another's). */
  notFound: () => Refusal.worded(404, 'not_found', { key: 'upload.notFound' }),
  /** 412: a client of another version of the protocol. */
  version: () =>
    Refusal.worded(
      412,
      'bad_request',
      { key: 'upload.version', params: { version: TUS_VERSION } },
      { 'Tus-Version': TUS_VERSION },
    ),
  /** 400: a creation that does not say how large the file is. */
  noLength: () => Refusal.worded(400, 'bad_request', { key: 'upload.noLength' }),
  /** 400: a creation without a name for its file, or with metadata that cannot be read. */
  noFilename: () => Refusal.worded(400, 'bad_request', { key: 'upload.noFilename' }),
  /** 400: a PATCH that does not say where its bytes go. */
  noOffset: () => Refusal.worded(400, 'bad_request', { key: 'upload.noOffset' }),
  /** 415: a PATCH whose body is not the upload's bytes. */
  notOctetStream: () => Refusal.worded(415, 'bad_request', { key: 'upload.notOctetStream' }),
  /** 409: the PATCH starts where the upload is not (HEAD says where it is). */
  offsetMismatch: () => Refusal.worded(409, 'in_progress', { key: 'upload.offsetMismatch' }),
  /** 413: larger than a file of this form may be. */
  tooLarge: (maxFileBytes: number) =>
    Refusal.worded(413, 'too_large', {
      key: 'upload.tooLarge',
      params: { max: { bytes: maxFileBytes } },
    }),
  /** 413: the PATCH went past the upload's declared length. */
  pastLength: () => Refusal.worded(413, 'too_large', { key: 'upload.pastLength' }),
  /**
   * 507: the outbox's disk has no more room than enquiries need; the file may go with its
   * enquiry (`upload-room.ts`).
   */
  noRoom: () =>
    Refusal.worded(507, 'storage_full', { key: 'upload.noRoom' }, { 'Retry-After': '600' }),
  /** 429: the client holds as many bytes of uploads as it may, until some are sent or expire. */
  tooMuchHeld: () =>
    Refusal.worded(429, 'rate_limited', { key: 'upload.tooMuchHeld' }, { 'Retry-After': '600' }),
};
