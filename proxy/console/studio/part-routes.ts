/**
 * The studio's edit pages, one route pair each (`GET` draws the part of the draft, `POST` saves
 * it, `save.ts`): the form's settings pages, each case type, its steps and each question. Every
 * `POST` is refused to a reader (`needsTo('edit the form')`); every page is readable by every role.
 * A save goes back to its page (`303`), naming the revision it made and the button a list's move
 * leaves focused; a save that met someone else's is drawn at once, with their changes and the
 * editor's own.
 */
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { Html } from '../pages/layout.ts';
import { needsTo, type ConsoleVariables } from '../access.ts';
import { editPage, type EditPageData } from './edit-page.ts';
import { readFields, type Reading } from './field-read.ts';
import { itemWords, nameOf } from './fields.ts';
import { ofPage, viewOf } from './locate.ts';
import { joinedId } from './part-question.ts';
import {
  caseTypePart,
  caseTypeUrl,
  FORM_URL,
  questionPart,
  stepsPart,
  type StudioPart,
} from './parts.ts';
import type { Published } from './published.ts';
import { at, languagesOf, listAt, setAt, shownAt } from './raw-config.ts';
import { baseOf, changedFields, partValue, saveEdit } from './save.ts';
import { SETTINGS_BLOCKS, settingsPart } from './settings-blocks.ts';
import { wholeNumber, type Loaded, type StudioContext, type StudioKit } from './studio-kit.ts';

/** Builds a page's part from a configuration; undefined when the address names nothing in it. */
type Build = (config: unknown, published: Published) => StudioPart | undefined;

/** What a page shows besides its fields. */
interface Around {
  back: { href: string; words: string };
  before?: (loaded: Loaded) => Html | Promise<Html>;
  after?: (loaded: Loaded, canEdit: boolean) => Html | Promise<Html>;
  /** Where an item a move of `after`'s list names went, in words. */
  moved?: (loaded: Loaded, focus: string | undefined) => string | undefined;
}

/** `config` with the part's fields read from the post. */
function applyPart(part: StudioPart, config: unknown, reading: Reading): unknown {
  const stored = at(config, part.root);
  const read = readFields(part.fields, part.view ? part.view(stored) : stored, reading);
  return setAt(config, part.root, part.stored ? part.stored(read) : read);
}

const FOCUS = /^(up|down):([\w.]{1,200}):(\d{1,4})$/;

/** What a list's move did, from the button the address names: the words, and the focus. */
function movedOf(part: StudioPart, config: unknown, focus: string | undefined) {
  const match = FOCUS.exec(focus ?? '');
  if (!match || focus === undefined) return undefined;
  const [, , name, index] = match;
  const list = part.fields.find((field) => field.kind === 'list' && nameOf(field.path) === name);
  const items = listAt(viewOf(part, config), list?.path ?? []);
  const i = Number(index);
  if (!list || list.kind !== 'list' || i >= items.length) return undefined;
  const row = list.row ? list.row(items[i]) : items[i];
  return {
    message: `${itemWords(list, row)} moved to position ${String(i + 1)} of ${String(items.length)}.`,
    focus: { name: 'action', value: focus },
  };
}

/** What a move in the page's other list did, in words. */
function listMoved(around: Around, loaded: Loaded, focus: string | undefined) {
  const message = around.moved?.(loaded, focus);
  return message === undefined ? undefined : { message };
}

/** The edit page's data for `part` of the draft as `loaded` holds it. */
async function pageData(
  kit: StudioKit,
  c: StudioContext,
  loaded: Loaded,
  part: StudioPart,
  around: Around,
) {
  const { issues } = await kit.studio.check(loaded.config, kit.by(c));
  const canEdit = kit.canEdit(c);
  return {
    part,
    config: loaded.config,
    languages: loaded.languages,
    revision: loaded.draft.revision,
    base: baseOf(loaded.config, part.root, part.owns),
    ...ofPage(loaded, issues, part.url),
    canEdit,
    csrf: c.get('csrf'),
    back: around.back,
    before: await around.before?.(loaded),
    after: await around.after?.(loaded, canEdit),
  } satisfies EditPageData;
}

