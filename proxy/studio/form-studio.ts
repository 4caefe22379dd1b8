/**
 * The form studio's seam: what the console's studio pages ask of the form's published versions
 * and its draft. The versions and the draft live in the outbox's database (SQLite or PostgreSQL),
 * so every instance serves the same form; this module says only what the pages may ask, so the
 * pages and the store are built and tested apart (a page's test fakes these few operations).
 *
 * The rules they keep, because the platform files each answer under its question's id: a
 * published question's or case type's id is never changed nor given to another, a retired id is
 * never given again within its case type, and a published option's stored value is fixed (its
 * label may change). A version, once published, never changes: publishing makes a new one.
 */

import type { ConfigSurroundings } from '../contract/schemas/form-config.ts';
import type { FormActor, FormSource, FormVersionSummary } from '../outbox/machine/form-versions.ts';

// How a version came to be published, one version without its configuration, and who acts
// (a person, the admin token, the CLI, the file at start): one definition, the outbox's.
export type { FormActor, FormSource, FormVersionSummary };

/** One published version with its configuration, byte for byte as published. */
export interface FormVersion extends FormVersionSummary {
  /** The configuration's JSON text: what `npm run outbox -- form export` prints. */
  text: string;
}

/** The one draft the firm edits: any JSON, checked only when asked or when published. */
export interface FormDraft {
  /** The configuration as last saved; it may not pass the schema yet (work in progress). */
  config: unknown;
  /** Counts saves: a save names the revision it started from, and a stale save is refused. */
  revision: number;
  /** The published version the draft was started from. */
  basedOn: number;
  savedBy: string;
  savedAt: number;
}

/** One problem with a configuration, where it is and in words a firm reads. */
export interface StudioIssue {
  /** Where, as a JSON path: `['caseTypes', 0, 'questions', 2, 'label', 'cy']`. */
  path: readonly (string | number)[];
  /** What is wrong, in words (never a path alone): `The Welsh for "Which lender?" is missing.` */
  message: string;
  /**
   * Which rule: the schema the file is checked by, the ids' history, a missing translation, or
   * what only an operator may publish (`firm-addresses.ts`).
   */
  rule: 'schema' | 'ids' | 'translation' | 'operator';
  /** What is wrong without where (the schema's words), for a page that names the field itself. */
  detail?: string | undefined;
  /** The same, in the studio's words, where mending it in the studio differs from in a file. */
  studio?: string | undefined;
}

/** One change a publish makes for the platform, in plain words. */
export interface PlatformChange {
  kind:
    | 'case type added'
    | 'case type retired'
    | 'case type renamed'
    | 'question added'
    | 'question retired'
    | 'label changed'
    | 'option added'
    | 'option retired'
    | 'option label changed'
    | 'other';
  caseType: string;
  question?: string | undefined;
  /** A sentence: `New question "Which lender?" (lender) in "Buying or selling a property".` */
  words: string;
}

/** A save's outcome: saved, or someone else saved first (theirs is the draft now). */
export type DraftSave = { saved: true; draft: FormDraft } | { saved: false; theirs: FormDraft };

/** A publish's outcome. */
export type PublishOutcome =
  | { published: FormVersion; changes: readonly PlatformChange[] }
  | { refused: readonly StudioIssue[] }
  | { stale: FormDraft };

/** What the studio's pages ask of the form's versions and draft. */
export interface FormStudio {
  /** The version visitors are served now. */
  current(): Promise<FormVersion>;
  /** Every version, newest first. */
  versions(): Promise<readonly FormVersionSummary[]>;
  version(version: number): Promise<FormVersion | undefined>;
  /** The draft; the current version when nobody has saved one since it was published. */
  draft(): Promise<FormDraft>;
  /** Saves `config` over revision `revision`, unless someone saved since. */
  saveDraft(config: unknown, revision: number, by: FormActor): Promise<DraftSave>;
  /** Drops the draft: the next `draft()` is the current version again. */
  discardDraft(by: FormActor): Promise<void>;
  /**
   * `config` checked as a publish would check it (by `by`, when given: what only an operator may
   * publish is refused to anyone else), and what publishing it would change.
   */
  check(
    config: unknown,
    by?: FormActor,
  ): Promise<{ issues: readonly StudioIssue[]; changes: readonly PlatformChange[] }>;
  /** Publishes the draft at `revision` as a new version, when it passes every check. */
  publish(revision: number, by: FormActor): Promise<PublishOutcome>;
  /** Publishes version `version`'s configuration again, as a new version. */
  rollback(version: number, by: FormActor): Promise<PublishOutcome>;
  /** What going from version `from` to version `to` changes for the platform. */
  compare(from: number, to: number): Promise<readonly PlatformChange[]>;
  /** What the environment holds that a version may name (`WEBHOOK_ENDPOINTS`), checked by `check`. */
  readonly around: ConfigSurroundings;
  /**
   * An id for a new question of `caseType` (or a new case type), proposed from its label: never
   * one in use in the draft, nor one ever published there (a retired id is never given again).
   */
  proposeId(label: string, caseType?: string): Promise<string>;
}
