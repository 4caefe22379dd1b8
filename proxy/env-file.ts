/**
 * The env file: `.env` in the working directory when there is one, or the file `ENV_FILE`
 * names. Read with Node's own parser (`util.parseEnv`, the dotenv format): values may hold
 * spaces (an application password needs no quoting), `#` inside quotes, and quotes; lines may
 * start with `export`. The real environment wins over the file, so a container's or a unit's
 * variables always have the last word.
 *
 * The parser takes what it can and says nothing, so each line is read here first: a line that
 * is not `NAME=value` (the parser would glue it to the next line's name) and a name given twice
 * (which one counts?) stop the start; a name the proxy does not read (a typo, most likely) is
 * warned of, with the name it is close to. Only the file's names: the real environment holds
 * many variables that are none of the proxy's business.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { EnvError, PROXY_ENV_NAMES } from './env.ts';

/** The variables to start from, which file (if any) they were merged from, and its doubts. */
export interface EnvWithFile {
  env: Record<string, string | undefined>;
  file?: string;
  /** Names of the file the proxy does not read, one line each: say them at start. */
  warnings: string[];
}

/**
 * The environment merged over the env file's variables.
 *
 * @example withEnvFile(process.env).env.ENQUIRY_API_PASSWORD // from .env unless exported
 */
export function withEnvFile(
  env: Record<string, string | undefined>,
  cwd = process.cwd(),
): EnvWithFile {
  const named = env.ENV_FILE;
  const path = resolve(cwd, named || '.env');
  if (!named && !existsSync(path)) return { env, warnings: [] };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new EnvError([`ENV_FILE: cannot read the env file "${path}"`]);
  }
  const { errors, warnings } = readLines(text, path);
  if (errors.length > 0) throw new EnvError(errors);
  const fromFile = parseEnv(text);
  // An empty real variable does not hide the file's value: `VAR= npm run proxy` means unset.
  const real = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  return { env: { ...fromFile, ...real }, file: path, warnings };
}

const ASSIGNMENT = /^\s*(?:export\s+)?([A-Za-z_][\w.-]*)\s*=\s*(.*)$/;

/** Each line of the file checked: malformed or repeated lines (errors), unknown names (warnings). */
function readLines(text: string, path: string) {
  const errors: string[] = [];
  const warnings: string[] = [];
  const firstLine = new Map<string, number>();
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const at = `${path} line ${String(index + 1)}`;
    if (/^\s*(?:#.*)?$/.test(line)) continue;
    const [, name = '', value = ''] = ASSIGNMENT.exec(line) ?? [];
    if (!name) {
      // Not repeated: the line may be a secret that lost its name.
      errors.push(
        `${at}: the line is not NAME=value: add the name and "=", or start it with # to keep it as a comment`,
      );
      continue;
    }
    const first = firstLine.get(name);
    if (first === undefined) firstLine.set(name, index + 1);
    else errors.push(`${at}: ${name} is given again (first on line ${String(first)}): keep one`);
    if (!PROXY_ENV_NAMES.has(name)) {
      const near = closestName(name);
      warnings.push(
        `${at}: ${name} is not a variable the proxy reads${near ? `; did you mean ${near}?` : ': it is ignored'}`,
      );
    }
    index = lastLineOf(value, lines, index);
  }
  return { errors, warnings };
}

/** The line a value ends on: a quoted value may go on over several lines, to its closing quote. */
function lastLineOf(value: string, lines: readonly string[], index: number): number {
  const quote = value[0];
  if ((quote !== '"' && quote !== "'" && quote !== '`') || value.indexOf(quote, 1) !== -1)
    return index;
  const closing = lines.findIndex((line, at) => at > index && line.includes(quote));
  return closing === -1 ? lines.length : closing;
}

/** The proxy's variable a misspelt name most likely meant, if one is close enough. */
function closestName(name: string): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const known of PROXY_ENV_NAMES) {
    const distance = editDistance(name.toUpperCase(), known);
    if (
      distance <= Math.max(2, Math.floor(known.length / 5)) &&
      distance < (best?.distance ?? Infinity)
    )
      best = { name: known, distance };
  }
  return best?.name;
}

/** Levenshtein's distance: letters to insert, delete or change to turn `a` into `b`. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, at) => at);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1)
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length] ?? 0;
}
