/**
 * The form's lists: case types and each case type's questions, added (the id proposed from the
 * name by the studio, `proposeId`, never one in use or ever published there), moved up or down,
 * and removed after a yes/no page (a removed question's id is retired: it is never given to
 * another). Each change is saved to the draft over the revision its page was drawn from.
 */
import { Hono } from 'hono';
import { html } from 'hono/html';
import { QUESTION_TYPES } from '../../contract/schemas/question.ts';
import { needsTo, type ConsoleVariables } from '../access.ts';
import { addPage, confirmPage } from './confirm-page.ts';
import { caseTypeName, caseTypeUrl, FORM_URL, questionUrl } from './parts.ts';
import { labelOf, TYPE_WORDS } from './part-question.ts';
import { moved } from './reorder-list.ts';
import { at, jsonOf, listAt, setAt, writeText, type Path, shownAt } from './raw-config.ts';
import { saveEdit } from './save.ts';
import { wholeNumber, type StudioContext, type StudioKit } from './studio-kit.ts';

/** A list's ids, as a move's form carries them. */
export const idsOf = (config: unknown, path: Path): string =>
  jsonOf(listAt(config, path).map((item) => at(item, ['id'])));

/** The case type and question an address names, when the draft has them. */
function named(config: unknown, c: StudioContext) {
  const ct = wholeNumber(c.req.param('c'));
  const q = wholeNumber(c.req.param('q'));
  const caseType = ct === undefined ? undefined : listAt(config, ['caseTypes'])[ct];
  const question = q === undefined ? undefined : listAt(caseType, ['questions'])[q];
  return { ct, q, caseType, question };
}