/** The GET and POST of one kind of edit page at `path`, its part built by `build(c)`. */
function partRoutes(
  kit: StudioKit,
  path: string,
  build: (c: StudioContext) => Build | undefined,
  around: (c: StudioContext) => Around,
) {
  const app = new Hono<{ Variables: ConsoleVariables }>();
  app.get(path, async (c) => {
    const loaded = await kit.load();
    const part = build(c)?.(loaded.config, loaded.published);
    if (!part) return c.notFound();
    const data = await pageData(kit, c, loaded, part, around(c));
    const saved = wholeNumber(c.req.query('saved'));
    const added = c.req.query('added') === '1';
    const body = editPage({
      ...data,
      // Just added, nothing could have been typed yet: its problems wait for its first save.
      ...(added ? { placed: [] } : {}),
      saved: saved === undefined ? undefined : { revision: saved },
      moved:
        movedOf(part, loaded.config, c.req.query('focus')) ??
        listMoved(around(c), loaded, c.req.query('focus')) ??
        (c.req.query('removed') ? { message: 'Removed.' } : undefined),
      alert: saved !== undefined && data.placed.length > 0,
      added: added ? shownAt(at(loaded.config, part.root), ['id']) : undefined,
      joined: c.req.query('joined'),
    });
    return kit.page(c, part.title, 'form', body);
  });

  app.post(path, needsTo('edit the form'), async (c) => {
    const form = c.get('form');
    const builder = build(c);
    const before = await kit.load();
    const part = builder?.(before.config, before.published);
    if (!builder || !part) return c.notFound();
    let reading: Reading = { form, languages: before.languages };
    const outcome = await saveEdit(kit.studio, kit.by(c), {
      revision: wholeNumber(form.revision) ?? -1,
      base: form.base ?? '',
      root: part.root,
      owns: part.owns,
      apply: (config) => {
        reading = { form, languages: languagesOf(config) };
        const now = builder(config, before.published) ?? part;
        return applyPart(now, config, reading);
      },
    });
    if (outcome.kind === 'conflict') {
      const loaded = { ...(await kit.load()), config: outcome.mine };
      const data = await pageData(kit, c, loaded, part, around(c));
      return kit.page(
        c,
        part.title,
        'form',
        editPage({
          ...data,
          base: baseOf(outcome.theirs.config, part.root, part.owns),
          revision: outcome.theirs.revision,
          conflict: {
            by: outcome.theirs.savedBy,
            at: outcome.theirs.savedAt,
            lines: changedFields(part, outcome.was, partValue(part, outcome.theirs.config)),
          },
        }),
        409,
      );
    }
    if (!outcome.unchanged)
      await kit.audit(
        c,
        'form save',
        `${part.title}: draft revision ${String(outcome.draft.revision)}`,
      );
    const query = new URLSearchParams({ saved: String(outcome.draft.revision) });
    const joined = joinedId(part.root, before.config, outcome.draft.config, before.published);
    if (joined) query.set('joined', joined);
    if (reading.moved?.focus.name === 'action') query.set('focus', reading.moved.focus.value);
    else if (reading.moved) query.set('removed', reading.moved.focus.value);
    if (!outcome.alongside) return c.redirect(`${part.url}?${query.toString()}`, 303);
    // Someone saved elsewhere since: said here, once, rather than carried in the address.
    const loaded = await kit.load();
    const data = await pageData(
      kit,
      c,
      loaded,
      builder(loaded.config, loaded.published) ?? part,
      around(c),
    );
    return kit.page(
      c,
      part.title,
      'form',
      editPage({
        ...data,
        saved: {
          revision: outcome.draft.revision,
          alongside: { by: outcome.alongside.savedBy, revision: outcome.alongside.revision },
        },
        moved: reading.moved,
        alert: data.placed.length > 0,
      }),
    );
  });
  return app;
}

const BACK_TO_FORM = { href: FORM_URL, words: 'Back to the form' };

/**
 * The settings pages' routes, one per block of `SETTINGS_BLOCKS` (`/admin/form/contact`,
 * `…/drafts`, …), each saying above its fields what this proxy cannot do of what it asks.
 */
export const settingsRoutes = (kit: StudioKit) => {
  const { surroundings } = kit.deps;
  const page = (c: StudioContext) => c.req.param('page') ?? '';
  return partRoutes(
    kit,
    `${FORM_URL}/:page{${SETTINGS_BLOCKS.map((block) => block.page).join('|')}}`,
    (c) => (config, published) => settingsPart(config, page(c), published, surroundings),
    (c) => ({
      back: BACK_TO_FORM,
      before: ({ config }) => {
        const block = SETTINGS_BLOCKS.find((each) => each.page === page(c));
        const notice = block?.notice?.(config, surroundings);
        return html`${notice ? html`<div class="notice"><p>${notice}</p></div>` : ''}${block?.about?.(config) ?? ''}`;
      },
    }),
  );
};

/** A case type's index from the address, when its draft has it. */
export const caseTypeIndex = (c: StudioContext): number | undefined =>
  wholeNumber(c.req.param('c'));

const inRange = (config: unknown, path: (string | number)[], i: number | undefined) =>
  i !== undefined && i < listAt(config, path).length;

/** A case type's steps. */
export const caseTypeStepsRoutes = (kit: StudioKit) =>
  partRoutes(
    kit,
    `${FORM_URL}/case-types/:c{[0-9]+}/steps`,
    (c) => {
      const i = caseTypeIndex(c);
      return (config) =>
        i !== undefined && inRange(config, ['caseTypes'], i) ? stepsPart(config, i) : undefined;
    },
    (c) => ({ back: { href: caseTypeUrl(caseTypeIndex(c) ?? 0), words: 'Back to the case type' } }),
  );

/** A case type's page, with `after` drawing its questions. */
export const caseTypeRoutes = (
  kit: StudioKit,
  around: (c: StudioContext) => Omit<Around, 'back'>,
) =>
  partRoutes(
    kit,
    `${FORM_URL}/case-types/:c{[0-9]+}`,
    (c) => {
      const i = caseTypeIndex(c);
      return (config, published) =>
        i !== undefined && inRange(config, ['caseTypes'], i)
          ? caseTypePart(config, i, published)
          : undefined;
    },
    (c) => ({ back: BACK_TO_FORM, ...around(c) }),
  );

/** A question's page, with what is drawn before and after its fields. */
export const questionRoutes = (
  kit: StudioKit,
  around: (c: StudioContext) => Omit<Around, 'back'>,
) =>
  partRoutes(
    kit,
    `${FORM_URL}/case-types/:c{[0-9]+}/questions/:q{[0-9]+}`,
    (c) => {
      const [ct, q] = [caseTypeIndex(c), wholeNumber(c.req.param('q'))];
      return (config, published) =>
        ct !== undefined && q !== undefined && inRange(config, ['caseTypes', ct, 'questions'], q)
          ? questionPart(config, ct, q, published)
          : undefined;
    },
    (c) => ({
      back: { href: caseTypeUrl(caseTypeIndex(c) ?? 0), words: 'Back to the case type' },
      ...around(c),
    }),
  );
