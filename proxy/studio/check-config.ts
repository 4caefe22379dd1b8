/**
 * A configuration checked as a publish checks it, whoever publishes (the studio, `form import`,
 * `FORM_CONFIG` at start): the one schema the file is checked by (zod, in every language it
 * lists, its strings files included), each text in every language, and the id rules against
 * every version ever published. Each problem in words, with its JSON path.
 */
import {
  checkFormConfigs,
  type ConfigSurroundings,
  type FormConfigs,
} from '../contract/schemas/form-config.ts';
import type { StudioIssue } from './form-studio.ts';
import { outlineOf } from './form-outline.ts';
import { idIssues, type PublishedOutline } from './id-rules.ts';
import { studioIssue } from './issue-words.ts';

/**
 * The most a configuration may weigh written without spaces, as every visitor's form is drawn
 * from it: far above any form. Measured so, not as its text is laid out, so that what a file
 * publishes the studio can save again (it writes two spaces an indent: three or four times the
 * weight), and an export of it imports again.
 */
const MAX_FORM_BYTES = 2 * 1024 * 1024;

/** The most a configuration's text may weigh before it is read at all, however it is laid out. */
const MAX_FORM_TEXT_BYTES = 8 * MAX_FORM_BYTES;

const kib = (bytes: number) => String(Math.ceil(bytes / 1024));

/** The strings files a version keeps, by the path `"strings"` names them with. */
export type KeptStrings = Readonly<Record<string, string>>;

/** A strings file as a version keeps it, or why it cannot be read. */
export const keptStringsReader =
  (strings: KeptStrings) =>
  (path: string): unknown => {
    const text = strings[path];
    if (text === undefined)
      throw new Error(
        `no version keeps ${path}: publish it with the configuration file (FORM_CONFIG, or npm run outbox -- form import)`,
      );
    return JSON.parse(text);
  };

/** The outcome: every problem, and when there is none, the form read in each language. */
export interface ConfigCheck {
  issues: StudioIssue[];
  configs?: FormConfigs | undefined;
}

/**
 * `config` (JSON as written) checked against `published`, its strings files from `strings`, and
 * against what the environment holds that it names (`around`: a team's webhook must be one of
 * `WEBHOOK_ENDPOINTS`).
 *
 * @example checkConfig(JSON.parse(text), history, {}).issues // [] when it may be published
 */
export function checkConfig(
  config: unknown,
  published: readonly PublishedOutline[],
  strings: KeptStrings,
  around: ConfigSurroundings = {},
): ConfigCheck {
  const checked = checkFormConfigs(config, keptStringsReader(strings), around);
  const ids = idIssues(published, outlineOf(config));
  if (checked.issues)
    return { issues: [...checked.issues.map((issue) => studioIssue(config, issue)), ...ids] };
  return ids.length > 0 ? { issues: ids } : { issues: [], configs: checked.configs };
}

/** A configuration's JSON text as the studio writes it: two spaces, a newline at the end. */
export const formText = (config: unknown): string => `${JSON.stringify(config, null, 2)}\n`;

/**
 * When `text` starts with the lines `npm run` prints before a script's own output (`> name@1.0.0
 * outbox` and the command), what to do instead: they land in a file redirected from `npm run
 * outbox -- form export`, which is then no longer JSON. Undefined for any other text.
 *
 * @example npmHeaderWords('\n> enquiry-form@0.1.0 outbox\n…{') // 'starts with the lines npm run prints…'
 */
export function npmHeaderWords(text: string): string | undefined {
  const header = /^\s*(> \S+@\S+ \S+)/.exec(text);
  if (!header) return undefined;
  return `starts with the lines npm run prints before a script's output (“${header[1] ?? ''}”), so it is not JSON. Export with npm run -s outbox -- form export > file (-s keeps npm quiet), or npm run outbox -- form export --to file; or delete the lines above the first {.`;
}

/**
 * Why a text is not a configuration to check: not JSON, or too heavy (`MAX_FORM_BYTES` written
 * without spaces); undefined when it is.
 */
export function unreadableText(text: string): StudioIssue | undefined {
  const npm = npmHeaderWords(text);
  if (npm) return { path: [], rule: 'schema', message: `The form's configuration ${npm}` };
  const tooHeavy = (bytes: number) => ({
    path: [],
    rule: 'schema' as const,
    message: `The form's configuration is ${kib(bytes)} KiB written without spaces: at most ${kib(MAX_FORM_BYTES)} KiB is taken.`,
  });
  if (Buffer.byteLength(text) > MAX_FORM_TEXT_BYTES) return tooHeavy(Buffer.byteLength(text));
  let config: unknown;
  try {
    config = JSON.parse(text);
  } catch (error) {
    return {
      path: [],
      rule: 'schema',
      message: `The form's configuration is not JSON: ${error instanceof Error ? error.message : String(error)}.`,
    };
  }
  const bytes = Buffer.byteLength(JSON.stringify(config));
  return bytes > MAX_FORM_BYTES ? tooHeavy(bytes) : undefined;
}
