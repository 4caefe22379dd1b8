/**
 * Structured JSON logs (pino). Secrets never reach a log line: the client never hands them out,
 * and these paths are redacted as a second line of defence should a header object be logged.
 */
import { pino, type DestinationStream, type Logger } from 'pino';
import { LOG_SERVICE, stdoutSink } from './log-sink.ts';

export type { Logger };

const REDACT_PATHS = [
  'authorization',
  'password',
  'username',
  '*.authorization',
  '*.password',
  '*.username',
  'headers.authorization',
  'req.headers.authorization',
  'req.headers.cookie',
];

/**
 * Lines go to standard output, one write per turn of the event loop (`log-sink.ts`), unless a
 * `destination` is given (tests).
 *
 * @example createLogger({ level: 'info' }).info({ reference }, 'enquiry delivered')
 */
export function createLogger(
  options: { level?: string; destination?: DestinationStream } = {},
): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      base: { service: LOG_SERVICE },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    options.destination ?? stdoutSink(),
  );
}
