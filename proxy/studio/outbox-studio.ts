/**
 * The form studio over the outbox (`FormStudio`): the versions and the draft in its database,
 * every publish checked as the file is (`check-config.ts`: the schema in every language, each
 * translation, the id rules against every version) and an editor's held to whom they may send
 * leads (`firm-addresses.ts`), made atomically by the outbox (one of two
 * publishing at once wins, the other is told), and handed to the live form before it returns,
 * so the instance that published serves it at once (the others hear of it: `live-form.ts`).
 *
 * @example
 * const studio = outboxStudio({ store, now: Date.now, onPublished: (v) => live.refresh(v.version) });
 * const outcome = await studio.publish(draft.revision, { person: 'ann@firm.example', client: ip });
 */
import type { FormVersions } from '../outbox/store.ts';
import type { StoredFormDraft, StoredFormVersion } from '../outbox/machine/form-versions.ts';
import { checkConfig, formText, unreadableText } from './check-config.ts';
import { formHistory } from './form-history.ts';
import { outlineOf } from './form-outline.ts';
import type {
  FormActor,
  FormDraft,
  FormStudio,
  FormVersion,
  PublishOutcome,
} from './form-studio.ts';
import { needsOperator, operatorOnly, type FirmCircle } from './firm-addresses.ts';
import { platformChanges } from './platform-changes.ts';
import { proposeId } from './propose-id.ts';
import { VISITOR_LANGUAGE_ID, type ConfigSurroundings } from '../contract/schemas/form-config.ts';

/** What the studio is built from. */
export interface OutboxStudioOptions {
  store: FormVersions;
  now: () => number;
  /** Told of each version published here, before the publish returns (the live form). */
  onPublished?: ((version: StoredFormVersion) => Promise<void>) | undefined;
  /** What the environment holds that a version names: a team's webhook (`WEBHOOK_ENDPOINTS`). */
  around?: ConfigSurroundings | undefined;
  /** Who reads leads and the firm's own domains, now: whom an editor may add to a team. */
  firm: () => Promise<FirmCircle>;
}

const withoutStrings = ({ strings: _kept, ...version }: StoredFormVersion): FormVersion => version;

/** The studio's own refusal: one issue about the whole form. */
const refusal = (message: string): PublishOutcome => ({
  refused: [{ path: [], rule: 'schema', message }],
});

