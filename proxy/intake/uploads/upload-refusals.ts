/**
 * The refusals of the upload routes, each worded once. They are the app's one `Refusal` type,
 * answered where every refusal is (`intake/answer-refusal.ts`); the routes' middleware sets what
 * the tus protocol asks of every answer (`Tus-Resumable`) before any of them is thrown.
 */
import { formatBytes } from '../../contract/messages.ts';
import { Refusal } from '../../http/refusal.ts';
import { TUS_VERSION } from './tus-headers.ts';

/** Each refusal of the upload routes. */
export const uploadRefusals = {
  /** 404: no such upload here (never made, expired, taken by an enquiry, or another's). */
  notFound: () =>
    new Refusal(404, {
      error: 'not_found',
      message: 'This file is not on the server any more: choose it again.',
    }),
  /** 412: a client of another version of the protocol. */
  version: () =>
    new Refusal(
      412,
      { error: 'bad_request', message: `Uploads speak tus ${TUS_VERSION} only.` },
      { 'Tus-Version': TUS_VERSION },
    ),
  badRequest: (message: string) => Refusal.badRequest(message),
  /** 415: a PATCH whose body is not the upload's bytes. */
  notOctetStream: () =>
    new Refusal(415, {
      error: 'bad_request',
      message: 'Send the bytes of an upload as application/offset+octet-stream.',
    }),
  /** 409: the PATCH starts where the upload is not (HEAD says where it is). */
  offsetMismatch: () =>
    new Refusal(409, {
      error: 'in_progress',
      message: 'The upload is not at that offset: ask where it is (HEAD) and go on from there.',
    }),
  /** 413: larger than a file of this form may be. */
  tooLarge: (maxFileBytes: number) =>
    Refusal.tooLarge(`A file may be at most ${formatBytes(maxFileBytes)}.`),
  /** 413: the PATCH went past the upload's declared length. */
  pastLength: () => Refusal.tooLarge('More bytes were sent than the upload said it would have.'),
  /** 429: the client holds as many bytes of uploads as it may, until some are sent or expire. */
  tooMuchHeld: () =>
    new Refusal(
      429,
      {
        error: 'rate_limited',
        message:
          'Too many files are waiting to be sent from your connection. Send your enquiry, or try again later.',
      },
      { 'Retry-After': '600' },
    ),
};
