/**
 * Drives a load with wrk (C, one thread: on a small machine it takes far less CPU from the
 * servers under test than a JavaScript load generator would). Every connection sends the same
 * POST back to back, closed-loop; a Lua script counts the answers by status and prints the
 * figures as one JSON line.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir, startChild } from './processes.ts';
import type { EncodedBody } from './requests.ts';

const WRK = '/usr/bin/wrk';

export interface LoadCell {
  connections: number;
  seconds: number;
  requests: number;
  /** Completed requests per second. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  maxMs: number;
  /** Answers by HTTP status, e.g. `{ "201": 51234 }`. */
  statuses: Record<string, number>;
  /** Socket errors and timeouts (not HTTP statuses). */
  socketErrors: number;
  command: string;
}

/** A Lua string literal holding any bytes: printable ASCII as is, everything else as `\ddd` (three digits always, so a digit after it is not read as part of it). */
function luaString(bytes: Uint8Array): string {
  let out = '"';
  for (const byte of bytes) {
    const printable = byte >= 0x20 && byte < 0x7f && byte !== 0x22 && byte !== 0x5c;
    out += printable ? String.fromCharCode(byte) : `\\${String(byte).padStart(3, '0')}`;
  }
  return `${out}"`;
}

/**
 * The same body every time, or, when it holds a form token, the body with the next of
 * `tokensFile`'s tokens in its place (an exhausted file repeats its last token, and the
 * refusals show in the answers).
 */
function luaBody(body: EncodedBody, tokensFile: string): string {
  if (!body.token) return `wrk.body = ${luaString(body.bytes)}`;
  const at = body.bytes.indexOf(body.token.inBody);
  const before = body.bytes.subarray(0, at);
  const after = body.bytes.subarray(at + Buffer.byteLength(body.token.inBody));
  return `local tokens = {}
for line in io.lines(${JSON.stringify(tokensFile)}) do tokens[#tokens + 1] = line end
local before, after, next = ${luaString(before)}, ${luaString(after)}, 0
function request()
  next = next + 1
  return wrk.format(nil, nil, nil, before .. (tokens[next] or tokens[#tokens]) .. after)
end`;
}

function luaScript(body: EncodedBody, headers: Record<string, string>, tokensFile: string) {
  const setHeaders = Object.entries({ 'Content-Type': body.contentType, ...headers })
    .map(([name, value]) => `wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`)
    .join('\n');
  return `wrk.method = "POST"
${luaBody(body, tokensFile)}
${setHeaders}

local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) statuses = {} end
function response(status, headers, body) statuses[status] = (statuses[status] or 0) + 1 end

function done(summary, latency, requests)
  local counts = {}
  for _, thread in ipairs(threads) do
    for code, n in pairs(thread:get("statuses")) do counts[code] = (counts[code] or 0) + n end
  end
  local parts = {}
  for code, n in pairs(counts) do table.insert(parts, string.format('"%d":%d', code, n)) end
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"meanUs":%.1f,"maxUs":%d,' ..
    '"socketErrors":%d,"statuses":{%s}}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    latency.mean, latency.max, e.connect + e.read + e.write + e.timeout, table.concat(parts, ",")))
end
`;
}

const tokensFor = (count: number, issue: () => string) =>
  Array.from({ length: count }, () => issue()).join('\n') + '\n';

interface WrkJson {
  requests: number;
  durationUs: number;
  p50Us: number;
  p99Us: number;
  meanUs: number;
  maxUs: number;
  socketErrors: number;
  statuses: Record<string, number>;
}

/** Runs wrk against `url` with `connections` connections for `seconds` seconds. */
export async function runWrk(options: {
  url: string;
  body: EncodedBody;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
}): Promise<LoadCell> {
  // Spawning a command that is not there fails with an 'error' event no one waits for.
  if (!existsSync(WRK)) {
    throw new Error(`the load benchmarks need wrk at ${WRK}: apt-get install wrk (Debian, Ubuntu)`);
  }
  const dir = scratchDir('wrk', 'memory');
  const script = join(dir, 'post.lua');
  const tokensFile = join(dir, 'tokens.txt');
  const { token } = options.body;
  // More than the fastest server here could take in the time (about 2,500 a second).
  if (token) writeFileSync(tokensFile, tokensFor(options.seconds * 6000, token.issue));
  writeFileSync(script, luaScript(options.body, options.headers ?? {}, tokensFile));
  const args = [
    '-t1',
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--timeout',
    '30s',
    '-s',
    script,
    options.url,
  ];
  const child = startChild('wrk', WRK, args, {}, [dir]);
  // wrk stops itself after -d; this only guards against a wrk that hangs.
  const limit = setTimeout(() => process.kill(child.pid, 'SIGKILL'), (options.seconds + 60) * 1000);
  const code = await child.exited;
  clearTimeout(limit);
  const output = readFileSync(child.logPath, 'utf8');
  await child.stop(); // removes the script and the log
  if (code !== 0) throw new Error(`wrk exited with ${code ?? 'a signal'}:\n${output}`);
  const line = output.split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (!line) throw new Error(`wrk printed no figures:\n${output}`);
  const figures = JSON.parse(line.slice('BENCH_JSON '.length)) as WrkJson;
  const seconds = figures.durationUs / 1e6;
  return {
    connections: options.connections,
    seconds,
    requests: figures.requests,
    rps: figures.requests / seconds,
    p50Ms: figures.p50Us / 1000,
    p99Ms: figures.p99Us / 1000,
    meanMs: figures.meanUs / 1000,
    maxMs: figures.maxUs / 1000,
    statuses: figures.statuses,
    socketErrors: figures.socketErrors,
    command: `wrk ${args.slice(0, -3).join(' ')} -s post.lua <url>`,
  };
}
