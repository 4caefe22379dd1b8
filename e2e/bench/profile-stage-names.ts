/**
 * The stages a request meets in the proxy, each by the frames that are its own (issue #61): what
 * `profile-stages.ts` (V8's CPU profile) and `perf-stages.ts` (Linux perf's samples) put each
 * sample in, its innermost frame that names a stage deciding.
 */

/** A frame as V8's profile names it; `perf-stages.ts` gives perf's symbol line as both. */
export interface CallFrame {
  functionName: string;
  url: string;
}

/** Each stage and the frames that are its own, the innermost stage of a sample's stack first. */
export const STAGES: readonly [string, (frame: CallFrame) => boolean][] = [
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  [
    'logging (pino, the log sink)',
    (f) => /pino|sonic-boom|proxy\/log(ger|-sink)|outage-log/.test(f.url),
  ],
  ['funnel', (f) => /proxy\/funnel|funnel-counts|machine\/funnel/.test(f.url)],
  ['store: SQLite, group commit, WAL flush', (f) => /better-sqlite3|proxy\/outbox\//.test(f.url)],
  ['multipart', (f) => /multipart/.test(f.url)],
  ['form token', (f) => /bots\/form-token|token-strength/.test(f.url)],
  ['origin', (f) => /http\/origin/.test(f.url)],
  ['limits', (f) => /limiter|rate-limit|upload-guard/.test(f.url)],
  [
    'checks: schema, rules, files',
    (f) =>
      /check-submission|inspect-files|zod|proxy\/contract\/|phone|mailbox|option-values|file-names|routing/.test(
        f.url,
      ),
  ],
  [
    'delivery: the attempt, the client, undici',
    (f) => /proxy\/delivery|proxy\/client|node_modules\/undici|proxy\/platform/.test(f.url),
  ],
  ['intake: take-in, store-checked, aftercare', (f) => /proxy\/intake/.test(f.url)],
  [
    'HTTP server and framework (Hono, node-server)',
    (f) => /hono|node-server|_http_|node:net|proxy\/http|proxy\/app|llhttp|::Parser::/.test(f.url),
  ],
];
export const RUNTIME = 'runtime: timers, promises, node internals';
