/**
 * One readable log for `npm start`: the proxy's JSON lines (and the stand-in's and the site's
 * notes) as short aligned lines, `09:14:02 proxy  enquiry delivered  reference=EQ-… files=2`.
 */
import type { DestinationStream } from 'pino';

const HIDDEN_FIELDS = new Set(['level', 'time', 'service', 'msg', 'requestId', 'pid', 'hostname']);
const COLOURS = {
  warn: '\u001b[33m',
  error: '\u001b[31m',
  fatal: '\u001b[31m',
  reset: '\u001b[0m',
} as const;

/** Which part of the demo a log line comes from. */
export type Component = 'proxy' | 'api' | 'site' | 'start';

const clock = (time?: string) => (time ? new Date(time) : new Date()).toTimeString().slice(0, 8);

function format(value: unknown): string {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

/** Writes one line for `component`. */
export function note(
  component: Component,
  message: string,
  fields: Record<string, unknown> = {},
  level = 'info',
): void {
  const colour =
    process.stdout.isTTY && level in COLOURS ? COLOURS[level as keyof typeof COLOURS] : '';
  const details = Object.entries(fields)
    .filter(([key, value]) => !HIDDEN_FIELDS.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${format(value)}`)
    .join(' ');
  const reset = colour ? COLOURS.reset : '';
  process.stdout.write(
    `${clock(fields.time as string | undefined)} ${component.padEnd(5)} ${colour}${message}${reset}${details ? `  ${details}` : ''}\n`,
  );
}

/** A pino destination that prints the proxy's JSON lines readably. */
export function readableDestination(component: Component): DestinationStream {
  return {
    write(line: string) {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        const message =
          entry.msg === 'request'
            ? `${String(entry.method)} ${String(entry.path)} ${String(entry.status)} ${String(entry.ms)}ms`
            : String(entry.msg);
        const fields = entry.msg === 'request' ? { time: entry.time } : entry;
        note(component, message, fields, String(entry.level));
      } catch {
        process.stdout.write(line);
      }
    },
  };
}