/** The routes of the form's lists, as a Hono app the studio mounts. */
export function listRoutes(kit: StudioKit) {
  const app = new Hono<{ Variables: ConsoleVariables }>();
  const editing = needsTo('edit the form');

  /** Applies a move to the list at `path`; back to `back` with the moved button focused. */
  async function move(c: StudioContext, path: Path, list: string, back: string) {
    const form = c.get('form');
    let focus: string | undefined;
    const outcome = await saveEdit(kit.studio, kit.by(c), {
      revision: wholeNumber(form.revision) ?? -1,
      base: form.base ?? '',
      root: path,
      partIn: (config) => idsOf(config, path),
      apply: (config) => {
        const languages = listAt(config, ['languages']) as string[];
        const done = moved(listAt(config, path), form.move, list, (item) =>
          labelOf(item, languages),
        );
        focus = done?.focus;
        return done ? setAt(config, path, done.items) : config;
      },
    });
    if (outcome.kind === 'conflict') return c.redirect(`${back}?stale=1`, 303);
    if (!outcome.unchanged)
      await kit.audit(
        c,
        'form reorder',
        `${list}: draft revision ${String(outcome.draft.revision)}`,
      );
    const query = new URLSearchParams({
      saved: String(outcome.draft.revision),
      ...(focus ? { focus } : {}),
    });
    return c.redirect(`${back}?${query.toString()}#${list}`, 303);
  }

  app.post(`${FORM_URL}/case-types/move`, editing, (c) =>
    move(c, ['caseTypes'], 'caseTypes', FORM_URL),
  );
  app.post(`${FORM_URL}/case-types/:c{[0-9]+}/move`, editing, async (c) => {
    const { ct, caseType } = named((await kit.load()).config, c);
    if (ct === undefined || !caseType) return c.notFound();
    return move(c, ['caseTypes', ct, 'questions'], 'questions', caseTypeUrl(ct));
  });

  /** Adds an item made from the label typed, its id proposed by the studio. */
  async function add(c: StudioContext, what: 'case type' | 'question', ct?: number) {
    const form = c.get('form');
    const label = (form.label ?? '').trim();
    const type = QUESTION_TYPES.find((one) => one === form.type) ?? 'text';
    const { config, languages } = await kit.load();
    const caseType = ct === undefined ? undefined : listAt(config, ['caseTypes'])[ct];
    if (ct !== undefined && !caseType) return c.notFound();
    if (!label)
      return addForm(
        c,
        what,
        ct,
        { label, type },
        `Enter the ${what === 'question' ? 'question' : 'case type’s name'}.`,
      );
    const id = await kit.studio.proposeId(
      label,
      ct === undefined ? undefined : shownAt(caseType, ['id']),
    );
    const text = writeText({ [languages[0] ?? '']: label }, languages, true);
    const item =
      what === 'question' ? { id, label: text, type } : { id, label: text, questions: [] };
    const path: Path = ct === undefined ? ['caseTypes'] : ['caseTypes', ct, 'questions'];
    let index = 0;
    const outcome = await saveEdit(kit.studio, kit.by(c), {
      revision: -1,
      base: '',
      root: path,
      // Adding never conflicts: it goes at the end of the list as it is now.
      partIn: () => '',
      apply: (now) => {
        const items = listAt(now, path);
        index = items.length;
        return setAt(now, path, [...items, item]);
      },
    });
    if (outcome.kind === 'conflict')
      return c.redirect(ct === undefined ? FORM_URL : caseTypeUrl(ct), 303);
    await kit.audit(
      c,
      `form add ${what}`,
      `${id}: draft revision ${String(outcome.draft.revision)}`,
    );
    const next = ct === undefined ? caseTypeUrl(index) : questionUrl(ct, index);
    return c.redirect(`${next}?saved=${String(outcome.draft.revision)}&added=1`, 303);
  }

  function addForm(
    c: StudioContext,
    what: 'case type' | 'question',
    ct: number | undefined,
    typed: { label?: string; type?: string },
    problem?: string,
  ) {
    const question = what === 'question';
    return kit.page(
      c,
      question ? 'Add a question' : 'Add a case type',
      'form',
      addPage({
        title: question ? 'Add a question' : 'Add a case type',
        label: question ? 'Question' : 'Name of the case type',
        hint: 'In the firm’s language: the other languages are written on its page next. Its id is proposed from these words.',
        action: question ? `${caseTypeUrl(ct ?? 0)}/questions` : `${FORM_URL}/case-types`,
        csrf: c.get('csrf'),
        back: question
          ? { href: caseTypeUrl(ct ?? 0), words: 'Back to the case type' }
          : { href: FORM_URL, words: 'Back to the form' },
        ...(question
          ? { types: QUESTION_TYPES.map((value) => ({ value, label: TYPE_WORDS[value] })) }
          : {}),
        typed,
        problem,
      }),
      problem ? 400 : 200,
    );
  }

  app.get(`${FORM_URL}/case-types/new`, editing, (c) => addForm(c, 'case type', undefined, {}));
  app.post(`${FORM_URL}/case-types`, editing, (c) => add(c, 'case type'));
  app.get(`${FORM_URL}/case-types/:c{[0-9]+}/questions/new`, editing, (c) =>
    addForm(c, 'question', wholeNumber(c.req.param('c')), {}),
  );
  app.post(`${FORM_URL}/case-types/:c{[0-9]+}/questions`, editing, (c) =>
    add(c, 'question', wholeNumber(c.req.param('c'))),
  );

  /** The yes/no page before removing, and the removal. */
  function removal(path: string, what: 'case type' | 'question') {
    const words = (config: unknown, c: StudioContext) => {
      const { ct, caseType, question } = named(config, c);
      if (ct === undefined || !caseType || (what === 'question' && !question)) return undefined;
      const languages = listAt(config, ['languages']) as string[];
      const item = what === 'question' ? question : caseType;
      return {
        item,
        list: (what === 'question' ? ['caseTypes', ct, 'questions'] : ['caseTypes']) as Path,
        index: what === 'question' ? (wholeNumber(c.req.param('q')) ?? 0) : ct,
        name: what === 'question' ? labelOf(question, languages) : caseTypeName(config, ct),
        back:
          what === 'question'
            ? questionUrl(ct, wholeNumber(c.req.param('q')) ?? 0)
            : caseTypeUrl(ct),
        after: what === 'question' ? caseTypeUrl(ct) : FORM_URL,
      };
    };
    const draw = async (c: StudioContext, unanswered = false) => {
      const { config, draft } = await kit.load();
      const found = words(config, c);
      if (!found) return c.notFound();
      return kit.page(
        c,
        `Remove the ${what}`,
        'form',
        confirmPage({
          title: `Remove the ${what} “${found.name}”?`,
          question: `Are you sure you want to remove it from the draft?`,
          details: html`<p>
            Its id, <code>${shownAt(found.item, ['id'])}</code>, is then retired: it is never given
            to another ${what}${what === 'question' ? ' of this case type' : ''}, so the platform
            never mixes its answers with another’s. Enquiries already sent keep it. The form
            visitors see changes only once the draft is made live.
          </p>`,
          action: c.req.path,
          csrf: c.get('csrf'),
          hidden: { revision: draft.revision, base: jsonOf(found.item) },
          back: { href: found.back, words: `Back to the ${what}` },
          unanswered,
        }),
        unanswered ? 400 : 200,
      );
    };
    app.get(path, editing, (c) => draw(c));
    app.post(path, editing, async (c) => {
      const form = c.get('form');
      const found = words((await kit.load()).config, c);
      if (!found) return c.notFound();
      if (form.confirm === 'no') return c.redirect(found.back, 303);
      if (form.confirm !== 'yes') return draw(c, true);
      const outcome = await saveEdit(kit.studio, kit.by(c), {
        revision: wholeNumber(form.revision) ?? -1,
        base: form.base ?? '',
        root: [...found.list, found.index],
        apply: (config) =>
          setAt(
            config,
            found.list,
            listAt(config, found.list).filter((_, i) => i !== found.index),
          ),
      });
      if (outcome.kind === 'conflict') return c.redirect(`${found.back}?stale=1`, 303);
      await kit.audit(
        c,
        `form remove ${what}`,
        `${shownAt(found.item, ['id'])}: draft revision ${String(outcome.draft.revision)}`,
      );
      return c.redirect(`${found.after}?saved=${String(outcome.draft.revision)}`, 303);
    });
  }
  removal(`${FORM_URL}/case-types/:c{[0-9]+}/remove`, 'case type');
  removal(`${FORM_URL}/case-types/:c{[0-9]+}/questions/:q{[0-9]+}/remove`, 'question');
  return app;
}
