/**
 * The form as this instance serves it, version by version, without a restart: the routes read
 * `current()` at each request (never waiting for the database), and an enquiry is checked
 * against the version its form was drawn from (`forEnquiry`, `enquiry-version.ts`).
 *
 * A new version is read once, parsed once, handed to every `prepareEach` (the routes make its
 * answers there: the public JSON in each language, the widget script with it inlined and
 * compressed) and only then served, so no request waits for it. It is found at once on the
 * instance that published it (`refresh`), by PostgreSQL's NOTIFY on the others, and by a cheap
 * look at the latest number every few seconds (`watch`: the safety net, and how a version the
 * CLI published into a running SQLite proxy's outbox is found). Earlier versions an enquiry
 * names are read on demand and kept, a few at a time.
 */
import {
  parseFormConfigs,
  type FormConfig,
  type FormConfigs,
} from '../contract/schemas/form-config.ts';
import type { Logger } from '../logger.ts';
import type { StoredFormVersion } from '../outbox/machine/form-versions.ts';
import { StoreUnavailableError, type FormVersions } from '../outbox/store.ts';
import { keptStringsReader } from './check-config.ts';
import { widestFiles, type FileLimits } from './widest-files.ts';

/** One version as the routes serve it. */
export interface ServedForm {
  version: number;
  /** The form in the firm's language, with the file kinds this proxy can take. */
  config: FormConfig;
  /** The form in each of its languages, and their words. */
  translations: FormConfigs;
}

/** What a publish, a NOTIFY or a look finds: a version the routes may serve. */
export interface LiveForm {
  /** The version served now. */
  current(): ServedForm;
  /** Version `version`, read once and kept a while; undefined when there is none. */
  version(version: number): Promise<ServedForm | undefined>;
  /**
   * True while a form drawn from `version` may still be sent, judged at `at`: it is the latest,
   * or was served until less than the form token's life before.
   */
  honoured(version: number, at: number): boolean;
  /** The latest version this instance knows of: a higher one sends it to look again. */
  latestKnown(): number;
  /** The widest file limits of the versions an enquiry may be checked against now. */
  files(): FileLimits;
  /** Hands each new version to `prepare` before it is served (and the current one at once). */
  prepareEach(prepare: (form: ServedForm) => Promise<void> | void): void;
  /** Looks for a newer version now; resolves once it is served (or none was found). */
  refresh(): Promise<void>;
}

/** What a route that serves the form as it is now reads of the live form. */
export type CurrentForm = Pick<LiveForm, 'current'>;

/** The live form as the server holds it: looking now and then, stopped at shutdown. */
export interface WatchedLiveForm extends LiveForm {
  /** Looks for a new version every `everyMs` (the safety net under NOTIFY; SQLite's CLI). */
  watch(everyMs: number): void;
  close(): void;
}

/** What the live form is built from. */
export interface LiveFormOptions {
  store: Pick<FormVersions, 'formVersion' | 'formVersions' | 'latestFormVersion'>;
  /** The configuration as this proxy serves it (`withAcceptedKinds`: the kinds it can take). */
  adapt: (config: FormConfig) => FormConfig;
  /** How long a form drawn from a version may still be sent after it (the form token's life). */
  honourForMs: number;
  log: Logger;
  now: () => number;
  /** Earlier versions kept parsed at once. */
  keep?: number;
}

/** A version parsed as the routes serve it; throws (`FormConfigError`) when it does not parse. */
function servedForm(stored: StoredFormVersion, adapt: LiveFormOptions['adapt']): ServedForm {
  const translations = parseFormConfigs(JSON.parse(stored.text), keptStringsReader(stored.strings));
  return { version: stored.version, config: adapt(translations.first), translations };
}

/**
 * Opens the live form on the latest version in `store` (the start has published one).
 *
 * @example const live = await openLiveForm({ store, adapt: (c) => c, honourForMs: DAY, log, now: Date.now });
 */
