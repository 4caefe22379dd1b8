/**
 * A submission the proxy will not take, carrying the HTTP answer to give. Thrown anywhere while
 * reading and checking a request; turned into JSON in one place (the route).
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorResponse, ValidationErrorResponse } from '../contract/wire.ts';
import { describeIssue, type FieldIssue, type IssueCode } from '../contract/issues.ts';
import type { MessageKey, MessageParams } from '../contract/messages.ts';

/** A refusal with its HTTP status and JSON body. */
export class SubmissionError extends Error {
  override readonly name = 'SubmissionError';

  constructor(
    readonly status: ContentfulStatusCode,
    readonly body: ValidationErrorResponse | ErrorResponse,
    /** Headers that go with the answer (`Retry-After`, ...). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(body.message);
  }

  /** 400 with field issues: the visitor (or integrator) can put them right. */
  static validation(issues: FieldIssue[]): SubmissionError {
    return new SubmissionError(400, {
      error: 'validation',
      message:
        issues.length === 1
          ? (issues[0]?.message ?? '')
          : `There are ${issues.length} problems with the enquiry.`,
      issues,
    });
  }

  /** 400 for one field's problem, in the shared words of `messageKey`. */
  static field(
    field: string,
    code: IssueCode,
    messageKey: MessageKey,
    params: MessageParams = {},
  ): SubmissionError {
    return SubmissionError.validation([describeIssue({ field, code, messageKey, params })]);
  }

  /** 400 for a request that is not a submission at all (wrong content type, broken body). */
  static badRequest(message: string): SubmissionError {
    return new SubmissionError(400, { error: 'bad_request', message });
  }

  /** 413, with the file issue when one file is to blame. */
  static tooLarge(message: string, issues: FieldIssue[] = []): SubmissionError {
    return new SubmissionError(413, {
      error: 'too_large',
      message,
      ...(issues.length ? { issues } : {}),
    });
  }

  /** 415: a file of a kind the platform does not take. */
  static unsupportedFile(issues: FieldIssue[]): SubmissionError {
    return new SubmissionError(415, {
      error: 'unsupported_file',
      message: issues.map((issue) => issue.message).join('. '),
      issues,
    });
  }
}
