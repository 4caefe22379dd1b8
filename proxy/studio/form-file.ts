/**
 * `FORM_CONFIG`, the form kept in a file (in git, beside the deployment), and how it lives with
 * the studio. At each start (`publishFormFile`):
 *
 * - an outbox holding no version takes the file as version 1;
 * - a file whose text (or a strings file it names) is new, no version having held it, is
 *   checked by the id rules against every version and published as a new version (source
 *   `file`), or the start stops, naming each rule it breaks;
 * - an unchanged file never overrides what the studio published since: a file holding what a
 *   version held is not published again (an instance of a rolling deploy still on the old
 *   file, an exported version committed, a revert); when that is not the latest, the log says
 *   so, and `npm run outbox -- form import <file> --publish` publishes it.
 *
 * The strings files a configuration names (`"strings"`) are read from its folder and kept with
 * the version, so a version is whole in the database wherever it is served.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  FormConfigError,
  parseFormConfigs,
  type ConfigSurroundings,
  type FormConfigs,
} from '../contract/schemas/form-config.ts';
import type { Logger } from '../logger.ts';
import type { FormActor } from '../outbox/machine/form-versions.ts';
import type { FormVersions } from '../outbox/store.ts';
import { checkConfig, npmHeaderWords, unreadableText, type KeptStrings } from './check-config.ts';
import { formHistory } from './form-history.ts';

/**
 * Reads and checks a configuration file in every language it lists, against what the
 * environment holds that it names (`around`: the webhook endpoints a team may name); the error
 * names the file and each problem's JSON path. A strings file is named from the configuration's
 * own folder.
 */
export function readFormConfigs(path: string, around: ConfigSurroundings = {}): FormConfigs {
  let json: unknown;
  let text = '';
  try {
    text = readFileSync(path, 'utf8');
    json = JSON.parse(text);
  } catch (error) {
    const npm = npmHeaderWords(text);
    throw new FormConfigError([
      npm
        ? `${path} ${npm}`
        : `cannot read ${path} as JSON: ${error instanceof Error ? error.message : String(error)}`,
    ]);
  }
  // As heavy as the studio and an import take, and no heavier: what one publishes, all take.
  const heavy = unreadableText(text);
  if (heavy) throw new FormConfigError([`${path}: ${heavy.message}`]);
  return parseFormConfigs(
    json,
    (file) => JSON.parse(readFileSync(resolve(dirname(path), file), 'utf8')),
    around,
  );
}

/** A configuration file as a version keeps it: its text byte for byte, and its strings files'. */
export interface FormFile {
  path: string;
  text: string;
  strings: KeptStrings;
}

/**
 * Reads the file at `path` and the strings files it names, checked by the schema as the proxy
 * always checked `FORM_CONFIG`, against `around` (throws `FormConfigError` naming each problem).
 */
export function readFormFile(path: string, around: ConfigSurroundings = {}): FormFile {
  readFormConfigs(path, around);
  const text = readFileSync(path, 'utf8');
  const named = (JSON.parse(text) as { strings?: Record<string, string> }).strings ?? {};
  const strings = Object.fromEntries(
    Object.values(named).map((file) => [file, readFileSync(resolve(dirname(path), file), 'utf8')]),
  );
  return { path, text, strings };
}

const sameStrings = (a: KeptStrings, b: KeptStrings) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** The newest version that held what `file` holds, if any. */
async function heldBy(store: FormVersions, file: FormFile): Promise<number | undefined> {
  for (const { version } of await store.formVersions()) {
    const stored = await store.formVersion(version);
    if (stored?.text === file.text && sameStrings(stored.strings, file.strings)) return version;
  }
  return undefined;
}

/** Who publishes a file at start, as the versions and the audit log name it. */
const AT_START: FormActor = { person: 'FORM_CONFIG', client: 'start' };

/**
 * Publishes `file` as the next version when it is new (see above); returns the version it
 * published, if any. Throws `FormConfigError`, naming each rule, when it may not be published.
 *
 * @example await publishFormFile(store, readFormFile(env.FORM_CONFIG), log, Date.now);
 */
export async function publishFormFile(
  store: FormVersions,
  file: FormFile,
  log: Logger,
  now: () => number,
): Promise<number | undefined> {
  const history = formHistory(store);
  // Two instances starting with the same new file: one publishes it, the other finds it done.
  for (let attempt = 0; attempt < 5; attempt++) {
    const latest = await store.latestFormVersion();
    const held = await heldBy(store, file);
    if (held !== undefined) {
      if (held < latest)
        log.warn(
          { file: file.path, version: held, serving: latest },
          `FORM_CONFIG holds version ${String(held)}: the form stays at version ${String(latest)}, published since; npm run outbox -- form import publishes the file again`,
        );
      return undefined;
    }
    const config: unknown = JSON.parse(file.text);
    const { issues } = checkConfig(config, await history.published(), file.strings);
    if (issues.length > 0)
      throw new FormConfigError(issues.map((issue) => `${file.path}: ${issue.message}`));
    const outcome = await store.publishFormVersion({
      expected: latest,
      text: file.text,
      strings: file.strings,
      source: 'file',
      at: now(),
      by: AT_START,
    });
    if (outcome.kind === 'published') {
      log.info({ file: file.path, version: outcome.version.version }, 'published FORM_CONFIG');
      return outcome.version.version;
    }
  }
  throw new Error('FORM_CONFIG could not be published: other instances kept publishing first');
}