export async function openLiveForm(options: LiveFormOptions): Promise<WatchedLiveForm> {
  const { store, log, now } = options;
  const first = await store.formVersion('latest');
  if (!first) throw new Error('the outbox holds no version of the form');
  let current = servedForm(first, options.adapt);
  /** When each version was published: a version is served until the next one's. */
  let publishedAt = new Map((await store.formVersions()).map((v) => [v.version, v.publishedAt]));
  const kept = new Map<number, Promise<ServedForm | undefined>>([
    [current.version, Promise.resolve(current)],
  ]);
  const limits = new Map<number, FileLimits>([[current.version, current.config.files]]);
  const preparers: ((form: ServedForm) => Promise<void> | void)[] = [];
  let timer: NodeJS.Timeout | undefined;

  const honoured = (version: number, at: number) => {
    if (version === current.version) return true;
    const next = publishedAt.get(version + 1);
    return publishedAt.has(version) && next !== undefined && next > at - options.honourForMs;
  };

  function version(wanted: number): Promise<ServedForm | undefined> {
    let found = kept.get(wanted);
    if (!found) {
      found = store.formVersion(wanted).then((stored) => {
        if (!stored) return undefined;
        try {
          const form = servedForm(stored, options.adapt);
          limits.set(wanted, form.config.files);
          return form;
        } catch (error) {
          // Published by a proxy whose rules differ from this one's: the version served now.
          log.warn(
            { err: error, version: wanted },
            'an earlier version of the form does not parse',
          );
          return undefined;
        }
      });
      // A read that failed is tried again by the next enquiry that names it.
      found.catch(() => kept.delete(wanted));
      kept.set(wanted, found);
      // The oldest read goes first; the one served now stays.
      for (const old of kept.keys())
        if (kept.size > (options.keep ?? 8) && old !== current.version) kept.delete(old);
    }
    return found;
  }

  async function serveLatest(): Promise<void> {
    const latest = await store.latestFormVersion();
    if (latest <= current.version) return;
    const stored = await store.formVersion(latest);
    if (!stored) return;
    let next: ServedForm;
    try {
      next = servedForm(stored, options.adapt);
    } catch (error) {
      log.error(
        { err: error, version: latest },
        'a published version of the form does not parse: the one before is served',
      );
      return;
    }
    publishedAt = new Map((await store.formVersions()).map((v) => [v.version, v.publishedAt]));
    for (const prepare of preparers)
      await Promise.resolve(prepare(next)).catch((error: unknown) => {
        log.warn(
          { err: error, version: latest },
          'a new version’s answers could not be made ahead',
        );
      });
    kept.set(next.version, Promise.resolve(next));
    limits.set(next.version, next.config.files);
    current = next;
    log.info({ version: next.version, source: stored.source }, 'serving a new version of the form');
    // The versions a visitor may still send are read now, for the widest limits to know them.
    for (const [earlier] of publishedAt)
      if (!limits.has(earlier) && honoured(earlier, now()))
        await version(earlier).catch(() => undefined);
  }

  /**
   * One look at a time: a call while one runs waits for the next, which starts after it (so
   * it sees what the call was made for), and every call meanwhile shares that next one.
   */
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  function refresh(): Promise<void> {
    queued ??= (running ?? Promise.resolve()).then(() => {
      queued = undefined;
      running = serveLatest()
        .catch((error: unknown) => {
          // The outbox away is said once when it goes and once when it is back (the store's
          // own lines); a look every 2 s meanwhile adds nothing. The next look finds what it
          // missed.
          if (error instanceof StoreUnavailableError) return;
          log.warn({ err: error }, 'could not look for a new version of the form');
        })
        .finally(() => {
          running = undefined;
        });
      return running;
    });
    return queued;
  }

  return {
    current: () => current,
    version,
    honoured,
    latestKnown: () => Math.max(current.version, ...publishedAt.keys()),
    files: () =>
      widestFiles([...limits].filter(([v]) => honoured(v, now())).map(([, files]) => files)),
    prepareEach(prepare) {
      preparers.push(prepare);
      void Promise.resolve(prepare(current)).catch(() => undefined);
    },
    refresh,
    watch(everyMs) {
      clearInterval(timer);
      timer = setInterval(() => void refresh(), everyMs);
      timer.unref();
    },
    close() {
      clearInterval(timer);
    },
  };
}