/** The form studio over `store`. */
export function outboxStudio(options: OutboxStudioOptions): FormStudio {
  const { store, now } = options;
  const history = formHistory(store);

  async function latest(): Promise<StoredFormVersion> {
    const version = await store.formVersion('latest');
    if (!version) throw new Error('no version of the form has been published yet');
    return version;
  }

  /** The draft as the pages see it: the latest version's when nobody saved one since. */
  async function asDraft(row: StoredFormDraft): Promise<FormDraft> {
    if (row.text !== null)
      return {
        config: JSON.parse(row.text),
        revision: row.revision,
        basedOn: row.basedOn,
        savedBy: row.savedBy,
        savedAt: row.savedAt,
      };
    const current = await latest();
    return {
      config: JSON.parse(current.text),
      revision: row.revision,
      basedOn: current.version,
      savedBy: current.publishedBy,
      savedAt: current.publishedAt,
    };
  }

  /** Every problem of `config` published by `by` over `current`: the file's, and an editor's. */
  async function problems(
    config: unknown,
    current: StoredFormVersion,
    strings: Readonly<Record<string, string>>,
    by: FormActor | undefined,
  ) {
    const { issues } = checkConfig(config, await history.published(), strings, options.around);
    if (issues.length > 0 || !by || !needsOperator(by)) return issues;
    return operatorOnly(JSON.parse(current.text), config, await options.firm());
  }

  /** Checks `text` against every version, then publishes it after the latest. */
  async function publishText(
    text: string,
    strings: Readonly<Record<string, string>>,
    by: FormActor,
    how: { source: 'studio'; draftRevision: number } | { source: 'rollback'; from: number },
  ): Promise<PublishOutcome> {
    const unreadable = unreadableText(text);
    if (unreadable) return { refused: [unreadable] };
    const config: unknown = JSON.parse(text);
    const current = await latest();
    const issues = await problems(config, current, strings, by);
    if (issues.length > 0) return { refused: issues };
    const outcome = await store.publishFormVersion({
      expected: current.version,
      text,
      strings,
      at: now(),
      by,
      ...how,
    });
    if (outcome.kind !== 'published') return { stale: await asDraft(await store.formDraft()) };
    await options.onPublished?.(outcome.version);
    return {
      published: withoutStrings(outcome.version),
      changes: platformChanges(
        outlineOf(JSON.parse(current.text)),
        outlineOf(config),
        // The versions before this one: what they had comes back (a rollback's), never new.
        (await history.published())
          .filter((v) => v.version <= current.version)
          .map((v) => v.outline),
      ),
    };
  }

  return {
    around: options.around ?? {},
    current: async () => withoutStrings(await latest()),
    versions: () => store.formVersions(),
    version: async (version) => {
      const stored = await store.formVersion(version);
      return stored && withoutStrings(stored);
    },
    draft: async () => asDraft(await store.formDraft()),

    async saveDraft(config, revision, by) {
      const row = await store.formDraft();
      const current = row.text === null ? await latest() : undefined;
      const text = formText(config);
      const unreadable = unreadableText(text);
      if (unreadable) throw new RangeError(unreadable.message);
      const saved = await store.saveFormDraft({
        text,
        // A draft keeps the strings files of the version it was started from.
        strings: current?.strings ?? row.strings,
        revision,
        basedOn: current?.version ?? row.basedOn,
        by: by.person,
        at: now(),
      });
      return saved.kind === 'saved'
        ? { saved: true, draft: await asDraft(saved.draft) }
        : { saved: false, theirs: await asDraft(saved.draft) };
    },

    async discardDraft(by) {
      await store.discardFormDraft(by.person, now());
    },

    async check(config, by) {
      const current = await latest();
      const draft = await store.formDraft();
      const strings = draft.text === null ? current.strings : draft.strings;
      return {
        issues: await problems(config, current, strings, by),
        changes: platformChanges(outlineOf(JSON.parse(current.text)), outlineOf(config)),
      };
    },

    async publish(revision, by) {
      const row = await store.formDraft();
      if (row.revision !== revision) return { stale: await asDraft(row) };
      if (row.text === null)
        return refusal(
          'There is nothing to publish: nobody has saved a change since the last version.',
        );
      return publishText(row.text, row.strings, by, { source: 'studio', draftRevision: revision });
    },

    async rollback(version, by) {
      const old = await store.formVersion(version);
      if (!old) return refusal(`There is no version ${String(version)} to publish again.`);
      return publishText(old.text, old.strings, by, { source: 'rollback', from: version });
    },

    async compare(from, to) {
      const [a, b] = await Promise.all([history.outline(from), history.outline(to)]);
      if (!a || !b) throw new RangeError(`There is no version ${String(a ? to : from)}.`);
      // What a version up to `from` had comes back (a rollback's), never new.
      const earlier = (await history.published()).filter((v) => v.version <= from);
      return platformChanges(
        a,
        b,
        earlier.map((v) => v.outline),
      );
    },

    async proposeId(label, caseType) {
      const draft = outlineOf((await asDraft(await store.formDraft())).config);
      const published = await history.published();
      const taken = new Set<string>([VISITOR_LANGUAGE_ID]);
      for (const outline of [draft, ...published.map((p) => p.outline)]) {
        if (caseType === undefined) for (const c of outline.caseTypes) taken.add(c.id);
        else
          for (const q of outline.caseTypes.find((c) => c.id === caseType)?.questions ?? [])
            taken.add(q.id);
        // A consent statement's id is a meta entry's too: no question may take it.
        const statements = (
          outline.written.consent as { statements?: { id?: unknown }[] } | undefined
        )?.statements;
        if (caseType !== undefined && Array.isArray(statements))
          for (const s of statements) if (typeof s.id === 'string') taken.add(s.id);
      }
      return proposeId(label, taken, caseType === undefined ? 'case_type' : 'question');
    },
  } satisfies FormStudio;
}
