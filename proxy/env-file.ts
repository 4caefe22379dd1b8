/**
 * The env file: `.env` in the working directory when there is one, or the file `ENV_FILE`
 * names. Read with Node's own parser (`util.parseEnv`, the dotenv format): values may hold
 * spaces (an application password needs no quoting), `#` inside quotes, and quotes; lines may
 * start with `export`. The real environment wins over the file, so a container's or a unit's
 * variables always have the last word.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { EnvError } from './env.ts';

/** The variables to start from, and which file (if any) they were merged from. */
export interface EnvWithFile {
  env: Record<string, string | undefined>;
  file?: string;
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
  if (!named && !existsSync(path)) return { env };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new EnvError([`ENV_FILE: cannot read the env file "${path}"`]);
  }
  const fromFile = parseEnv(text);
  // An empty real variable does not hide the file's value: `VAR= npm run proxy` means unset.
  const real = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  return { env: { ...fromFile, ...real }, file: path };
}
