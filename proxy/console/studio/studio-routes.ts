/**
 * The form studio in the console, `/admin/form` (`docs/console.md`, "The form studio"): every
 * page reads and writes the form only through `FormStudio` (`proxy/studio/form-studio.ts`). Every
 * role reads the form and its history; editors and operators edit, preview's sends aside, and
 * publish (`access.ts`, `needsTo('edit the form')`), and each change is in the audit log with who made it.
 */
import { Hono } from 'hono';
import type { ConsoleVariables } from '../access.ts';
import { caseTypeQuestions, questionMoved } from './case-type-questions.ts';
import { formPage } from './form-page.ts';
import { historyRoutes } from './history-routes.ts';
import { languagesRoutes } from './languages-routes.ts';
import { translateRoutes } from './translate-routes.ts';
import { listRoutes } from './list-routes.ts';
import { ofPage } from './locate.ts';
import {
  caseTypeStepsRoutes,
  caseTypeIndex,
  caseTypeRoutes,
  questionRoutes,
  settingsRoutes,
} from './part-routes.ts';
import { caseTypeName, FORM_URL, questionUrl } from './parts.ts';
import { previewRoutes } from './preview-routes.ts';
import { publishRoutes } from './publish-routes.ts';
import { STUDIO_SCRIPT } from './studio-script.ts';
import { questionFunnel, questionFunnelWords } from './question-funnel.ts';
import { at, listAt } from './raw-config.ts';
import { movedWords } from './reorder-list.ts';
import { studioKit, wholeNumber, type StudioDeps } from './studio-kit.ts';
import { html } from 'hono/html';

/** What a redirect's word says was done on the form's page (never text from the address). */
const DONE: Readonly<Record<string, string>> = {
  published: 'The draft is live: visitors get it from now on.',
  discarded: 'The draft is discarded: it is the live version again.',
};

/** The studio's routes, as a Hono app the console mounts behind its gate. */
export function studioRoutes(deps: StudioDeps) {
  const app = new Hono<{ Variables: ConsoleVariables }>();
  const kit = studioKit(deps);

  app.get(`${FORM_URL}/studio.js`, (c) =>
    c.body(STUDIO_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }),
  );

  app.get(FORM_URL, async (c) => {
    const loaded = await kit.load();
    const { issues } = await kit.studio.check(loaded.config, kit.by(c));
    const word = c.req.query('done');
    const focus = c.req.query('focus');
    const caseTypes = listAt(loaded.config, ['caseTypes']);
    const body = formPage({
      loaded,
      ...ofPage(loaded, issues),
      canEdit: kit.canEdit(c),
      csrf: c.get('csrf'),
      surroundings: deps.surroundings,
      done:
        word !== undefined && Object.hasOwn(DONE, word)
          ? DONE[word]
          : c.req.query('saved')
            ? 'Saved to the draft.'
            : undefined,
      focus,
      moved: movedWords(
        caseTypes.map((_, i) => `“${caseTypeName(loaded.config, i)}”`),
        focus,
        'caseTypes',
      ),
    });
    return kit.page(c, 'The form', 'form', body);
  });

  // The lists' own routes first: `…/case-types/new` is not a case type's page.
  app.route('/', listRoutes(kit));
  app.route('/', languagesRoutes(kit));
  app.route('/', translateRoutes(kit));
  app.route('/', publishRoutes(kit));
  app.route('/', historyRoutes(kit));
  app.route('/', previewRoutes(kit));
  app.route('/', settingsRoutes(kit));
  app.route('/', caseTypeStepsRoutes(kit));
  app.route(
    '/',
    caseTypeRoutes(kit, (c) => ({
      after: async (loaded, canEdit) =>
        caseTypeQuestions({
          loaded,
          ct: caseTypeIndex(c) ?? 0,
          canEdit,
          csrf: c.get('csrf'),
          funnel: await questionFunnel(deps),
          focus: c.req.query('focus'),
        }),
      moved: (loaded, focus) => questionMoved(loaded, caseTypeIndex(c) ?? 0, focus),
    })),
  );
  app.route(
    '/',
    questionRoutes(kit, (c) => ({
      before: async (loaded) => {
        const ct = caseTypeIndex(c) ?? 0;
        const caseType = at(loaded.config, ['caseTypes', ct]);
        const question = at(caseType, ['questions', wholeNumber(c.req.param('q')) ?? 0]);
        const [caseTypeId, id] = [at(caseType, ['id']), at(question, ['id'])];
        // A question the live version has not (new, or a retired id typed again) has no funnel
        // of its own yet: another question's counts under its id are not its.
        if (!loaded.published.question(caseTypeId, id))
          return html`<p class="funnel-line">
            <span class="muted">Not live yet: the funnel counts it once it is.</span>
          </p>`;
        return html`<p class="funnel-line">
          ${questionFunnelWords(await questionFunnel(deps), caseTypeId, id)}
        </p>`;
      },
      after: (_loaded, canEdit) =>
        canEdit
          ? html`<h2>Remove</h2>
              <p>
                <a
                  class="danger-link"
                  href="${questionUrl(caseTypeIndex(c) ?? 0, wholeNumber(c.req.param('q')) ?? 0)}/remove"
                  >Remove this question</a
                >
              </p>`
          : html``,
    })),
  );
  return app;
}
