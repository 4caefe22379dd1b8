/**
 * The refusals of the upload routes, each worded once. They are `SubmissionError`s, the shape
 * the intake's refusals have (status, JSON body, headers), answered by `answerRefusal`; when the
 * app answers every refusal in one place, that function is all that goes.
 */
import type { Context } from 'hono';
import { formatBytes } from '../../contract/messages.ts';
import { SubmissionError } from '../../http/submission-error.ts';
import { TUS_VERSION } from './tus-headers.ts';

/** Each refusal of the upload routes. */
export const uploadRefusals = {
  /** 404: no such upload here (never made, expired, taken by an enquiry, or another's). */
  notFound: () =>
    new SubmissionError(404, {
      error: 'not_found',
      message: 'This file is not on the server any more: choose it again.',
    }),
  /** 412: a client of another version of the protocol. */
  version: () =>
    new SubmissionError(
      412,
      { error: 'bad_request', message: `Uploads speak tus ${TUS_VERSION} only.` },
      { 'Tus-Version': TUS_VERSION },
    ),
  badRequest: (message: string) => SubmissionError.badRequest(message),
  /** 415: a PATCH whose body is not the upload's bytes. */
  notOctetStream: () =>
    new SubmissionError(415, {
      error: 'bad_request',
      message: 'Send the bytes of an upload as application/offset+octet-stream.',
    }),
  /** 409: the PATCH starts where the upload is not (HEAD says where it is). */
  offsetMismatch: () =>
    new SubmissionError(409, {
      error: 'in_progress',
      message: 'The upload is not at that offset: ask where it is (HEAD) and go on from there.',
    }),
  /** 413: larger than a file of this form may be. */
  tooLarge: (maxFileBytes: number) =>
    SubmissionError.tooLarge(`A file may be at most ${formatBytes(maxFileBytes)}.`),
  /** 413: the PATCH went past the upload's declared length. */
  pastLength: () =>
    SubmissionError.tooLarge('More bytes were sent than the upload said it would have.'),
  /** 429: the client holds as many bytes of uploads as it may, until some are sent or expire. */
  tooMuchHeld: () =>
    new SubmissionError(
      429,
      {
        error: 'rate_limited',
        message:
          'Too many files are waiting to be sent from your connection. Send your enquiry, or try again later.',
      },
      { 'Retry-After': '600' },
    ),
};

/** Answers `error` as JSON with its headers (and the protocol's version, as every answer has). */
export function answerRefusal(c: Context, error: SubmissionError): Response {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  c.header('Tus-Resumable', TUS_VERSION);
  return c.json(error.body, error.status);
}
