/**
 * `.env.example`: every proxy variable with its default and one line of meaning, from the same
 * zod schema as the environment table (docs/production.md). `npm run docs` writes it; the README test
 * fails when it is out of date.
 */
import { proxyEnvSchema } from '../../proxy/env.ts';

/** One variable as the docs show it. */
export interface EnvVariable {
  name: string;
  /** The default, as it would be written in the environment; undefined when required. */
  fallback: string | undefined;
  required: boolean;
  description: string;
}

/** Every variable of the schema, in its order. */
export function envVariables(): EnvVariable[] {
  return Object.entries(proxyEnvSchema.shape).map(([name, schema]) => {
    const parsed = schema.safeParse(undefined);
    const data: unknown = parsed.success ? parsed.data : undefined;
    const fallback =
      data === undefined
        ? undefined
        : Array.isArray(data)
          ? data.join(',')
          : typeof data === 'string'
            ? data
            : JSON.stringify(data);
    return { name, fallback, required: !parsed.success, description: schema.description ?? '' };
  });
}

/** Markdown's code marks and emphasis out of a sentence, for a plain-text file. */
const plain = (text: string) => text.replace(/`/g, '').replace(/\*\*/g, '');

/** The text of `.env.example`. */
export function renderEnvExample(): string {
  const blocks = envVariables().map(({ name, fallback, required, description }) => {
    const comment = `# ${plain(description)}${required ? ' (required)' : ''}`;
    if (required) return `${comment}\n${name}=`;
    return `${comment}\n# ${name}=${fallback ?? ''}`;
  });
  return [
    '# The proxy reads .env in its working directory (or the file ENV_FILE names); variables',
    '# already set in the environment win. Copy this file to .env and fill in the required ones.',
    '# Values may hold spaces (an application password needs no quotes), and # or quotes inside',
    '# a quoted value. Lines starting with # are comments: remove the # to set an optional one.',
    '',
    blocks.join('\n\n'),
    '',
  ].join('\n');
}
